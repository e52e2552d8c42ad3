/*
 * IncrementalTest
 *
 * Answers: what is the highest message rate the system under test sustains, and with how many connections?
 * (For scale: a published study of Qpid Dispatch router topologies found 30,000 msg/s for a single broker and
 * 90,000 for a single router, on its own hardware.)
 *
 * It runs short fixed-rate steps. First the rate per connection rises from INITIAL_RATE by RATE_STEP on
 * INITIAL_PARALLEL_COUNT connections, until a step fails or CEILING_RATE passed; then, at the highest rate that
 * passed, the connections rise by PARALLEL_COUNT_STEP until a step fails or MAX_PARALLEL_COUNT passed (so a limit
 * of one connection does not end the search). A step fails when the test fails (p90 response time above
 * MAXIMUM_LATENCY, a peer error), a message is lost, an error is counted, or the receivers take in less than
 * ACHIEVED_PERCENT of the target rate during the measured part; a failing step is run again (STEP_RETRIES) and
 * fails only when every attempt failed, so that one stall of a busy machine does not end the search. The answer
 * is the highest total rate of a passing step ("maximum sustainable rate N msg/s at C connections"); the script
 * fails only when even the first step fails. Every step is an iteration of the test "incremental" in the results,
 * with its own report.
 *
 * Rates are per connection; the total is rate × connections × sender peers (one in embedded mode).
 *
 * Parameters (environment variables). RATE and PARALLEL_COUNT would override every step, so this script has knobs
 * of its own and refuses to run when those two are set; TEST_DURATION and WARM_UP, when set, replace STEP_DURATION
 * and STEP_WARM_UP for every step.
 *   SEND_RECEIVE_URL        AMQP URL with address; default: the embedded Artemis SUT, test.queue
 *   MESSAGE_SIZE            bytes, "~256" varies ±5%                       (default 256)
 *   INITIAL_RATE            msg/s per connection of the first step           (default 1000)
 *   RATE_STEP               added to the rate at each step                   (default 1000)
 *   CEILING_RATE            the highest rate per connection                  (default 5000)
 *   INITIAL_PARALLEL_COUNT  connections per sender/receiver peer at first    (default 1)
 *   PARALLEL_COUNT_STEP     connections added at each step after the ceiling (default 1)
 *   MAX_PARALLEL_COUNT      the most connections                             (default 5)
 *   STEP_DURATION           measured time of one step                        (default 10s)
 *   STEP_WARM_UP            warm-up of a step (twice until one passed)       (default 3s)
 *   MAXIMUM_LATENCY         ms, p90 of response time (FCL)                   (default 500)
 *   ACHIEVED_PERCENT        least share of the target rate to receive        (default 95)
 *   STEP_RETRIES            attempts more before a step counts as failed     (default 1)
 *
 * Run:  maestro-cli run test-scripts/IncrementalTest.groovy
 *       INITIAL_RATE=2000 RATE_STEP=2000 CEILING_RATE=20000 MAX_PARALLEL_COUNT=10 STEP_DURATION=2m \
 *       SEND_RECEIVE_URL=amqp://sut:5672/test.queue \
 *       maestro-cli run test-scripts/IncrementalTest.groovy --maestro-url mqtt://broker:1883
 *
 * FairIncrementalTest.groovy and LatencyTest.groovy run this script (it returns what it found) with settings in
 * the variable 'incrementalSearch': fair (rates are totals split over the connections), name, stepDuration and
 * stepWarmUp (defaults the environment still overrides).
 */
import java.util.zip.GZIPInputStream
import org.maestro.common.options.Durations

Map settings = binding.hasVariable("incrementalSearch") ? binding.getVariable("incrementalSearch") : [:]
boolean fair = settings.fair ?: false
String testName = settings.name ?: "incremental"

for (String overriding : ["RATE", "PARALLEL_COUNT"]) {
    if (maestro.env(overriding, (String) null) != null) {
        throw org.maestro.client.api.MaestroException.usage("${overriding} is set in the environment and would "
                + "override every step of the search; unset it and use INITIAL_RATE, RATE_STEP, CEILING_RATE, "
                + "INITIAL_PARALLEL_COUNT, PARALLEL_COUNT_STEP and MAX_PARALLEL_COUNT")
    }
}
int initialRate = maestro.env("INITIAL_RATE", 1000)
int rateStep = maestro.env("RATE_STEP", 1000)
int ceilingRate = maestro.env("CEILING_RATE", 5000)
int initialConnections = maestro.env("INITIAL_PARALLEL_COUNT", 1)
int connectionStep = maestro.env("PARALLEL_COUNT_STEP", 1)
int maxConnections = maestro.env("MAX_PARALLEL_COUNT", 5)
String stepDuration = maestro.env("STEP_DURATION", settings.stepDuration ?: "10s")
String stepWarmUp = maestro.env("STEP_WARM_UP", settings.stepWarmUp ?: "3s")
int latencyLimit = maestro.env("MAXIMUM_LATENCY", 500)
double achievedShare = maestro.env("ACHIEVED_PERCENT", 95) / 100.0
int stepRetries = maestro.env("STEP_RETRIES", 1)
if (initialRate < 1 || rateStep < 1 || ceilingRate < initialRate || initialConnections < 1 || connectionStep < 1
        || maxConnections < initialConnections || stepRetries < 0) {
    throw org.maestro.client.api.MaestroException.usage("the search needs 1 ≤ INITIAL_RATE ≤ CEILING_RATE, "
            + "RATE_STEP ≥ 1, 1 ≤ INITIAL_PARALLEL_COUNT ≤ MAX_PARALLEL_COUNT, PARALLEL_COUNT_STEP ≥ 1 and "
            + "STEP_RETRIES ≥ 0; got "
            + "INITIAL_RATE=${initialRate} RATE_STEP=${rateStep} CEILING_RATE=${ceilingRate} INITIAL_PARALLEL_COUNT="
            + "${initialConnections} PARALLEL_COUNT_STEP=${connectionStep} MAX_PARALLEL_COUNT=${maxConnections} "
            + "STEP_RETRIES=${stepRetries}")
}

// ---- what the files of a step say (docs/results-format.md) ----

Closure<Properties> peerProperties = { File peer ->
    Properties properties = new Properties()
    File file = new File(peer, "test.properties")
    if (file.isFile()) {
        file.withReader("UTF-8") { properties.load(it) }
    }
    properties
}
Closure<List<String[]>> rateRows = { File peer ->
    File plain = new File(peer, "rate.csv")
    File packed = new File(peer, "rate.csv.gz")
    List<String> lines = plain.isFile() ? plain.readLines("UTF-8")
            : packed.isFile() ? new GZIPInputStream(packed.newInputStream()).withReader("UTF-8") { it.readLines() } : []
    // [timestamp, count] of each row, found by the header's column names (rate.csv v1, v2 and v3)
    List<String> header = (lines.find { it.startsWith("timestamp") } ?: "timestamp,count").split(",") as List
    int timestamp = header.indexOf("timestamp")
    int count = header.indexOf("count")
    lines.findAll { it && !it.startsWith("#") && !it.startsWith("timestamp") }.collect {
        String[] cells = it.split(",", -1)
        [cells[timestamp], cells[count]] as String[]
    }
}
// The sender peers, and the receivers' rate while every sender ran at full load: the mean of the receivers'
// one-second rows that lie wholly between the senders' end of warm-up and their last second with a message sent
// (so neither warm-up nor the drain after the senders stopped counts), summed over the receivers.
Closure<Map> measured = { result ->
    List<File> peers = (result.directory.toFile().listFiles() ?: []).findAll { it.isDirectory() }
    List<File> senders = peers.findAll { peerProperties(it).getProperty("peer.role") == "sender" }
    List<File> receivers = peers.findAll { peerProperties(it).getProperty("peer.role") == "receiver" }
    Long from = senders.collect { peerProperties(it).getProperty("warmup.end") as Long }.findAll { it != null }.max()
    Long to = senders.collect { sender -> rateRows(sender).findAll { (it[1] as long) > 0 }.collect { it[0] as long }.max() }
            .findAll { it != null }.min()
    double rate = receivers.sum(0.0) { File receiver ->
        List<String[]> rows = from == null || to == null ? [] : rateRows(receiver).findAll {
            long end = it[0] as long
            end - 1000 >= from && end <= to
        }
        rows ? rows.sum(0L) { it[1] as long } / (double) rows.size() : 0.0
    }
    [senders: Math.max(1, senders.size()), rate: rate]
}

// ---- the search ----

List<Map> steps = []
int measuredSenders = 1
Closure<Map> runStep = { int total, int connections ->
    // total: the target per sender peer (rate × connections, or the fair total)
    int perConnection = fair ? Math.max(1, Math.round(total / (double) connections) as int) : total.intdiv(connections)
    def result = maestro.fixedRate {
        name testName
        messageSize "256"
        parallelCount connections
        rate perConnection
        duration stepDuration
        // until a step passed, warm up twice as long: the SUT and the workers start cold
        warmUp !steps.any { it.passed } && stepWarmUp != "0"
                ? Durations.format(Durations.parse(stepWarmUp).multipliedBy(2)) : stepWarmUp
        maximumLatency latencyLimit
    }
    Map seen = measured(result)
    measuredSenders = seen.senders
    int target = perConnection * connections * seen.senders
    List<String> problems = []
    if (!result.passed) problems << result.reason
    if (!result.lostKnown) problems << "lost messages unknown: ${result.unknownReason}"
    else if (result.lost > 0) problems << "${result.lost} messages lost"
    if (result.errors > 0) problems << "${result.errors} errors"
    if (seen.rate < achievedShare * target) {
        problems << String.format("received %.0f msg/s, less than %.0f%% of %d", seen.rate, achievedShare * 100, target)
    }
    Map step = [iteration: result.iteration, connections: connections, perConnection: perConnection, target: target,
                achieved: seen.rate, p90: result.responseP90Ms, p99: result.responseP99Ms, lost: result.lost,
                errors: result.errors, passed: problems.isEmpty(), why: problems.join("; ")]
    steps << step
    println String.format("%s #%d: %d × %d msg/s = %d msg/s target, %.0f msg/s received, p90 %.3f ms: %s",
            testName, result.iteration, connections, perConnection, target, seen.rate, result.responseP90Ms,
            step.passed ? "PASSED" : "FAILED (" + step.why + ")")
    step
}
// A step that fails is run again, up to STEP_RETRIES times, and fails only when every attempt failed: one stall of
// a shared machine should not end the search.
Closure<Map> confirmedStep = { int total, int connections ->
    Map step = runStep(total, connections)
    for (int attempt = 1; !step.passed && attempt <= stepRetries; attempt++) {
        println "${testName}: running the failed step again (attempt ${attempt + 1} of ${stepRetries + 1})"
        step = runStep(total, connections)
    }
    step
}

Map best = null
// Phase 1: the rate (per connection, or the fair total per sender) rises at the initial connections, up to the
// ceiling or the first failing step.
int connections = initialConnections
int rateValue = initialRate
while (true) {
    Map step = confirmedStep(fair ? rateValue : rateValue * connections, connections)
    if (!step.passed || rateValue >= ceilingRate) {
        if (step.passed) best = step
        break
    }
    best = step
    rateValue = Math.min(rateValue + rateStep, ceilingRate)
}
// Phase 2: at the highest rate that passed, the connections rise, up to the most or the first failing step.
if (best != null) {
    rateValue = fair ? best.target.intdiv(measuredSenders) : best.perConnection
    while (connections < maxConnections) {
        connections = Math.min(connections + connectionStep, maxConnections)
        Map step = confirmedStep(fair ? rateValue : rateValue * connections, connections)
        if (!step.passed) break
        if (step.target >= best.target) best = step
    }
}
boolean allPassed = steps.every { it.passed }

println()
println String.format("%-4s %5s %10s %10s %10s %10s %10s %8s  %s", "#", "conn", "msg/s/conn", "target", "received",
        "p90 ms", "p99 ms", "lost", "result")
steps.each { s ->
    println String.format("%-4d %5d %10d %10d %10.0f %10.3f %10.3f %8s  %s", s.iteration, s.connections,
            s.perConnection, s.target, s.achieved, s.p90, s.p99, s.lost == null ? "unknown" : s.lost,
            s.passed ? "PASS" : "FAIL: " + s.why)
}

if (best == null) {
    Map first = steps[0]
    maestro.verdict(false, "even the first step failed (${first.connections} × ${first.perConnection} msg/s): ${first.why}")
    return null
}
String bound = !allPassed ? "" : " (every step passed: raise CEILING_RATE or MAX_PARALLEL_COUNT to search higher)"
String answer = "maximum sustainable rate ${best.target} msg/s at ${best.connections} connections${bound}"
println answer
maestro.verdict(true, answer)
return [rate: best.target, connections: best.connections, perConnection: best.perConnection, steps: steps]

/*
 * LatencyTest
 *
 * Answers: what latency does the system under test give under a high but sustainable load: at 80% of its maximum
 * rate? (For scale: in a published study of Qpid Dispatch router topologies, 256 B on 5 connections at 80% of
 * the maximum found before gave p90 0.386 ms and p99 181.759 ms on a single broker, 2.263 / 12.495 ms on a single
 * router.)
 *
 * With MAXIMUM_RATE it runs one fixed-rate test at LOAD_PERCENT of it. Without, it first finds the maximum with a
 * short search (maestro.findMaxRate, steps of 5 s after 2 s of warm-up, as the test "latency-search"; the knobs
 * of IncrementalTest apply: INITIAL_RATE, RATE_GROWTH, CEILING_RATE, RESOLUTION, MAX_STEPS, INITIAL_PARALLEL_COUNT,
 * PARALLEL_COUNT_STEP, MAX_PARALLEL_COUNT, STEP_DURATION, STEP_WARM_UP, ACHIEVED_PERCENT, STEP_RETRIES), then runs
 * at LOAD_PERCENT of the rate per connection it found, on as many connections. It reports the p90 and p99 of the
 * response time (receive − intended send, free of coordinated omission); it fails when that run fails (p90 above
 * MAXIMUM_LATENCY, a peer error) or loses messages, or when no step of the search passed.
 *
 * Parameters (environment variables). RATE must not be set (the script computes the rate); PARALLEL_COUNT only
 * with MAXIMUM_RATE (it would override every step of the search); TEST_DURATION, when set, also lengthens the
 * search steps, so give MAXIMUM_RATE for a long latency run.
 *   SEND_RECEIVE_URL      AMQP URL with address; default: the embedded Artemis SUT, test.queue
 *   MAXIMUM_RATE          combined msg/s per sender peer, e.g. from IncrementalTest  (default: search for it)
 *   LOAD_PERCENT          share of the maximum to run at                            (default 80)
 *   PARALLEL_COUNT        connections per sender/receiver peer  (default: those of the maximum found, or 5)
 *   MESSAGE_SIZE          bytes                                                     (default 256)
 *   TEST_DURATION         "60s", "10m", or a message count per connection           (default 60s)
 *   WARM_UP               excluded from the results                                 (default 10s)
 *   MAXIMUM_LATENCY       ms, p90 of response time (FCL)                            (default 500)
 *
 * Run:  maestro-cli run test-scripts/LatencyTest.groovy
 *       MAXIMUM_RATE=30000 PARALLEL_COUNT=5 TEST_DURATION=2000000 \
 *       maestro-cli run test-scripts/LatencyTest.groovy --maestro-url mqtt://broker:1883
 */
if (maestro.env("RATE", (String) null) != null) {
    throw MaestroException.usage("RATE is set in the environment and would override the computed rate; unset it "
            + "and give MAXIMUM_RATE (and LOAD_PERCENT) instead")
}
int loadPercent = maestro.env("LOAD_PERCENT", 80)
int maximum = maestro.env("MAXIMUM_RATE", 0)
int connections = maestro.env("PARALLEL_COUNT", 5)
int perConnection
if (maximum > 0) {
    perConnection = Math.max(1, Math.round(maximum * loadPercent / 100.0 / connections) as int)
} else {
    def found = maestro.findMaxRate {
        name "latency-search"
        stepDuration "5s"
        stepWarmUp "2s"
        ceilingRate 100000
        maxParallelCount 5
    }
    if (!found.found) {
        maestro.verdict(false, found.summary())
        return
    }
    maestro.verdict(true, found.summary())   // the search's failing steps fail by design
    maximum = found.perConnection * found.connections
    connections = found.connections
    perConnection = Math.max(1, Math.round(found.perConnection * loadPercent / 100.0) as int)
}
println "latency run: ${loadPercent}% of ${maximum} msg/s = ${connections} × ${perConnection} msg/s"

def result = maestro.fixedRate {
    name "latency"
    messageSize "256"
    parallelCount connections
    rate perConnection
    duration "60s"
    warmUp "10s"
    maximumLatency 500
}

String figures = String.format("p90 %.3f ms, p99 %.3f ms at %d msg/s (%d%% of %d, %d connections)",
        result.responseP90Ms, result.responseP99Ms, perConnection * connections, loadPercent, maximum, connections)
println figures
if (!result.passed) {
    maestro.verdict(false, "${figures}; the latency run failed: ${result.reason}")
} else if (!result.lostKnown) {
    maestro.verdict(false, "${figures}; lost messages unknown: ${result.unknownReason}")
} else if (result.lost > 0 || result.errors > 0) {
    maestro.verdict(false, "${figures}; ${result.lost} messages lost, ${result.errors} errors")
} else {
    maestro.verdict(true, figures)
}

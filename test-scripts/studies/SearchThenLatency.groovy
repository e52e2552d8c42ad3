/*
 * SearchThenLatency
 *
 * Answers: what is the highest rate the system under test sustains, and how does its response time grow as the
 * load approaches it? First a short search for the maximum sustainable rate (maestro.findMaxRate), then a small
 * study at LOAD_PERCENTS of the rate per connection found, each load repeated REPEATS times: the study report's
 * response time against offered load is the "hockey stick", with the 80% point a latency test quotes. (For scale:
 * a published study of Qpid Dispatch router topologies searched each topology's maximum first and measured the
 * latency at 80% of it: on a single router 256 B messages on 5 connections gave p90 2.263 ms and p99 12.495 ms.)
 *
 * The search's failing steps are part of the method, not a failure of the script; the script fails when no step
 * passed or a study run fails (a peer error, or MAXIMUM_LATENCY exceeded).
 *
 * Parameters (environment variables). RATE and PARALLEL_COUNT are set by the search and refused when set:
 *   SEND_RECEIVE_URL   AMQP URL with address; default: the embedded Artemis SUT, test.queue
 *   INITIAL_RATE       msg/s per connection of the search's first step          (default 1000)
 *   MAX_STEPS          steps of the search at most                               (default 6)
 *   STEP_DURATION      measured time of a search step                            (default 3s)
 *                      (these three and the other knobs of maestro.findMaxRate, e.g. RESOLUTION, are read by
 *                      the search itself)
 *   LOAD_PERCENTS      shares of the maximum the study runs at, comma-separated  (default 50,80,95)
 *   REPEATS            runs at each load                                         (default 2)
 *   TEST_DURATION      measured time of a study run                              (default 4s)
 *   MAXIMUM_LATENCY    ms, p90 of the response time a study run may have, 0 = none  (default 0)
 *
 * Run:  maestro-cli run test-scripts/studies/SearchThenLatency.groovy
 *       SEND_RECEIVE_URL=amqp://router:5672/q MAX_STEPS=12 STEP_DURATION=30s LOAD_PERCENTS=50,70,80,90,95 \
 *       REPEATS=5 TEST_DURATION=2m maestro-cli run test-scripts/studies/SearchThenLatency.groovy \
 *       --maestro-url mqtt://broker:1883
 */
List<Integer> loads = maestro.env("LOAD_PERCENTS", "50,80,95").split(",").collect { it.trim() as int }
int repeats = maestro.env("REPEATS", 2)
int latencyLimit = maestro.env("MAXIMUM_LATENCY", 0)

def found = maestro.findMaxRate {
    name "search"
    initialRate 1000     // INITIAL_RATE, MAX_STEPS and STEP_DURATION in the environment override these
    maxSteps 6
    stepDuration "3s"
    stepWarmUp "1s"
    maxParallelCount 1
}
if (!found.found) {
    maestro.verdict(false, found.summary())
    return
}
maestro.verdict(true, found.summary())   // the search's failing steps fail by design
int perConnection = found.perConnection
int connections = found.connections
println "study at ${loads.join(', ')}% of ${perConnection} msg/s per connection on ${connections} connection(s)"

def study = maestro.matrix {
    name "latency-by-load"
    dimension "loadPercent", loads
    repeat repeats
    spread "p99Ms"
    test { cell ->
        parallelCount connections
        rate Math.max(1, Math.round(perConnection * cell.loadPercent / 100.0) as int)
        duration "4s"
        warmUp "2s"      // the load generator catches up with its timeline before the measured part
        maximumLatency latencyLimit
    }
}

println "${study}; report: ${study.directory.resolve('study.html')}"

/*
 * StompProducersConsumers
 *
 * Answers: how do throughput and response time over STOMP change with the number of producer and consumer
 * connections and with the message size? Each cell of the grid CONNECTIONS × MESSAGE_SIZES is a short
 * fixed-rate test of its own, on a STOMP queue of its own, and the script ends with one line per cell: the rate
 * reached, the p90 and p99 of the response time (receive − intended send) and the messages lost.
 *
 * Maestro gives senders and receivers one connection count (PARALLEL_COUNT): in a cell with N connections every
 * sender peer has N producers and every receiver peer N consumers. In embedded mode (one peer of each role) the
 * grid is therefore producers = consumers; run distributed with more receiver workers than sender workers (or the
 * other way round) for unequal counts.
 *
 * Parameters (environment variables). PARALLEL_COUNT, MESSAGE_SIZE and TEST_DURATION must not be set: they would
 * override every cell.
 *   STOMP_URL       STOMP URL of the queue, e.g. stomp://guest:guest@host:61613/queue/grid?vhost=/
 *                   (each cell appends ".<connections>x<size>" to its path); default: the embedded Artemis SUT,
 *                   /queue/stomp-grid
 *   CONNECTIONS     comma-separated connection counts per peer            (default "1,2")
 *   MESSAGE_SIZES   comma-separated message sizes in bytes               (default "64,1024")
 *   CELL_RATE       msg/s per connection in every cell                   (default 200)
 *   CELL_DURATION   measured time of one cell                            (default "4s")
 *   CELL_WARM_UP    time before it, excluded from the results            (default "1s")
 *   MAXIMUM_LATENCY ms, p90 of the response time a cell may have         (default 1000)
 *
 * Run:  maestro-cli run test-scripts/studies/StompProducersConsumers.groovy
 *       STOMP_URL='stomp://guest:guest@rabbit:61613/queue/grid' CONNECTIONS=1,2,8 MESSAGE_SIZES=256,4096 \
 *       CELL_RATE=1000 CELL_DURATION=30s maestro-cli run test-scripts/studies/StompProducersConsumers.groovy \
 *       --maestro-url mqtt://broker:1883
 */
for (String overriding : ["PARALLEL_COUNT", "MESSAGE_SIZE", "TEST_DURATION"]) {
    if (maestro.env(overriding, (String) null) != null) {
        throw MaestroException.usage(overriding + " is set in the environment and would override every cell; unset "
                + "it and use CONNECTIONS, MESSAGE_SIZES or CELL_DURATION")
    }
}
String base = maestro.env("STOMP_URL", (String) null)
if (base == null) {
    if (!maestro.embedded) {
        throw MaestroException.usage("give the STOMP URL of a queue with STOMP_URL, e.g. "
                + "stomp://guest:guest@host:61613/queue/grid")
    }
    base = maestro.sutStompUrl("/queue/stomp-grid")
}
List<Integer> connections = maestro.env("CONNECTIONS", "1,2").split(",").collect { it.trim() as int }
List<Integer> sizes = maestro.env("MESSAGE_SIZES", "64,1024").split(",").collect { it.trim() as int }
int cellRate = maestro.env("CELL_RATE", 200)
String cellDuration = maestro.env("CELL_DURATION", "4s")
String cellWarmUp = maestro.env("CELL_WARM_UP", "1s")
int latencyLimit = maestro.env("MAXIMUM_LATENCY", 1000)

/** The URL of one cell: its own queue, the base URL's path with a suffix, the options kept. */
String cellUrl(String url, int count, int size) {
    int query = url.indexOf('?')
    String path = query < 0 ? url : url.substring(0, query)
    return path + "." + count + "x" + size + (query < 0 ? "" : url.substring(query))
}

List<String> lines = []
List<String> failures = []
for (int count : connections) {
    for (int size : sizes) {
        String cell = "${count}x${count} connections, ${size} B"
        def result = maestro.fixedRate {
            name "stomp-${count}x${size}"
            sut cellUrl(base, count, size)
            parallelCount count
            messageSize size.toString()
            rate cellRate
            duration cellDuration
            warmUp cellWarmUp
            maximumLatency latencyLimit
        }
        String line = String.format("%-28s %9.1f msg/s  p90 %8.3f ms  p99 %8.3f ms  lost %s", cell,
                result.meanRate, result.responseP90Ms, result.responseP99Ms,
                result.lostKnown ? result.lost.toString() : "unknown")
        lines << line
        if (!result.passed) {
            failures << "${cell}: ${result.reason}"
        } else if (result.lostKnown && result.lost > 0) {
            failures << "${cell}: ${result.lost} messages lost"
        }
    }
}

println "STOMP producers × consumers × message size (${cellRate} msg/s per connection, ${cellDuration} per cell):"
lines.each { println "  " + it }
if (failures.isEmpty()) {
    maestro.verdict(true, "${lines.size()} cells passed")
} else {
    maestro.verdict(false, failures.join("; "))
}

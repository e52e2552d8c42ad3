/*
 * SoakTest
 *
 * Answers: does the system under test carry a moderate load for a long time without losing a message, counting an
 * error, slowing down (p90 response time above MAXIMUM_LATENCY), or growing: memory that is never given back,
 * file descriptors that leak, a queue that fills up?
 *
 * One long fixed-rate test; it fails on any lost message, any error, or the latency condition. The inspector polls
 * the SUT every INSPECTION_INTERVAL during the test (heap, memory pools, file descriptors, queue depth; see
 * docs/inspector.md) and the script prints how these moved between the first and the last quarter of the measured
 * part: the lowest heap in use of each quarter (the lows are what stays after garbage collection, so a rising low
 * is the sign of a leak), open file descriptors, and the deepest the test queue got. These are reported, not
 * judged: set MAXIMUM_HEAP_GROWTH_PERCENT to fail on the heap. In embedded mode the heap is the one JVM's that also
 * runs the workers, so only a distributed soak says something about the SUT's own memory.
 *
 * Nothing is written per message (one HDR interval and one rate.csv row per second), so the files stay small: at
 * the default load about 2 kB of rate.csv and 20-30 kB per HDR log per peer and minute, about 6 MB for an hour
 * with one sender, one receiver and the inspector (measured on a 40 s run).
 *
 * Parameters (environment variables of the same name override the values below):
 *   SEND_RECEIVE_URL            AMQP URL with address; default: the embedded Artemis SUT, test.queue
 *   MESSAGE_SIZE                bytes, "~256" varies ±5%              (default 256)
 *   PARALLEL_COUNT              connections per sender/receiver peer    (default 2)
 *   RATE                        msg/s per connection                    (default 200)
 *   TEST_DURATION               "1h", "8h", or a message count          (default 1h)
 *   WARM_UP                     excluded from the results               (default 30s)
 *   MAXIMUM_LATENCY             ms, p90 of response time                (default 500)
 *   INSPECTION_INTERVAL         how often the inspector polls           (default 10s)
 *   MANAGEMENT_INTERFACE        what the inspector polls, e.g. Jolokia  (default: the embedded SUT's)
 *   INSPECTOR_NAME              artemis or dispatch                     (default artemis)
 *   MAXIMUM_HEAP_GROWTH_PERCENT fail when the heap's low grows more     (default: report only)
 *
 * Run:  maestro-cli run test-scripts/SoakTest.groovy
 *       TEST_DURATION=8h RATE=1000 MANAGEMENT_INTERFACE=http://sut:8161/console/jolokia INSPECTOR_NAME=artemis \
 *       SEND_RECEIVE_URL=amqp://sut:5672/test.queue \
 *       maestro-cli run test-scripts/SoakTest.groovy --maestro-url mqtt://broker:1883
 */
def result = maestro.fixedRate {
    name "soak"
    messageSize "256"
    parallelCount 2
    rate 200
    duration "1h"
    warmUp "30s"
    maximumLatency 500
    inspectionInterval "10s"
    String management = maestro.env("MANAGEMENT_INTERFACE", (String) null)
    if (management != null) {   // distributed: watch the SUT given in the environment
        inspector maestro.env("INSPECTOR_NAME", "artemis"), management
    }
}

// ---- how the SUT moved, from the inspector's files (docs/inspector.md) ----

Closure<List<Map>> table = { String fileName ->
    List<Map> rows = []
    result.directory.toFile().eachDir { peer ->
        File file = new File(peer, fileName)
        if (file.isFile()) {
            List<String> lines = file.readLines("UTF-8").findAll { it && !it.startsWith("#") }
            List<String> header = lines ? lines[0].split(",") as List : []
            lines.drop(1).each { line ->
                rows << [header, line.split(",", -1) as List].transpose().collectEntries()
            }
        }
    }
    rows
}
Properties times = new Properties()
File sender = result.directory.toFile().listFiles().find { new File(it, "send-delay.hlog").isFile() }
if (sender != null) {
    new File(sender, "test.properties").withReader("UTF-8") { times.load(it) }
}
long from = (times.getProperty("warmup.end") ?: "0") as long
long to = (times.getProperty("test.end") ?: Long.toString(Long.MAX_VALUE)) as long
long quarter = (to - from).intdiv(4)
Closure<Map> quarters = { List<Map> rows, String column ->
    List<Map> measured = rows.findAll { (it.timestamp as long) >= from && (it.timestamp as long) <= to && it[column] }
    List<Long> first = measured.findAll { (it.timestamp as long) < from + quarter }.collect { it[column] as long }
    List<Long> last = measured.findAll { (it.timestamp as long) > to - quarter }.collect { it[column] as long }
    [first: first, last: last]
}

Map heap = quarters(table("artemis-jvm-heap.csv"), "used")
Double heapGrowth = null
if (heap.first && heap.last) {
    long before = heap.first.min()
    long after = heap.last.min()
    heapGrowth = 100.0 * (after - before) / Math.max(1L, before)
    printf("heap in use, lowest: %,d MB in the first quarter, %,d MB in the last (%+.1f%%)%n", before >> 20,
            after >> 20, heapGrowth)
} else {
    println "no heap figures in the measured part (no inspector, or a test shorter than four polls)"
}
Map descriptors = quarters(table("artemis-os.csv"), "openFileDescriptors")
if (descriptors.first && descriptors.last) {
    printf("open file descriptors: %d at most in the first quarter, %d at most in the last%n",
            descriptors.first.max(), descriptors.last.max())
}
String queueName = result.options.sendUrl().map { it.replaceAll(/\?.*$/, "").replaceAll(/^.*\//, "") }.orElse("")
List<Long> depth = table("artemis-queues.csv").findAll { it.queue == queueName && it.messageCount }
        .collect { it.messageCount as long }
if (depth) {
    printf("queue %s: at most %,d messages waiting%n", queueName, depth.max())
}
printf("sent %s, received %,d, lost %s, errors %,d; p90 %.3f ms, p99 %.3f ms%n", result.sent ?: "unknown",
        result.received, result.lostKnown ? result.lost : "unknown (${result.unknownReason})", result.errors,
        result.responseP90Ms, result.responseP99Ms)

String heapLimit = maestro.env("MAXIMUM_HEAP_GROWTH_PERCENT", (String) null)
if (!result.passed) {
    return   // the test's own reason stands
}
if (!result.lostKnown) {
    maestro.verdict(false, "lost messages unknown: ${result.unknownReason}")
} else if (result.lost > 0 || result.errors > 0) {
    maestro.verdict(false, "${result.lost} messages lost, ${result.errors} errors")
} else if (heapLimit != null && heapGrowth != null && heapGrowth > (heapLimit as double)) {
    maestro.verdict(false, String.format("the heap's low grew by %.1f%%, more than MAXIMUM_HEAP_GROWTH_PERCENT %s",
            heapGrowth, heapLimit))
}

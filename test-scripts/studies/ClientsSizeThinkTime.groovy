/*
 * ClientsSizeThinkTime
 *
 * Answers: how do throughput and response time of one or more messaging systems change with the number of client
 * connections, the message size and the think time between two messages of a client, and how much do like runs
 * differ? A closed-loop benchmark crosses these factors and repeats every cell; this script does the same with
 * open-loop clients (each connection sends one message every THINK_TIMES ms, whatever the system does, so a slow
 * system shows as response time, not as a lower offered load).
 *
 * Cells: SYSTEMS × CLIENTS × MESSAGE_SIZES × THINK_TIMES, each run REPEATS times (in rounds: every cell once, then
 * again). The study report (results/clients-size-think-time/study.html) has the cells with their 95% confidence
 * intervals, throughput and response time against the offered load, a heat map of loss over clients × think time
 * and the spread of p99 over the repeats.
 *
 * Parameters (environment variables). RATE, MESSAGE_SIZE, PARALLEL_COUNT and SEND_RECEIVE_URL are dimensions of the
 * study and are refused when set:
 *   SYSTEMS         URLs of the systems, separated by spaces (default: the embedded Artemis SUT, test.queue)
 *   CLIENTS         connections per sender/receiver peer, comma-separated (default 1,2)
 *   MESSAGE_SIZES   bytes, comma-separated                                (default 256)
 *   THINK_TIMES     ms between two messages of a connection               (default 5,20)
 *   REPEATS         runs of each cell                                     (default 2)
 *   TEST_DURATION   measured time of each run                             (default 3s)
 *   WARM_UP         warm-up of each run                                   (default 1s)
 *
 * Run:  maestro-cli run test-scripts/studies/ClientsSizeThinkTime.groovy
 *       SYSTEMS='amqp://artemis:5672/q rabbitmq://guest:guest@rabbit:5672/?queue=q&declare=true' CLIENTS=1,4,16 \
 *       MESSAGE_SIZES=16,512,4096 THINK_TIMES=1,10,100 REPEATS=5 TEST_DURATION=60s \
 *       maestro-cli run test-scripts/studies/ClientsSizeThinkTime.groovy --maestro-url mqtt://broker:1883
 */
import org.maestro.client.api.MaestroException

for (String overriding : ["RATE", "MESSAGE_SIZE", "PARALLEL_COUNT", "SEND_RECEIVE_URL"]) {
    if (maestro.env(overriding, (String) null) != null) {
        throw MaestroException.usage("${overriding} is set in the environment and would override every cell of the "
                + "study; unset it and use SYSTEMS, CLIENTS, MESSAGE_SIZES or THINK_TIMES")
    }
}
String systemsText = maestro.env("SYSTEMS", (String) null)
List<String> systems = systemsText == null ? [maestro.sutUrl("test.queue")] : systemsText.trim().split("\\s+") as List
List<Integer> clients = maestro.env("CLIENTS", "1,2").split(",").collect { it.trim() as int }
List<Integer> sizes = maestro.env("MESSAGE_SIZES", "256").split(",").collect { it.trim() as int }
List<Integer> thinkTimes = maestro.env("THINK_TIMES", "5,20").split(",").collect { it.trim() as int }
int repeats = maestro.env("REPEATS", 2)
thinkTimes.each { think ->
    if (think < 1 || think > 1000) {
        throw MaestroException.usage("THINK_TIMES holds ${think} ms: give 1 to 1000 ms (a rate of 1000 / think "
                + "time messages/s per connection)")
    }
}

def study = maestro.matrix {
    name "clients-size-think-time"
    dimension "system", systems
    parallelCount clients
    messageSize sizes
    dimension "thinkTimeMs", thinkTimes
    repeat repeats
    heatMap "parallelCount", "thinkTimeMs"
    spread "p99Ms"
    test { cell ->
        sut cell.system
        rate((int) (1000 / cell.thinkTimeMs))
        duration "3s"
        warmUp "1s"
        maximumLatency 0
    }
}

println "${study}; report: ${study.directory.resolve('study.html')}"

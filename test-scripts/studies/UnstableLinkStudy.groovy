/*
 * UnstableLinkStudy
 *
 * Answers: how do a fixed-period producer's messages fare over RabbitMQ when its network link drops out for a
 * while, by message size and sending period? How many are lost, how long is the longest gap the receiver sees (the
 * maximum jitter), and how much do these vary between like runs? (For scale: a published study of an AMQP 0-9-1
 * client over an unstable link crossed message size × period, repeated each cell 100 times, and plotted the
 * distribution of the maximum jitter and a map of where loss began.)
 *
 * Each cell (MESSAGE_SIZES × PERIODS, every period a rate of 1000 / period messages/s on one connection) runs
 * REPEATS times. In every run the agent cuts the link to the broker: 'drop CUT --port CUT_PORT' at CUT_AT after
 * the warm-up (iptables DROP rules on the agent's host, removed when the cut ends). The study report
 * (results/unstable-link/study.html) has a heat map of the lost percentage over period × size and the spread of the
 * maximum jitter over the repeats of each cell; each run has its own report with the cut marked on its time axis.
 *
 * The cut drops every packet to and from the port on the agent's host: in embedded mode the agent runs in this JVM,
 * so every client of the broker on this machine loses its link for CUT (run it where nothing else uses the
 * broker). The agent needs root (CAP_NET_ADMIN) and iptables; without them every run fails naming the reason.
 *
 * Parameters (environment variables). RATE, MESSAGE_SIZE and PARALLEL_COUNT are set by the study and refused:
 *   SEND_RECEIVE_URL  RabbitMQ URL of the queue      (default rabbitmq://guest:guest@127.0.0.1:5672/?queue=
 *                     maestro-unstable-link&declare=true)
 *   MESSAGE_SIZES     bytes, comma-separated                                (default 64,1024)
 *   PERIODS           ms between two messages, comma-separated              (default 10,50)
 *   REPEATS           runs of each cell                                     (default 3)
 *   TEST_DURATION     measured time of each run                             (default 12s)
 *   WARM_UP           warm-up of each run                                   (default 2s)
 *   CUT               how long the link is down                             (default 3s)
 *   CUT_AT            when the cut begins, after the warm-up                (default 3s)
 *   CUT_PORT          the broker's port whose packets are dropped           (default 5672)
 *
 * Run:  maestro-cli run test-scripts/studies/UnstableLinkStudy.groovy
 *       SEND_RECEIVE_URL='rabbitmq://user:pass@rabbit:5672/?queue=link&declare=true' PERIODS=5,10,20,50,100 \
 *       MESSAGE_SIZES=64,1024,8192 REPEATS=20 maestro-cli run test-scripts/studies/UnstableLinkStudy.groovy \
 *       --maestro-url mqtt://broker:1883      # with 'maestro-cli agent' on the sender's host
 *       maestro-cli run test-scripts/studies/UnstableLinkStudy.groovy --resume   # go on after Ctrl-C
 */
import org.maestro.client.api.MaestroException

for (String overriding : ["RATE", "MESSAGE_SIZE", "PARALLEL_COUNT"]) {
    if (maestro.env(overriding, (String) null) != null) {
        throw MaestroException.usage("${overriding} is set in the environment and would override every cell of the "
                + "study; unset it and use PERIODS or MESSAGE_SIZES")
    }
}
String url = maestro.env("SEND_RECEIVE_URL",
        "rabbitmq://guest:guest@127.0.0.1:5672/?queue=maestro-unstable-link&declare=true")
List<Integer> sizes = maestro.env("MESSAGE_SIZES", "64,1024").split(",").collect { it.trim() as int }
List<Integer> periods = maestro.env("PERIODS", "10,50").split(",").collect { it.trim() as int }
int repeats = maestro.env("REPEATS", 3)
String cut = maestro.env("CUT", "3s")
String cutAt = maestro.env("CUT_AT", "3s")
int cutPort = maestro.env("CUT_PORT", 5672)
String testDuration = maestro.env("TEST_DURATION", "12s")
String warmUpTime = maestro.env("WARM_UP", "2s")

periods.each { period ->
    if (period < 1 || period > 1000) {
        throw MaestroException.usage("PERIODS holds ${period} ms: give periods of 1 to 1000 ms (a rate of 1000 / "
                + "period messages/s)")
    }
}

def study = maestro.matrix {
    name "unstable-link"
    dimension "periodMs", periods
    messageSize sizes
    repeat repeats
    heatMap "periodMs", "messageSize"
    spread "jitterMaxMs"
    test { cell ->
        sut url
        parallelCount 1
        rate((int) (1000 / cell.periodMs))
        duration testDuration
        warmUp warmUpTime
        maximumLatency 0
        agent "drop ${cut} --port ${cutPort}", at: cutAt
    }
}

println "${study}; report: ${study.directory.resolve('study.html')}"

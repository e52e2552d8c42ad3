/*
 * FixedRateTestWithAgent
 *
 * Answers: what happens to a fixed-rate load when the system under test restarts (or shuts down, or loses its
 * network) in the middle of a test? How many messages are lost, how long is the outage as the receivers see it,
 * and do the senders and receivers reconnect? (For scale: in a published study of Qpid Dispatch router
 * topologies, a router restarted in the third minute lost 0.53% of 7.5 M messages, about 2.2 s of traffic.)
 *
 * The agent runs AGENT_COMMAND at AGENT_AT after the warm-up; the connections use a failover URL so they come back
 * when the SUT does. The action's start and end are recorded in agent-actions.csv (the report marks them on the
 * time axis). Lost messages are expected here: the test fails only when the action fails, the test fails (e.g. a
 * peer dies, or MAXIMUM_LATENCY is set and exceeded), or more messages are lost than MAXIMUM_LOSS allows.
 *
 * Embedded mode: the embedded agent (agent-1) restarts the embedded Artemis SUT in this JVM ("restart 3" stops it
 * for 3 s and starts it again on its port). Distributed mode: run 'maestro-cli agent --process
 * broker=... --maestro-url ...' on the SUT's host, and give SEND_RECEIVE_URL as a failover URL.
 *
 * Parameters (environment variables; the test parameters of README.md override what the script sets):
 *   SEND_RECEIVE_URL      AMQP URL; default: failover:(<embedded Artemis>)/test.queue with fast reconnects
 *   MESSAGE_SIZE          bytes                                   (default 256)
 *   PARALLEL_COUNT        connections per sender/receiver peer    (default 2)
 *   RATE                  msg/s per connection                    (default 500)
 *   TEST_DURATION         "30s", "10m", or a message count        (default 30s)
 *   WARM_UP               excluded from the results               (default 5s)
 *   MAXIMUM_LATENCY       ms, 0 = no latency condition            (default 0)
 *   AGENT_COMMAND         the agent command                       (default "restart 3": down for 3 s)
 *   AGENT_AT              when, after the warm-up                 (default one third of TEST_DURATION)
 *   MAXIMUM_LOSS          fail above this loss: a count or a % of the messages sent
 *                         (default 100%: reported, not judged; an unknown loss still fails)
 *   EXT_POINT_SOURCE      agent source (git URL or directory) for commands that are not ready actions
 *   DURABLE               embedded mode: send durable (persistent) messages   (default false)
 *
 * A restart loses what the broker held in memory: non-durable messages, or durable ones on a broker without
 * persistence. With DURABLE=true and a persistent SUT (embedded: MAESTRO_PERSISTENT_SUT=true or --persistent-sut)
 * nothing is lost; redelivered messages may show as duplicates.
 *
 * Run:  maestro-cli run test-scripts/FixedRateTestWithAgent.groovy
 *       AGENT_COMMAND="shutdown 60" TEST_DURATION=6m AGENT_AT=3m \
 *       SEND_RECEIVE_URL="failover:(amqp://sut:5672)/test.queue" \
 *       maestro-cli run test-scripts/FixedRateTestWithAgent.groovy --maestro-url mqtt://broker:1883
 */
import org.maestro.common.options.Durations
import org.maestro.common.options.TestDuration

int ratePerConnection = maestro.env("RATE", 500)
int connections = maestro.env("PARALLEL_COUNT", 2)
String testDuration = maestro.env("TEST_DURATION", "30s")
String command = maestro.env("AGENT_COMMAND", "restart 3")
boolean durable = maestro.env("DURABLE", "false") == "true"

// One third of the measured part, in whole seconds: of the time, or of the time a message count takes at the rate.
TestDuration planned = TestDuration.parse(testDuration)
long measuredSeconds = planned.isTimed() ? planned.time().toSeconds() : (ratePerConnection > 0 ? planned.messageCount().intdiv(ratePerConnection) : 0)
String at = maestro.env("AGENT_AT", "${Math.max(1, measuredSeconds.intdiv(3))}s")

def result = maestro.fixedRate {
    name "fixed-rate-with-agent"
    if (maestro.embedded) {
        // Fast reconnects, and no give-up within a test, so the outage is what the SUT makes it.
        sut "failover:(${maestro.sutUrl("test.queue") - "/test.queue"})/test.queue" +
                "?failover.initialReconnectDelay=100&failover.reconnectDelay=200&failover.useReconnectBackOff=false" +
                (durable ? "&durable=true" : "")
    }
    messageSize "256"
    parallelCount connections
    rate ratePerConnection
    duration testDuration
    warmUp "5s"
    maximumLatency 0
    maximumLoss "100%"   // a restart loses what the broker held: the script reports it
    agent command, at: at
}

// The action as the agent recorded it: agent-actions.csv of every agent peer of this test.
def actions = []
result.directory.toFile().eachDir { peer ->
    def csv = new File(peer, "agent-actions.csv")
    if (csv.isFile()) {
        csv.readLines().findAll { !it.startsWith("#") && !it.startsWith("action,") && it.trim() }.each { line ->
            def cells = line.split(",", 6)
            long start = cells[2] as long
            Long end = cells[3] ? cells[3] as long : null
            actions << [peer: peer.name, command: cells[1], start: start, end: end, outcome: cells[4],
                        message: cells.size() > 5 ? cells[5] : ""]
        }
    }
}
actions.each { a ->
    println "agent ${a.peer}: '${a.command}' ${a.outcome}, ${a.end ? (a.end - a.start) + " ms" : "still running"}: ${a.message}"
}

if (!result.lostKnown) {
    println "sent ${result.sent ?: 'unknown'}, received ${result.received}, lost unknown: ${result.unknownReason}"
    maestro.verdict(false, "lost messages unknown: ${result.unknownReason}")
    return
}
double lostPercent = result.sent > 0 ? 100.0 * result.lost / result.sent : 0
double totalRate = ratePerConnection * (double) connections
printf("sent %,d, received %,d, lost %,d (%.3f%%), about %.0f ms of traffic at %,.0f msg/s%n", result.sent,
        result.received, result.lost, lostPercent, totalRate > 0 ? 1000.0 * result.lost / totalRate : 0, totalRate)

if (!result.passed) {
    return   // the test's own reason stands
}
if (actions.isEmpty()) {
    maestro.verdict(false, "no agent recorded the action '${command}' (no agent-actions.csv under ${result.directory})")
} else if (actions.any { it.outcome != "success" }) {
    maestro.verdict(false, "the agent action did not succeed: " + actions.findAll { it.outcome != "success" }
            .collect { "${it.command}: ${it.outcome} ${it.message}" }.join("; "))
} else {
    maestro.verdict(true, String.format("'%s' done; %,d of %,d messages lost (%.3f%%)", command, result.lost,
            result.sent, lostPercent))
}

/*
 * MultiFlowTest
 *
 * Answers: how does the system carry two streams at once when they are fed unevenly: the first queue by two senders,
 * the second by five, each drained by a receiver of its own? (The multi-point senders and receivers example of
 * Maestro's original design: one test, several endpoints, instead of one connection per test.) Every figure exists
 * per flow: summary.json "flows", a section of the report, a row of the printed table and a JUnit case each, with
 * sent = received + refused + vanished in each flow. The script fails when a flow's figures do not add up or it
 * lost more than MAXIMUM_LOSS.
 *
 * It needs 7 sender and 2 receiver peers (FIRST_SENDERS + SECOND_SENDERS senders): start them with
 * `maestro-cli worker --role sender --maestro-url …` and `--role receiver` and run the script with --maestro-url.
 * The embedded mode has one sender, so it refuses the test before any load (exit code 3).
 *
 * Parameters (environment variables):
 *   FIRST_URL        the first flow's system and queue    (default amqp://127.0.0.1:5672/multi-flow.first; the
 *                    embedded SUT in embedded mode)
 *   SECOND_URL       the second flow's system and queue   (default the same broker, queue multi-flow.second)
 *   FIRST_SENDERS    sender peers of the first flow       (default 2)
 *   SECOND_SENDERS   sender peers of the second flow      (default 5)
 *   TOPOLOGY         a topology description to start on this machine: each flow then sends on FROM_NODE and
 *                    receives on TO_NODE, to closest/multi-flow-first and closest/multi-flow-second (default none;
 *                    MultiFlowRouterTest.groovy: topologies/line-3-routers.yaml beside this script)
 *   FROM_NODE        where the senders connect with a TOPOLOGY     (default router1)
 *   TO_NODE          where the receivers connect with a TOPOLOGY   (default router3)
 *   RATE             msg/s per sender connection, in both flows    (default 100)
 *   TEST_DURATION    measured time                                 (default 30s)
 *   WARM_UP          excluded from the results                     (default 5s)
 *   MAXIMUM_LOSS     messages each flow may lose: a count or a percentage   (default 0)
 *   TEST_NAME        the test's name                      (default multi-flow, or multi-flow-router)
 *
 * Run:  maestro-cli run test-scripts/MultiFlowTest.groovy --maestro-url mqtt://control-broker:1883
 *       FIRST_URL=amqp://broker:5672/orders SECOND_URL=amqp://broker:5672/audit \
 *           maestro-cli run test-scripts/MultiFlowTest.groovy --maestro-url mqtt://control-broker:1883
 */
String defaultTopology = binding.hasVariable("defaultTopology") ? defaultTopology : ""
String topologyFile = maestro.env("TOPOLOGY", defaultTopology ? "${scriptDir}/topologies/${defaultTopology}.yaml" : "")
int firstSenders = maestro.env("FIRST_SENDERS", 2)
int secondSenders = maestro.env("SECOND_SENDERS", 5)

// Each flow's send and receive URL: into and out of the routers of a topology, or one queue of a broker.
def urls = [:]
if (topologyFile) {
    def topology = maestro.topology(topologyFile)
    String fromNode = maestro.env("FROM_NODE", "router1")
    String toNode = maestro.env("TO_NODE", "router3")
    ["first", "second"].each { flowName ->
        String address = "closest/multi-flow-${flowName}"
        urls[flowName] = [send: topology.clientUrl(fromNode, address), receive: topology.clientUrl(toNode, address)]
    }
} else {
    String broker = maestro.isEmbedded() ? maestro.sutUrl("") : "amqp://127.0.0.1:5672/"
    String first = maestro.env("FIRST_URL", broker + "multi-flow.first")
    String second = maestro.env("SECOND_URL", broker + "multi-flow.second")
    urls.first = [send: first, receive: first]
    urls.second = [send: second, receive: second]
}

String testName = topologyFile ? "multi-flow-router" : "multi-flow"
def result = maestro.test {
    name testName
    rate 100
    duration "30s"
    warmUp "5s"
    maximumLatency 0
    flow("first") {
        sendUrl urls.first.send; receiveUrl urls.first.receive
        senders firstSenders; receivers 1
    }
    flow("second") {
        sendUrl urls.second.send; receiveUrl urls.second.receive
        senders secondSenders; receivers 1
    }
}

if (!result.lostKnown) {
    maestro.verdict(false, "lost messages unknown: ${result.unknownReason}")
    return
}
def unbalanced = []
result.flows.each { flowName, flow ->
    printf("flow %s: sent %,d = received %,d + refused %,d + vanished %,d; %.1f msg/s%n", flowName, flow.sent,
            flow.received, flow.refused, flow.vanished, flow.meanRate ?: 0.0)
    if (flow.sent != flow.received + flow.refused + flow.vanished) {
        unbalanced << flowName
    }
}
if (result.flows.size() != 2) {
    maestro.verdict(false, "expected the flows first and second, got ${result.flows.keySet()}")
} else if (unbalanced) {
    maestro.verdict(false, "the accounting of flow(s) ${unbalanced.join(', ')} does not add up")
}

/*
 * RouterRestartTest
 *
 * Answers: what does a fixed-rate load across a line of routers lose, and for how long do the receivers get
 * nothing, when the router in the middle dies and comes back? (For scale: in a published study of Qpid Dispatch
 * router topologies, router2 of router1 → router2 → router3 restarted under 5 × 15,000 msg/s lost 0.53% of 7.5 M
 * messages, about 2.2 s of traffic.)
 *
 * The script starts the topology on this machine (qdrouterd from the PATH, or QDROUTERD=/path/to/qdrouterd), sends
 * on the first router and receives on the last, and at AGENT_AT after the warm-up has the agent kill the middle
 * router (SIGKILL) and start it again DOWN seconds later, through the ready action on the routers the topology
 * started. It prints the outage as the receivers saw it (last message before → first message after), the messages
 * the routers refused (released, rejected, modified: the sender was told) and those that vanished (accepted, never
 * received), and loss ÷ (rate × outage). The action is a band on the report's time axis. Every router the topology
 * started is inspected, each a system named after it, and the report lines up their queue depth on one chart.
 *
 * Variants: RouterShutdownTest.groovy (the router stays down for DOWN seconds, then starts), and
 * RedundantRouterRestartTest.groovy: a line with a second, costlier path through router4, which the inspector
 * watches; the traffic moves to it (0.18–0.29% lost in the same study).
 *
 * Parameters (environment variables):
 *   TOPOLOGY              topology description            (default topologies/line-3-routers.yaml beside this script)
 *   FROM_NODE             where the senders connect       (default router1)
 *   TO_NODE               where the receivers connect     (default router3)
 *   ROUTER                the router the agent acts on    (default router2)
 *   INSPECT_NODE          a router to inspect even when the topology was not started here (default ROUTER)
 *   DOWN                  seconds it stays down           (default 2)
 *   AGENT_COMMAND         the agent command               (default "restart <ROUTER> <DOWN> --kill")
 *   AGENT_AT              when, after the warm-up         (default 12s)
 *   RATE                  msg/s per connection            (default 1000)
 *   PARALLEL_COUNT        connections per peer            (default 2)
 *   TEST_DURATION         measured time                   (default 40s)
 *   WARM_UP               excluded from the results       (default 5s)
 *   RESEND_RELEASED       true: a released message is sent again (same sequence number and intended time), so the
 *                         outage shows in response time instead of loss                      (default false)
 *   MAXIMUM_LOSS          fail above this loss: a count or a percentage of the messages sent
 *                         (default 100%: the loss is reported, not judged; an unknown loss still fails)
 *   ADDRESS               address under closest/          (default router-restart)
 *   TEST_NAME             the test's name                 (default router-restart, or router-shutdown)
 *
 * Run:  maestro-cli run test-scripts/RouterRestartTest.groovy
 *       TOPOLOGY=test-scripts/topologies/redundant-router.yaml maestro-cli run test-scripts/RouterRestartTest.groovy
 */
String defaultTopology = binding.hasVariable("defaultTopology") ? defaultTopology : "line-3-routers"
String topologyFile = maestro.env("TOPOLOGY", "${scriptDir}/topologies/${defaultTopology}.yaml")
String fromNode = maestro.env("FROM_NODE", "router1")
String toNode = maestro.env("TO_NODE", "router3")
String router = maestro.env("ROUTER", "router2")
String inspected = maestro.env("INSPECT_NODE", binding.hasVariable("defaultInspected") ? defaultInspected : router)
int down = maestro.env("DOWN", binding.hasVariable("defaultDown") ? defaultDown as int : 2)
String defaultVerb = binding.hasVariable("routerAction") ? routerAction : "restart"
String command = maestro.env("AGENT_COMMAND", "${defaultVerb} ${router} ${down} --kill")
String at = maestro.env("AGENT_AT", "12s")
int ratePerConnection = maestro.env("RATE", 1000)
int connections = maestro.env("PARALLEL_COUNT", 2)
String address = "closest/" + maestro.env("ADDRESS", "router-restart")

def topology = maestro.topology(topologyFile)

def result = maestro.fixedRate {
    name maestro.env("TEST_NAME", defaultVerb == "restart" ? "router-restart" : "router-shutdown")
    sendUrl topology.clientUrl(fromNode, address)
    receiveUrl topology.clientUrl(toNode, address)
    inspector "dispatch", topology.clientUrl(inspected)
    messageSize "256"
    parallelCount connections
    rate ratePerConnection
    duration maestro.env("TEST_DURATION", "40s")
    warmUp maestro.env("WARM_UP", "5s")
    maximumLatency 0
    maximumLoss "100%"   // the restart loses messages by design: the script reports them
    agent command, at: at
}

// What the agent did (agent-actions.csv) and what the receivers saw (receive-gaps.csv), from every peer's files.
def actions = []
def silences = []
result.directory.toFile().eachDir { peer ->
    def actionsFile = new File(peer, "agent-actions.csv")
    if (actionsFile.isFile()) {
        actionsFile.readLines().findAll { !it.startsWith("#") && !it.startsWith("action,") && it.trim() }.each { line ->
            def cells = line.split(",", 6)
            actions << [command: cells[1], start: cells[2] as long, end: cells[3] ? cells[3] as long : null,
                        outcome: cells[4], message: cells.size() > 5 ? cells[5] : ""]
        }
    }
    def gapsFile = new File(peer, "receive-gaps.csv")
    if (gapsFile.isFile()) {
        gapsFile.readLines().findAll { !it.startsWith("#") && !it.startsWith("start,") && it.trim() }.each { line ->
            def cells = line.split(",")
            silences << [peer: peer.name, start: (cells[0] as long).intdiv(1000), end: (cells[1] as long).intdiv(1000)]
        }
    }
}

// The outage: the longest silence that ended after the action began.
def action = actions.find { it.command == command } ?: actions[0]
def outage = action == null ? null : silences.findAll { it.end >= action.start }.max { it.end - it.start }
double outageSeconds = outage == null ? 0 : (outage.end - outage.start) / 1000.0
double totalRate = ratePerConnection * (double) connections
if (!result.lostKnown) {
    maestro.verdict(false, "lost messages unknown: ${result.unknownReason}")
    return
}
long lost = result.refused + result.vanished
double lostPercent = result.sent > 0 ? 100.0 * lost / result.sent : 0

actions.each { a ->
    println "agent: '${a.command}' ${a.outcome}, ${a.end ? (a.end - a.start) + " ms" : "still running"}: ${a.message}"
}
if (outage != null) {
    printf("outage seen by the receivers: %.3f s (from %d ms to %d ms after the action began)%n", outageSeconds,
            outage.start - action.start, outage.end - action.start)
} else {
    println "outage seen by the receivers: none (no silence of 200 ms or more after the action began)"
}
printf("sent %,d = received %,d + refused %,d + vanished %,d; lost %.3f%%%s%n", result.sent, result.received,
        result.refused, result.vanished, lostPercent,
        outageSeconds > 0 ? String.format(", %.2f × rate × outage", lost / (totalRate * outageSeconds)) : "")

if (!result.passed) {
    return   // the test's own reason stands
}
if (action == null) {
    maestro.verdict(false, "no agent recorded the action '${command}' (no agent-actions.csv under ${result.directory})")
} else if (action.outcome != "success") {
    maestro.verdict(false, "the agent action '${command}' did not succeed: ${action.outcome} ${action.message}")
} else {
    maestro.verdict(true, String.format("'%s' done; outage %.3f s; %,d refused and %,d vanished of %,d (%.3f%%)",
            command, outageSeconds, result.refused, result.vanished, result.sent, lostPercent))
}

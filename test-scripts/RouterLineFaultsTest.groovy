/*
 * RouterLineFaultsTest
 *
 * Answers: when the middle router of router1 → router2 → router3 dies and comes back under a fixed-rate load, how
 * many messages are lost (of how many expected), for how long do the receivers get nothing, how long until the
 * throughput and the p99 are back, and what did each router see meanwhile? (The loss tables of a published study of
 * Qpid Dispatch router topologies: a restart of router2 under 5 × 15,000 msg/s lost 0.53% of 7.5 M messages;
 * shutdowns of 10, 60 and 120 s lost 2.9–12.3%; 0.18–0.29% with a redundant router.)
 *
 * The script starts the topology on this machine (qdrouterd from the PATH, or QDROUTERD=/path/to/qdrouterd) with an
 * agent beside each router (maestro.topology(file, agentPerRouter: true): router1-agent, router2-agent, …, each
 * acting on its own router only), and inspects the three routers, each a system named after it. The action is
 * addressed to one agent (AGENT_PEER, default <ROUTER>-agent), so it runs beside that router and nowhere else. After
 * the test it prints the action's row in the shape of the study's tables: action, time down, messages expected
 * (sent), lost (refused + vanished) and their share, with the receivers' silence, the time until the throughput and
 * the p99 were back and the p99 before and during, from the test's "faults" (summary.json).
 *
 * In a distributed run, start an agent on each router's host (maestro-cli agent --name router2-agent --process
 * router2='qdrouterd -c …'), or address one by its host with AGENT_PEER=<host>; the routers then run there, and
 * TOPOLOGY names the state file of 'maestro-cli topology up' or the variables file of 'topology generate'.
 *
 * Parameters (environment variables):
 *   TOPOLOGY              topology description            (default topologies/line-3-routers.yaml beside this script)
 *   FROM_NODE             where the senders connect       (default router1)
 *   TO_NODE               where the receivers connect     (default router3)
 *   ROUTER                the router the action stops     (default router2)
 *   AGENT_PEER            the agent that runs the action: name, name@host or host   (default <ROUTER>-agent)
 *   DOWN                  seconds it stays down           (default 2)
 *   AGENT_COMMAND         the agent command               (default "restart <ROUTER> <DOWN> --kill"; a shutdown of
 *                         the study's tables: "stop <ROUTER> 10 --kill")
 *   AGENT_AT              when, after the warm-up         (default 12s)
 *   RATE                  msg/s per connection            (default 1000)
 *   PARALLEL_COUNT        connections per peer            (default 2)
 *   TEST_DURATION         measured time                   (default 40s)
 *   WARM_UP               excluded from the results       (default 5s)
 *   ADDRESS               address under closest/          (default router-line-faults)
 *   TEST_NAME             the test's name                 (default router-line-faults)
 *
 * Run:  maestro-cli run test-scripts/RouterLineFaultsTest.groovy
 *       AGENT_COMMAND="stop router2 10 --kill" TEST_DURATION=60s maestro-cli run test-scripts/RouterLineFaultsTest.groovy
 */
String topologyFile = maestro.env("TOPOLOGY", "${scriptDir}/topologies/line-3-routers.yaml")
String fromNode = maestro.env("FROM_NODE", "router1")
String toNode = maestro.env("TO_NODE", "router3")
String router = maestro.env("ROUTER", "router2")
String agentPeer = maestro.env("AGENT_PEER", "${router}-agent")
int down = maestro.env("DOWN", 2)
String command = maestro.env("AGENT_COMMAND", "restart ${router} ${down} --kill")
String address = "closest/" + maestro.env("ADDRESS", "router-line-faults")

def topology = maestro.topology(topologyFile, agentPerRouter: true)

def result = maestro.fixedRate {
    name maestro.env("TEST_NAME", "router-line-faults")
    sendUrl topology.clientUrl(fromNode, address)
    receiveUrl topology.clientUrl(toNode, address)
    messageSize "256"
    parallelCount maestro.env("PARALLEL_COUNT", 2)
    rate maestro.env("RATE", 1000)
    duration maestro.env("TEST_DURATION", "40s")
    warmUp maestro.env("WARM_UP", "5s")
    maximumLatency 0
    maximumLoss "100%"   // the action loses messages by design: the script reports them
    agent agentPeer, at: maestro.env("AGENT_AT", "12s"), command
}

// Which agents recorded an action: each agent's directory (<name>@<host>) holds its own agent-actions.csv.
def agentsThatActed = []
def outcomes = []
result.directory.toFile().eachDir { peer ->
    def actionsFile = new File(peer, "agent-actions.csv")
    def rows = actionsFile.isFile()
            ? actionsFile.readLines().findAll { !it.startsWith("#") && !it.startsWith("action,") && it.trim() }
            : []
    if (rows) {
        agentsThatActed << peer.name
        rows.each { line ->
            def cells = line.split(",", 6)
            outcomes << [agent: peer.name, command: cells[1], outcome: cells[4], message: cells.size() > 5 ? cells[5] : ""]
        }
    }
}
println "agents that ran an action: ${agentsThatActed.sort().join(', ') ?: 'none'}"

// One action per test, as in the study: the test's loss is the action's (the fault's own counts are in summary.json).
def fault = result.faults.find { it.action == command }
if (fault != null) {
    Long lost = result.lostKnown ? result.refused + result.vanished : null
    String share = lost == null || !result.sent ? "unknown" : String.format("%.3f%%", 100.0 * lost / result.sent)
    printf("%s: '%s': expected %,d, lost %s (refused %s + vanished %s) = %s; silence %s; throughput back %s;"
            + " p99 back %s; p99 %s before, %s during%n",
            fault.agent, fault.action, result.sent, lost == null ? "unknown" : String.format("%,d", lost),
            lost == null ? "unknown" : String.format("%,d", result.refused),
            lost == null ? "unknown" : String.format("%,d", result.vanished), share,
            fault.gapSeconds == null ? "unknown" : String.format("%.3f s", fault.gapSeconds),
            fault.throughputRecoverySeconds != null ? String.format("after %.1f s", fault.throughputRecoverySeconds)
                    : fault.throughputRecovery,
            fault.p99RecoverySeconds != null ? String.format("after %.1f s", fault.p99RecoverySeconds) : fault.p99Recovery,
            fault.p99Before == null ? "unknown" : String.format("%.3f ms", fault.p99Before),
            fault.p99During == null ? "unknown" : String.format("%.3f ms", fault.p99During))
}

if (!result.passed) {
    return   // the test's own reason stands
}
if (fault == null) {
    maestro.verdict(false, "no agent recorded the action '${command}' (no agent-actions.csv under ${result.directory})")
} else if (agentsThatActed.size() != 1) {
    maestro.verdict(false, "the action '${command}' addressed to ${agentPeer} was recorded by ${agentsThatActed}")
} else if (outcomes.any { it.outcome != "success" }) {
    def failed = outcomes.find { it.outcome != "success" }
    maestro.verdict(false, "the agent action '${failed.command}' did not succeed: ${failed.outcome} ${failed.message}")
} else {
    maestro.verdict(true, String.format("'%s' on %s; silence %s; throughput back %s",
            command, fault.agent, fault.gapSeconds == null ? "unknown" : String.format("%.3f s", fault.gapSeconds),
            fault.throughputRecoverySeconds != null ? String.format("after %.1f s", fault.throughputRecoverySeconds)
                    : fault.throughputRecovery))
}

package org.maestro.topology.cli;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.testing.RealRouter;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.Topology;
import org.maestro.topology.local.AmqpProbe;
import org.maestro.topology.local.LocalTopologyLauncher;
import org.maestro.topology.local.TopologyState;

/** {@code topology up} and {@code topology down} as a user runs them, as far as this machine allows. */
class UpDownCommandTest {

    @TempDir
    Path work;

    private Path write(String name, String yaml) throws Exception {
        Path file = work.resolve(name);
        Files.writeString(file, yaml);
        return file;
    }

    @Test
    void upStartsBrokersAtThePrintedUrlsAndDownStopsThem() throws Exception {
        Path input =
                write("brokers.yaml", "nodes:\n  - {id: broker1, type: broker}\n  - {id: broker2, type: broker}\n");
        Path runDir = work.resolve("run");
        Path state = runDir.resolve("state.json");
        CompletableFuture<CliRun> up = CompletableFuture.supplyAsync(() -> CliRun.of(
                new UpCommand(Optional::empty), "--input", input.toString(), "--work-dir", runDir.toString()));
        await("topology up writes its state file or ends")
                .atMost(Duration.ofSeconds(60))
                .until(() -> Files.exists(state) || up.isDone());
        assertTrue(Files.exists(state), "state file written once up: " + (up.isDone() ? up.get() : "still starting"));

        Topology topology = Topology.load(state);
        assertEquals(
                List.of("broker1", "broker2"),
                topology.nodes().stream().map(NodeEndpoint::name).toList());
        String url = topology.clientUrl("broker2", "test.queue");
        assertEquals("ping", AmqpProbe.sendAndReceive(url, url, "ping"));

        CliRun down = CliRun.of(new TopologyCommand(), "down", "--work-dir", runDir.toString());
        assertEquals(0, down.exitCode(), down.err());
        assertEquals("Topology 'brokers' is down.\n", down.out());
        CliRun upRun = up.get(30, TimeUnit.SECONDS);
        assertEquals(0, upRun.exitCode(), upRun.err());
        assertTrue(
                upRun.out()
                        .contains("Topology 'brokers' is up. Client URLs:\n  broker1          broker  "
                                + topology.clientUrl("broker1") + "\n  broker2          broker  "
                                + topology.clientUrl("broker2")),
                upRun.out());
        assertTrue(upRun.out().endsWith("Topology 'brokers' is down.\n"), upRun.out());
        assertFalse(Files.exists(state), "state file removed");
        NodeEndpoint broker2 = topology.node("broker2");
        assertFalse(AmqpProbe.accepts(broker2.host(), broker2.port()), "broker stopped");
    }

    @Test
    void upOfARouterTopologyWithoutQdrouterdExitsWithThreeAndSaysHowToInstallIt() throws Exception {
        Path input = write("rb.yaml", """
                nodes:
                  - {id: router1, type: router}
                  - {id: broker1, type: broker}
                links:
                  - {source: router1, target: broker1}
                """);
        CliRun run = CliRun.of(
                new UpCommand(Optional::empty),
                "--input",
                input.toString(),
                "--work-dir",
                work.resolve("run").toString());
        assertEquals(3, run.exitCode());
        assertEquals("up: " + LocalTopologyLauncher.QDROUTERD_REQUIRED + "\n", run.err());
        assertFalse(Files.exists(work.resolve("run/state.json")));
    }

    @Test
    void upRefusesAWorkDirWhoseTopologyIsStillUp() throws Exception {
        Path state = work.resolve("state.json");
        new TopologyState(1, "other", ProcessHandle.current().pid(), work.toString(), List.of()).write(state);
        CliRun run = CliRun.of(new UpCommand(Optional::empty), "--input", "x.yaml", "--state", state.toString());
        assertEquals(2, run.exitCode());
        assertEquals(
                "up: " + state + ": topology 'other' is already up (process "
                        + ProcessHandle.current().pid() + "); run 'maestro-cli topology down --state " + state
                        + "' first or choose another --work-dir\n",
                run.err());
    }

    @Test
    void downWithoutAStateFileExitsWithTwo() {
        CliRun run = CliRun.of(
                new TopologyCommand(),
                "down",
                "--state",
                work.resolve("none.json").toString());
        assertEquals(2, run.exitCode());
        assertEquals(
                "topology down: " + work.resolve("none.json")
                        + ": no topology state here; nothing is up (give --state the file that topology up "
                        + "printed, or the --work-dir it was given)\n",
                run.err());
    }

    @Test
    void downStopsTheRoutersLeftBehindByAnUpProcessThatDied() throws Exception {
        Process gone = endedProcess();
        Process orphan = new ProcessBuilder(List.of("sleep", "60")).start();
        try {
            String started = orphan.info().startInstant().orElseThrow().toString();
            Path state = writeStateOfOneRouter("left-over", gone, orphan, started);
            CliRun run = CliRun.of(new TopologyCommand(), "down", "--state", state.toString());
            assertEquals(0, run.exitCode(), run.err());
            assertEquals(
                    "The process that started topology 'left-over' (" + gone.pid() + ") is gone; stopping the "
                            + "routers it left running.\nTopology 'left-over' is down.\n",
                    run.out());
            assertTrue(orphan.waitFor(10, TimeUnit.SECONDS), "the left-over router process was stopped");
            assertFalse(Files.exists(state));
        } finally {
            orphan.destroyForcibly();
        }
    }

    @Test
    void downLeavesAProcessAloneWhosePidWasReused() throws Exception {
        Process gone = endedProcess();
        Process unrelated = new ProcessBuilder(List.of("sleep", "60")).start();
        try {
            Path state = writeStateOfOneRouter("old", gone, unrelated, "2001-01-01T00:00:00Z");
            assertEquals(
                    0,
                    CliRun.of(new TopologyCommand(), "down", "--state", state.toString())
                            .exitCode());
            assertTrue(unrelated.isAlive(), "a process with another start time is not the recorded router");
        } finally {
            unrelated.destroyForcibly();
        }
    }

    /** A process that has already ended: its pid names no live process. */
    private static Process endedProcess() throws Exception {
        Process ended = new ProcessBuilder(List.of("true")).start();
        ended.waitFor(10, TimeUnit.SECONDS);
        return ended;
    }

    /** Writes the state file of topology {@code name}, started by {@code owner}, with one router process. */
    private Path writeStateOfOneRouter(String name, Process owner, Process router, String routerStarted)
            throws Exception {
        Path state = work.resolve("state.json");
        new TopologyState(
                        1,
                        name,
                        owner.pid(),
                        work.toString(),
                        List.of(new TopologyState.Node(
                                "router1",
                                "router",
                                "127.0.0.1",
                                1,
                                "amqp://127.0.0.1:1",
                                router.pid(),
                                routerStarted,
                                null)))
                .write(state);
        return state;
    }

    /** Runs {@code topology up} in the background until its state file appears; fails with what it printed. */
    private CompletableFuture<CliRun> upUntilReady(Path input, Path runDir) throws Exception {
        Path router = RealRouter.require();
        CompletableFuture<CliRun> up = CompletableFuture.supplyAsync(() -> CliRun.of(
                new UpCommand(() -> Optional.of(router)),
                "--input",
                input.toString(),
                "--work-dir",
                runDir.toString()));
        Path state = runDir.resolve("state.json");
        await("topology up writes its state file or ends")
                .atMost(Duration.ofSeconds(90))
                .until(() -> Files.exists(state) || up.isDone());
        assertTrue(Files.exists(state), "state file written once up: " + (up.isDone() ? up.get() : "still starting"));
        return up;
    }

    private static List<ProcessHandle> routerProcesses() {
        return ProcessHandle.current()
                .descendants()
                .filter(p ->
                        p.info().command().map(c -> c.endsWith("qdrouterd")).orElse(false))
                .toList();
    }

    /** Up, a message across, down: every router process ends and every port closes. */
    private void upCarryDown(String example, String fromNode, String toNode, String address) throws Exception {
        Path input = Path.of("..", "test-scripts", "topologies", example + ".yaml");
        Path runDir = work.resolve("run-" + example);
        CompletableFuture<CliRun> up = upUntilReady(input, runDir);
        Topology topology = Topology.load(runDir.resolve("state.json"));
        TopologyState state = TopologyState.read(runDir.resolve("state.json"));
        List<Long> pids = state.nodes().stream()
                .map(TopologyState.Node::pid)
                .filter(java.util.Objects::nonNull)
                .toList();
        assertFalse(pids.isEmpty(), "router processes are recorded");
        AmqpProbe.assertCarries(topology, fromNode, toNode, address, "across " + example);

        CliRun down = CliRun.of(new TopologyCommand(), "down", "--work-dir", runDir.toString());
        assertEquals(0, down.exitCode(), down.err());
        CliRun upRun = up.get(60, TimeUnit.SECONDS);
        assertEquals(0, upRun.exitCode(), upRun.err());
        for (long pid : pids) {
            assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false), "router " + pid + " stopped");
        }
        for (NodeEndpoint node : topology.nodes()) {
            assertFalse(AmqpProbe.accepts(node.host(), node.port()), node.name() + " no longer listens");
        }
    }

    @Test
    void upAndDownOfALineOfThreeRealRouters() throws Exception {
        upCarryDown("line-3-routers", "router1", "router3", "closest/line");
    }

    @Test
    void upAndDownOfRouterBrokerRouterWithLinkRoutesToTheRealBroker() throws Exception {
        upCarryDown("router-broker-router", "router1", "router2", "broker1.orders");
    }

    @Test
    void upWithATakenPortNamesTheNodeAndThePortAndStartsNothing() throws Exception {
        Path router = RealRouter.require();
        try (java.net.ServerSocket taken =
                new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            Path input = write("taken.yaml", """
                    nodes:
                      - {id: router1, type: router}
                      - {id: router2, type: router, port: %d}
                    links:
                      - {source: router1, target: router2}
                    """.formatted(port));
            CliRun run = CliRun.of(
                    new UpCommand(() -> Optional.of(router)),
                    "--input",
                    input.toString(),
                    "--work-dir",
                    work.resolve("run").toString());
            assertEquals(3, run.exitCode(), run.out() + run.err());
            assertEquals(
                    "up: router router2 cannot listen on its client port 127.0.0.1:" + port + ": it is already "
                            + "in use by another process; stop that process, or remove the port from router2 in the description "
                            + "so that a free one is chosen\n",
                    run.err());
            assertFalse(Files.exists(work.resolve("run/state.json")));
            assertEquals(List.of(), routerProcesses(), "no router was started");
        }
    }
}

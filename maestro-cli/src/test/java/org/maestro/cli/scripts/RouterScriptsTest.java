package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.testing.RealRouter;

/**
 * The published router restart experiment, shortened: RouterRestartTest.groovy starts a line of three real routers,
 * runs 2 × 500 msg/s across it for 20 s, and the embedded agent kills the middle router and starts it again 2 s
 * later. Every message is accounted for, and the loss is what an outage of that length can explain.
 */
class RouterScriptsTest {
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TOTAL_RATE = 2 * 500;
    private static final int DOWN_SECONDS = 2;

    @TempDir
    Path work;

    private static Path peer(Path iteration, String prefix) throws IOException {
        try (Stream<Path> peers = Files.list(iteration)) {
            return peers.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no " + prefix + "* directory in " + iteration));
        }
    }

    @Test
    void aRestartedMiddleRouterLosesWhatItsOutageExplainsAndEveryMessageIsAccountedFor() throws Exception {
        Path router = RealRouter.require();
        CliProcess run = CliProcess.runScript(
                "RouterRestartTest.groovy",
                Map.of(
                        "QDROUTERD",
                        router.toString(),
                        "RATE",
                        "500",
                        "PARALLEL_COUNT",
                        "2",
                        "TEST_DURATION",
                        "20s",
                        "WARM_UP",
                        "2s",
                        "AGENT_AT",
                        "5s",
                        "DOWN",
                        Integer.toString(DOWN_SECONDS)),
                DEADLINE,
                work);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        assertTrue(run.output().contains("PASSED: 'restart router2 2 --kill' done"), run.output());
        Path iteration = work.resolve("results/router-restart/0");

        String agentLog = Files.readString(peer(iteration, "agent-").resolve("agent-action-1.log"));
        assertTrue(agentLog.contains("killed (SIGKILL) router router2"), agentLog);
        assertTrue(agentLog.contains("started router router2"), agentLog);

        JsonNode messages = null;
        for (JsonNode entry : JSON.readTree(
                        work.resolve("results/router-restart/summary.json").toFile())
                .get("iterations")) {
            messages = entry.get("messages");
        }
        long sent = messages.get("sent").asLong();
        long received = messages.get("received").asLong();
        long refused = messages.get("refused").asLong();
        long vanished = messages.get("vanished").asLong();
        assertEquals(sent, received + refused + vanished, "sent = received + refused + vanished: " + messages);
        long lost = refused + vanished;
        assertTrue(lost >= TOTAL_RATE * DOWN_SECONDS / 2, "at least half the traffic of the outage lost: " + messages);
        assertTrue(
                lost <= TOTAL_RATE * (DOWN_SECONDS + 15L), "no more than the outage and re-convergence: " + messages);

        Matcher outage =
                Pattern.compile("outage seen by the receivers: (\\d+\\.\\d+) s").matcher(run.output());
        assertTrue(outage.find(), run.output());
        assertTrue(
                Double.parseDouble(outage.group(1)) >= DOWN_SECONDS * 0.75,
                "the receivers saw the outage: " + outage.group());
        List<String> gaps = Files.readAllLines(peer(iteration, "receiver-").resolve("receive-gaps.csv"));
        assertEquals("# maestro-receive-gaps v1", gaps.get(0));

        Path inspector = peer(iteration, "inspector-");
        for (String node : List.of("router1", "router2", "router3")) {
            // the topology the script started has each of its routers inspected, a system named after it
            Path system = inspector.resolve("systems").resolve(node);
            try (Stream<Path> files = Files.list(system)) {
                List<String> names = files.map(p -> p.getFileName().toString()).toList();
                assertTrue(names.contains("dispatch-router.csv"), node + " is inspected: " + names);
            }
            assertTrue(
                    Files.readString(system.resolve("inspector.properties")).contains("sut.name=" + node),
                    node + "'s own management answered");
        }
        try (Stream<Path> files = Files.list(inspector)) {
            List<String> names = files.map(p -> p.getFileName().toString()).toList();
            assertFalse(names.stream().anyMatch(n -> n.startsWith("artemis-")), "no idle broker inspected: " + names);
            assertFalse(names.stream().anyMatch(n -> n.startsWith("dispatch-")), "each router in its own: " + names);
        }
        try (Stream<Path> left = Files.list(work.resolve("results"))) {
            assertTrue(
                    left.anyMatch(p -> p.getFileName().toString().startsWith("topology-line-3-routers-")),
                    "the topology's configurations and router logs are kept with the results");
        }
        assertNoRouterLeft(work);
    }

    /** No router whose command line names the work directory is still running: the script stopped its routers. */
    static void assertNoRouterLeft(Path work) {
        assertEquals(
                List.of(),
                ProcessHandle.allProcesses()
                        .filter(p -> p.info()
                                .commandLine()
                                .map(c -> c.contains(work.toString()) && c.contains("qdrouterd"))
                                .orElse(false))
                        .toList(),
                "the routers were stopped at the end of the script");
    }
}

package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.cli.testing.WorkerProcess;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.out.JUnitXml;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * Loss is reported only when it is known, with real processes: worker JVMs on a Mosquitto control broker, an Artemis
 * SUT apart, and one worker killed with SIGKILL mid-test. Whatever died, summary.json, JUnit, the CLI table and the
 * script see the loss as unknown (never 0, never the survivors' guess), and the peer table names the dead peer.
 */
class PeerDeathAccountingTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path FIXED_RATE_SCRIPT = locate("test-scripts/FixedRateTest.groovy");

    @TempDir
    Path work;

    private DistributedCluster cluster;

    @BeforeEach
    void startCluster() throws Exception {
        cluster = DistributedCluster.start("k", work);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void oneReceiverOfTwoKilledLeavesTheLossUnknownAndTheDeadReceiverListed() throws Exception {
        WorkerProcess second = cluster.addReceiver("receiver-k2", work.resolve("receiver-k2-files"));
        Path script = work.resolve("Two.groovy");
        Files.writeString(
                script,
                "maestro.test { name \"two-receivers\"; sut \"" + cluster.sut().amqpUrl("death.two")
                        + "\"; rate 200; parallelCount 2; duration \"2m\" }\n");
        Path results = work.resolve("results");

        CliRun run = runKilling(() -> CliRun.run(script, cluster.mosquitto().url(), results), second);

        assertEquals(ExitCode.TEST_FAILED.code(), run.exitCode(), run.err());
        JsonNode iteration = iteration(results.resolve("two-receivers"));
        JsonNode messages = iteration.path("messages");
        assertTrue(messages.get("lost").isNull(), "lost is unknown, not sent − what one receiver got: " + messages);
        assertTrue(messages.get("vanished").isNull() && messages.get("refused").isNull(), messages.toString());
        String why = messages.path("unknownReason").asText();
        assertTrue(why.contains("receiver-k2@") && why.contains("died"), why);
        long senderCount = PeerResult.read(PeerDirectories.find(results.resolve("two-receivers/0"), "sender-k")
                        .resolve(PeerResult.FILE_NAME))
                .count();
        assertEquals(senderCount, messages.path("sent").asLong(), "the sender's own count");
        long survivor = PeerResult.read(PeerDirectories.find(results.resolve("two-receivers/0"), "receiver-k@")
                        .resolve(PeerResult.FILE_NAME))
                .count();
        assertEquals(survivor, messages.path("received").asLong(), "what the surviving receiver got");
        assertTrue(survivor > 0 && survivor < senderCount, survivor + " of " + senderCount);

        JsonNode dead = peer(iteration, "receiver-k2");
        assertTrue(dead.path("count").isNull(), "the dead receiver's count is unknown: " + dead);
        assertTrue(dead.path("ended").asText().startsWith("died: its control connection dropped at "), dead.toString());
        assertEquals("stopped", peer(iteration, "sender-k").path("ended").asText());

        assertTrue(run.out().contains("lost unknown: ") && run.out().contains("receiver-k2@"), run.out());
        assertTrue(tableRow(run.out(), "two-receivers").contains("unknown"), run.out());
        String junit = Files.readString(results.resolve("two-receivers").resolve(JUnitXml.FILE_NAME));
        assertTrue(junit.contains("lost=unknown"), junit);
        String page = Files.readString(results.resolve("two-receivers/iteration-0.html"));
        assertTrue(page.contains("<tr class=\"missing\"><td>receiver-k2</td>"), "the page lists the dead receiver");
        ResultsAudit.assertConsistent(results.resolve("two-receivers/0"));
        List<ResultsAudit.Mismatch> table = ResultsAudit.auditRunTable(run.out(), results.resolve("two-receivers/0"));
        assertTrue(table.isEmpty(), table + "\n" + run.out());
    }

    @Test
    void everyReceiverKilledFailsFixedRateTestOnUnknownLossInsteadOfPassingWithZero() throws Exception {
        Path results = work.resolve("results");
        Map<String, String> environment = Map.of(
                "SEND_RECEIVE_URL",
                cluster.sut().amqpUrl("death.all"),
                "TEST_DURATION",
                "2m",
                "WARM_UP",
                "0s",
                "RATE",
                "100",
                "PARALLEL_COUNT",
                "1");

        CliRun run = runKilling(
                () -> CliRun.runWithEnvironment(
                        environment,
                        "run",
                        FIXED_RATE_SCRIPT.toString(),
                        "--maestro-url",
                        cluster.mosquitto().url(),
                        "--results",
                        results.toString()),
                cluster.receiver());

        assertEquals(ExitCode.TEST_FAILED.code(), run.exitCode(), run.err());
        JsonNode messages = iteration(results.resolve("fixed-rate")).path("messages");
        assertEquals(0, messages.path("received").asLong(), messages.toString());
        assertTrue(messages.get("lost").isNull(), "not 'lost 0': " + messages);
        assertTrue(messages.path("sent").asLong() > 0, messages.toString());
        assertTrue(
                run.out().contains("script: lost messages unknown: receiver-k@"),
                "FixedRateTest.groovy judges the unknown loss: " + run.out());
        ResultsAudit.assertConsistent(results.resolve("fixed-rate/0"));
    }

    @Test
    void aKilledSenderLeavesSentAndLostUnknown() throws Exception {
        Path script = work.resolve("Sender.groovy");
        Files.writeString(
                script,
                "maestro.test { name \"sender-killed\"; sut \"" + cluster.sut().amqpUrl("death.sender")
                        + "\"; rate 200; duration \"2m\" }\n");
        Path results = work.resolve("results");

        CliRun run = runKilling(() -> CliRun.run(script, cluster.mosquitto().url(), results), cluster.sender());

        assertEquals(ExitCode.TEST_FAILED.code(), run.exitCode(), run.err());
        JsonNode iteration = iteration(results.resolve("sender-killed"));
        JsonNode messages = iteration.path("messages");
        assertTrue(messages.get("sent").isNull(), "not 'sent 0': " + messages);
        assertTrue(messages.get("lost").isNull(), messages.toString());
        assertTrue(messages.path("received").asLong() > 0, "what the receiver got is still counted: " + messages);
        assertTrue(messages.path("unknownReason").asText().startsWith("sender-k@"), messages.toString());
        assertTrue(peer(iteration, "sender-k").path("ended").asText().startsWith("died"), iteration.toString());
        String row = tableRow(run.out(), "sender-killed");
        assertFalse(row.matches(".*FAIL\\s+0\\s.*"), "the table does not say sent 0: " + row);
        ResultsAudit.assertConsistent(results.resolve("sender-killed/0"));
        List<ResultsAudit.Mismatch> table = ResultsAudit.auditRunTable(run.out(), results.resolve("sender-killed/0"));
        assertTrue(table.isEmpty(), table + "\n" + run.out());
    }

    /** Runs the CLI in the background, kills the worker once messages flow, and returns the run's outcome. */
    private CliRun runKilling(Supplier<CliRun> cli, WorkerProcess victim) throws Exception {
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(cli);
        cluster.awaitMessages(Role.RECEIVER, 200, Duration.ofSeconds(40));
        victim.kill();
        return run.get(90, TimeUnit.SECONDS);
    }

    private static JsonNode iteration(Path testDirectory) throws Exception {
        return JSON.readTree(testDirectory.resolve(SummaryJson.FILE_NAME).toFile())
                .path("iterations")
                .path(0);
    }

    private static JsonNode peer(JsonNode iteration, String name) {
        for (JsonNode peer : iteration.path("peers")) {
            if (peer.path("name").asText().equals(name)) {
                return peer;
            }
        }
        throw new AssertionError("no peer " + name + " in " + iteration.path("peers"));
    }

    private static String tableRow(String out, String test) {
        return out.lines()
                .filter(line -> line.startsWith(test + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no table row for " + test + " in " + out));
    }

    private static Path locate(String relative) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve(relative))) {
                return dir.resolve(relative);
            }
        }
        throw new IllegalStateException(
                relative + " not found above " + Path.of("").toAbsolutePath());
    }
}

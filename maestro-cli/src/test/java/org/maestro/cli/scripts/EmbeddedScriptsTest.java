package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import org.maestro.common.measure.PeerResult;
import org.maestro.reporter.testing.Recount;
import org.maestro.reporter.testing.ResultsAudit;
import org.maestro.testing.LocalRabbitMq;

/**
 * The ready test scripts run for real in embedded mode (control broker, Artemis SUT, sender, receiver, inspector
 * and agent in one JVM), shortened through the environment variables a CI job would set.
 */
class EmbeddedScriptsTest {
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private CliProcess run(String script, Map<String, String> environment, boolean report) throws Exception {
        return report
                ? CliProcess.runScript(script, environment, DEADLINE, work)
                : CliProcess.runScript(script, environment, DEADLINE, work, "--no-report");
    }

    private static Path peer(Path iteration, String prefix) throws IOException {
        try (Stream<Path> peers = Files.list(iteration)) {
            return peers.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError("no " + prefix + "* directory in " + iteration));
        }
    }

    /** The peer-result.json of a peer's directory, as the peers write it. */
    private static PeerResult result(Path peerDirectory) throws IOException {
        return PeerResult.read(peerDirectory.resolve(PeerResult.FILE_NAME));
    }

    /** The verdict of a test's iteration 0 in its summary.json. */
    private static JsonNode messagesVerdict(Path testDirectory) throws IOException {
        for (JsonNode entry :
                JSON.readTree(testDirectory.resolve("summary.json").toFile()).get("iterations")) {
            if (entry.get("iteration").asInt() == 0) {
                return entry;
            }
        }
        throw new AssertionError("no iteration 0 in " + testDirectory.resolve("summary.json"));
    }

    private static JsonNode messages(Path testDirectory, int iteration) throws IOException {
        for (JsonNode entry :
                JSON.readTree(testDirectory.resolve("summary.json").toFile()).get("iterations")) {
            if (entry.get("iteration").asInt() == iteration) {
                return entry.get("messages");
            }
        }
        throw new AssertionError("no iteration " + iteration + " in " + testDirectory.resolve("summary.json"));
    }

    @Test
    void fixedRateTestRunsEmbeddedWithItsDurationFromTheEnvironment() throws Exception {
        // A loose latency condition: a cold JVM on a busy machine may stall for a second in its first seconds.
        CliProcess run = run(
                "FixedRateTest.groovy",
                Map.of("TEST_DURATION", "4s", "WARM_UP", "1s", "RATE", "200", "MAXIMUM_LATENCY", "5000"),
                true);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        Path iteration = work.resolve("results/fixed-rate/0");
        long sent = result(peer(iteration, "sender-")).count();
        assertEquals(2 * 200 * 5, sent, "2 connections × 200 msg/s × (4 s + 1 s warm-up)");
        assertEquals(sent, result(peer(iteration, "receiver-")).count());

        // every number of the report, and the table printed, recomputed from the raw files
        ResultsAudit.assertConsistent(iteration);
        List<ResultsAudit.Mismatch> table = ResultsAudit.auditRunTable(run.output(), iteration);
        assertTrue(table.isEmpty(), table + "\n" + run.output());
        // nothing went wrong: the achieved rate is the planned one, 2 connections × 200 msg/s
        double achieved = JSON.readTree(
                        work.resolve("results/fixed-rate/summary.json").toFile())
                .get("iterations")
                .get(0)
                .get("rate")
                .get("receiver")
                .get("mean")
                .asDouble();
        assertEquals(400.0, achieved, 400.0 * 0.005, "within 0.5% of the planned rate");
        assertEquals(achieved, Recount.of(iteration).throughput(), 1e-6);
        assertTrue(Files.isRegularFile(peer(iteration, "inspector-").resolve("artemis-jvm-heap.csv")));
        assertTrue(
                run.output().contains("TEST_DURATION=4s") || run.output().contains("4s (+ warm-up 1s)"), run.output());
    }

    @Test
    void fixedRateTestWithAgentRestartsTheEmbeddedSutAndCountsWhatWasLost() throws Exception {
        CliProcess run = run(
                "FixedRateTestWithAgent.groovy",
                Map.of("TEST_DURATION", "8s", "WARM_UP", "1s", "AGENT_AT", "1s", "AGENT_COMMAND", "restart 2"),
                true);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        assertTrue(run.output().contains("PASSED: 'restart 2' done"), run.output());
        Path test = work.resolve("results/fixed-rate-with-agent");
        Path agent = peer(test.resolve("0"), "agent-");
        List<String> actions = Files.readAllLines(agent.resolve("agent-actions.csv"));
        assertEquals("# maestro-agent v2", actions.get(0));
        assertEquals(3, actions.size(), "one action: " + actions);
        String[] row = actions.get(2).split(",", 6);
        assertEquals("restart 2", row[1]);
        assertEquals("success", row[4]);
        assertTrue(Long.parseLong(row[3]) - Long.parseLong(row[2]) >= 2000, "down for 2 s: " + actions.get(2));
        String log = Files.readString(agent.resolve("agent-action-1.log"));
        assertTrue(log.contains("stopped the embedded Artemis SUT"), log);
        assertTrue(log.contains("started the embedded Artemis SUT"), log);

        long sent = result(peer(test.resolve("0"), "sender-")).count();
        long received = result(peer(test.resolve("0"), "receiver-")).count();
        JsonNode messages = messages(test, 0);
        // Across a restart the failover client may send again what it sent before the drop, and the broker may
        // deliver again what it delivered before: copies the SUT really made, counted once each, never as received.
        assertEquals(
                result(peer(test.resolve("0"), "receiver-")).duplicates(),
                messages.get("duplicates").asLong(),
                messages.toString());
        assertEquals(received, messages.get("received").asLong(), messages.toString());
        assertEquals(sent, messages.get("sent").asLong());
        assertEquals(sent - received, messages.get("lost").asLong(), messages.toString());
        assertEquals(
                messages.get("lost").asLong(),
                messages.get("refused").asLong() + messages.get("vanished").asLong(),
                "lost = refused + vanished: " + messages);
        assertTrue(messages.get("outcomes").get("accepted").asLong() > 0, messages.toString());
        Matcher printed = Pattern.compile("sent ([\\d,]+), received ([\\d,]+), lost ([\\d,]+)")
                .matcher(run.output());
        assertTrue(printed.find(), run.output());
        assertEquals(sent - received, Long.parseLong(printed.group(3).replace(",", "")));
        ResultsAudit.assertConsistent(test.resolve("0"));
    }

    @Test
    void aRunThatLosesMessagesFailsUnderTheDefaultLossLimit() throws Exception {
        // every message is lost, whatever the machine's speed: the senders send to one RabbitMQ queue and the
        // receivers read another (a restart of the SUT loses messages only when some sit in it at that moment)
        LocalRabbitMq.assumeRunning();
        String prefix = "maestro-loss-limit-" + ProcessHandle.current().pid();
        String sendQueue = prefix + "-sent";
        String receiveQueue = prefix + "-read";
        try {
            CliProcess run = run(
                    "FixedRateTest.groovy",
                    Map.of(
                            "SEND_URL",
                            LocalRabbitMq.url("queue=" + sendQueue + "&declare=true"),
                            "RECEIVE_URL",
                            LocalRabbitMq.url("queue=" + receiveQueue + "&declare=true"),
                            "TEST_DURATION",
                            "2s",
                            "WARM_UP",
                            "0",
                            "RATE",
                            "50",
                            "DRAIN_QUIET",
                            "1s"),
                    true);

            Path iteration = work.resolve("results/fixed-rate/0");
            Recount.Numbers truth = Recount.of(iteration);
            long sent = truth.sent();
            long lost = truth.lost();
            assertTrue(sent > 0 && lost == sent, "every message sent was lost:\n" + run.output());
            assertEquals(ExitCode.TEST_FAILED.code(), run.exitCode(), run.output());
            String expected = String.format(
                    java.util.Locale.ROOT,
                    "lost %,d of %,d messages (%.3f%%), more than MAXIMUM_LOSS 0 allows (no loss)",
                    lost,
                    sent,
                    lost * 100.0 / sent);
            // the first cause comes first (the receiver got nothing), and the verdict names the loss beyond the limit
            List<String> verdicts = run.output()
                    .strip()
                    .lines()
                    .filter(l -> l.startsWith("FAILED: "))
                    .toList();
            assertEquals(1, verdicts.size(), run.output());
            assertTrue(
                    verdicts.get(0).startsWith("FAILED: fixed-rate/0: receiver-1@localhost: received no messages"),
                    "the run's last word:\n" + run.output());
            JsonNode verdict = messagesVerdict(work.resolve("results/fixed-rate"));
            assertEquals("failure", verdict.get("outcome").asText(), verdict.toString());
            assertTrue(verdict.get("reason").asText().endsWith(expected), verdict.toString());
        } finally {
            for (String queue : List.of(sendQueue, receiveQueue)) {
                try {
                    LocalRabbitMq.deleteQueue(queue);
                } catch (IOException e) {
                    System.err.println("the queue " + queue + " is left on RabbitMQ: " + e.getMessage());
                }
            }
        }
    }

    @Test
    void durableMessagesOnAPersistentSutSurviveTheRestart() throws Exception {
        CliProcess run = run(
                "FixedRateTestWithAgent.groovy",
                Map.of(
                        "TEST_DURATION",
                        "8s",
                        "WARM_UP",
                        "1s",
                        "AGENT_AT",
                        "1s",
                        "AGENT_COMMAND",
                        "restart 2",
                        "DURABLE",
                        "true",
                        "MAESTRO_PERSISTENT_SUT",
                        "true",
                        "RATE",
                        "100"),
                false);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        assertTrue(run.output().contains("PASSED: 'restart 2' done"), run.output());
        Path iteration = work.resolve("results/fixed-rate-with-agent/0");
        long sent = result(peer(iteration, "sender-")).count();
        assertTrue(sent > 0);
        Matcher printed = Pattern.compile("sent ([\\d,]+), received ([\\d,]+), lost ([\\d,]+)")
                .matcher(run.output());
        assertTrue(printed.find(), run.output());
        assertEquals(0, Long.parseLong(printed.group(3).replace(",", "")), "nothing lost: " + printed.group());
    }

    @Test
    void incrementalTestConfirmsAFailingStepThenReportsTheHighestPassingRate() throws Exception {
        // The second step asks one connection for 300,000 msg/s (300 × RATE_GROWTH 1000), which no embedded SUT takes
        // in: it must fail on the received rate, be run once more (STEP_RETRIES default 1), fail again, and leave
        // 300 msg/s as the answer when the budget of two steps ends the search. The latency condition is loose: this
        // is about the search, and the first step of a cold JVM on a busy machine may be slow.
        CliProcess run = run(
                "IncrementalTest.groovy",
                Map.of(
                        "INITIAL_RATE",
                        "300",
                        "RATE_GROWTH",
                        "1000",
                        "CEILING_RATE",
                        "300000",
                        "MAX_STEPS",
                        "2",
                        "MAX_PARALLEL_COUNT",
                        "1",
                        "STEP_DURATION",
                        "3s",
                        "STEP_WARM_UP",
                        "1s",
                        "MAXIMUM_LATENCY",
                        "5000"),
                false);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        assertTrue(
                run.output()
                        .contains("PASSED: maximum sustainable rate 300 msg/s at 1 connections; 300000 msg/s "
                                + "failed, 99900.0% above"),
                run.output());
        assertTrue(
                run.output()
                        .contains("incremental: searching the highest per-connection rate from 300 msg/s (×1000 "
                                + "while steps pass, up to 300000) to within 5%, at most 2 steps, on 1 connections"),
                run.output());
        // On a busy machine the cold first step may fail once and be confirmed by its second attempt: the step
        // numbers then shift by one, the search does not change.
        Matcher failedSteps = Pattern.compile("incremental #\\d+: 1 × 300000 msg/s = 300000 msg/s target, \\d+ msg/s"
                        + " received, .*FAILED \\(received \\d+ msg/s, less than 95% of 300000\\)")
                .matcher(run.output());
        int failures = 0;
        while (failedSteps.find()) {
            failures++;
        }
        assertEquals(2, failures, "the failing step ran twice: " + run.output());
        assertTrue(run.output().contains("incremental: running the failed step again (attempt 2 of 2)"), run.output());
        assertTrue(run.output().contains("the budget of 2 steps is spent"), run.output());
        Matcher passed = Pattern.compile(
                        "incremental #(\\d+): 1 × 300 msg/s = 300 msg/s target, \\d+ msg/s received, " + ".*: PASSED")
                .matcher(run.output());
        assertTrue(passed.find(), "the 300 msg/s step passed: " + run.output());
        try (Stream<Path> iterations = Files.list(work.resolve("results/incremental"))) {
            assertEquals(
                    3 + Integer.parseInt(passed.group(1)),
                    iterations.filter(Files::isDirectory).count(),
                    "the passing step (after a failed cold attempt, if any) and the failing step twice");
        }
        assertEquals(
                300 * (3 + 2),
                result(peer(work.resolve("results/incremental/" + passed.group(1)), "receiver-"))
                        .count(),
                "3 s and a first warm-up of twice 1 s at 300 msg/s");
    }

    @Test
    void latencyTestRunsAtEightyPercentOfTheRateItsSearchFound() throws Exception {
        // The search: 300 msg/s passes and the budget of one step ends it (the failing steps of a search are the
        // incremental case's); TEST_DURATION and WARM_UP shorten both the search step and the latency run.
        CliProcess run = run(
                "LatencyTest.groovy",
                Map.of(
                        "INITIAL_RATE",
                        "300",
                        "MAX_STEPS",
                        "1",
                        "MAX_PARALLEL_COUNT",
                        "1",
                        "TEST_DURATION",
                        "3s",
                        "WARM_UP",
                        "1s",
                        "MAXIMUM_LATENCY",
                        "5000"),
                false);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        assertTrue(
                run.output()
                        .contains("latency-search: maximum sustainable rate 300 msg/s at 1 connections; no step "
                                + "above it failed (the budget of 1 steps is spent)"),
                run.output());
        assertTrue(run.output().contains("latency run: 80% of 300 msg/s = 1 × 240 msg/s"), run.output());
        assertTrue(
                Pattern.compile("PASSED: p90 [\\d.]+ ms, p99 [\\d.]+ ms at 240 msg/s \\(80% of 300, 1 connections\\)")
                        .matcher(run.output())
                        .find(),
                run.output());
        Path latency = work.resolve("results/latency/0");
        assertEquals(240 * (3 + 1), result(peer(latency, "sender-")).count(), "3 s and 1 s of warm-up at 240 msg/s");
        assertEquals(240 * (3 + 1), result(peer(latency, "receiver-")).count());
    }
}

package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * {@code test-scripts/BacklogDrainTest.groovy} runs for real in embedded mode at a short setting, and what it refuses
 * before the load it refuses with exit 2 and a message naming the parameters.
 */
class BacklogDrainScriptTest {
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void theScriptRunsShortAndEveryMessageSentIsAccountedFor() throws Exception {
        CliProcess run = CliProcess.runScript(
                "BacklogDrainTest.groovy",
                Map.of(
                        "TEST_DURATION", "5s",
                        "RATE", "100",
                        "RECEIVE_DELAY", "2s",
                        "RECEIVE_RATE", "200",
                        "DRAIN_TIMEOUT", "30s",
                        "MAXIMUM_LATENCY", "0"),
                DEADLINE,
                work);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        Path test = work.resolve("results/backlog-drain");
        JsonNode iteration = JSON.readTree(test.resolve("summary.json").toFile())
                .get("iterations")
                .get(0);
        JsonNode messages = iteration.get("messages");
        long sent = messages.get("sent").asLong();
        assertEquals(500, sent, "100 msg/s for 5 s: " + messages);
        assertEquals(
                sent,
                messages.get("received").asLong()
                        + messages.get("refused").asLong()
                        + messages.get("vanished").asLong(),
                "sent = received + refused + vanished: " + messages);
        assertTrue(iteration.has("backlog"), "2 s late at 100 msg/s is a backlog: " + iteration);
        assertTrue(run.output().contains("backlog-drain #0 backlog: peak "), run.output());
        ResultsAudit.assertConsistent(test.resolve("0"));
    }

    @Test
    void aDrainTimeoutThePlannedBacklogCannotDrainInIsRefusedBeforeTheLoad() throws Exception {
        String refusal =
                refusal(Map.of("TEST_DURATION", "60s", "RATE", "100", "RECEIVE_RATE", "20", "DRAIN_TIMEOUT", "30s"));
        assertTrue(refusal.contains("DRAIN_TIMEOUT=30s is too short for the planned backlog"), refusal);
        assertTrue(refusal.contains("RECEIVE_RATE=20"), refusal);
        assertTrue(refusal.contains("e.g. DRAIN_TIMEOUT="), refusal);
    }

    @Test
    void anOverlappingPauseIsRefusedNamingTheParameterAndAnExample() throws Exception {
        String refusal = refusal(Map.of("RECEIVE_PAUSE", "at 10s for 20s, at 15s for 5s"));
        assertTrue(refusal.contains("RECEIVE_PAUSE=at 10s for 20s, at 15s for 5s is refused"), refusal);
        assertTrue(refusal.contains("overlap"), refusal);
        assertTrue(refusal.contains("such as 'at 10s for 20s'"), refusal);
    }

    /** What the script printed when it was refused (exit 2) with these parameters. */
    private String refusal(Map<String, String> environment) throws Exception {
        CliProcess run = CliProcess.runScript("BacklogDrainTest.groovy", environment, DEADLINE, work, "--no-report");
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.output());
        return run.output();
    }
}

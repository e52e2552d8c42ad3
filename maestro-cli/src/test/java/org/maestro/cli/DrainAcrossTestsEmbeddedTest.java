package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;

/**
 * Two tests of one embedded script on the same queue, the first with 3 connections of 1000-byte messages and their
 * 3,000 priming messages: the first test drains all it sent before it ends (the client ends the drain as soon as the
 * receiver counted every message sent), so the second counts its own messages only.
 */
class DrainAcrossTestsEmbeddedTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    void aTestDrainsEverythingItSentAndTheNextCountsOnlyItsOwnMessages() throws Exception {
        Path script = work.resolve("TwoTests.groovy");
        Files.writeString(script, """
                maestro.fixedRate { name "a"; parallelCount 3; messageSize 1000; rate 50; duration 100 }
                maestro.fixedRate { name "b"; rate 50; duration 100 }
                """);
        Path results = work.resolve("results");

        CliRun run = CliRun.runWithEnvironment(
                Map.of(), "run", script.toString(), "--results", results.toString(), "--progress-interval", "10s");

        String printed = run.out() + run.err();
        assertEquals(ExitCode.OK.code(), run.exitCode(), printed);
        JsonNode a = messages(results.resolve("a"));
        assertEquals(300, a.get("sent").asLong(), a.toString());
        assertEquals(300, a.get("received").asLong(), "test a receives all it sent: " + a);
        assertEquals(0, a.get("lost").asLong(), a.toString());
        assertEquals(0, a.get("duplicates").asLong(), a.toString());
        assertEquals(0, a.get("stale").asLong(), "nothing was left in the queue before test a: " + a);

        JsonNode b = messages(results.resolve("b"));
        assertEquals(100, b.get("sent").asLong(), b.toString());
        assertEquals(100, b.get("received").asLong(), "test b counts only its own messages: " + b);
        assertEquals(0, b.get("lost").asLong(), b.toString());
        assertEquals(0, b.get("duplicates").asLong(), b.toString());
        PeerResult receiverB = PeerResult.read(
                PeerDirectories.find(results.resolve("b/0"), "receiver-").resolve(PeerResult.FILE_NAME));
        assertEquals(100, receiverB.count());
        // whatever of test a reached test b's receiver is reported as stale, in the peer's result and the summary
        assertEquals(receiverB.staleCount(), b.get("stale").asLong(), b.toString());
        assertEquals(0, receiverB.staleCount(), "test a drained everything before test b started: " + b);
        PeerResult receiverA = PeerResult.read(
                PeerDirectories.find(results.resolve("a/0"), "receiver-").resolve(PeerResult.FILE_NAME));
        PeerResult senderA = PeerResult.read(
                PeerDirectories.find(results.resolve("a/0"), "sender-").resolve(PeerResult.FILE_NAME));
        // the counts matched, so the client ended the drain at once: no quiet period of the receiver, no DRAIN_QUIET
        assertTrue(receiverA.reason().contains("the client ended the drain"), receiverA.reason());
        assertFalse(printed.contains("DRAIN_QUIET"), "no drain waited for want of progress: " + printed);
        long drainMillis = receiverA.endMillis() - senderA.endMillis();
        assertTrue(
                drainMillis < 3_000,
                "the receiver ended " + drainMillis + " ms after the sender, well under DRAIN_QUIET (5 s): the"
                        + " drain ends as soon as the counts match");
    }

    private static JsonNode messages(Path testDirectory) throws Exception {
        JsonNode iterations =
                JSON.readTree(testDirectory.resolve("summary.json").toFile()).get("iterations");
        assertEquals(1, iterations.size(), iterations.toString());
        return iterations.get(0).get("messages");
    }
}

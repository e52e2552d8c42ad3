package org.maestro.client.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;

/**
 * Two tests of one embedded script on the same queue, the first with 3 connections of 1000-byte messages and their
 * 3,000 priming messages: the first test drains all it sent before it ends, so the second counts its own messages
 * only.
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
        String receiverA = Files.readString(
                PeerDirectories.find(results.resolve("a/0"), "receiver-").resolve(PeerResult.FILE_NAME));
        assertTrue(receiverA.contains("drained"), receiverA);
    }

    private static JsonNode messages(Path testDirectory) throws Exception {
        JsonNode iterations =
                JSON.readTree(testDirectory.resolve("summary.json").toFile()).get("iterations");
        assertEquals(1, iterations.size(), iterations.toString());
        return iterations.get(0).get("messages");
    }
}

package org.maestro.common.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** test-outcome.json and script-verdict.json: the saved version 1 sample, written and read back. */
class TestOutcomeTest {
    private static final String SAMPLE = "test-outcome-v1.json";
    private static final String SAMPLE_REASON = "peer receiver-1@beta (receiver) disconnected abnormally (crashed, "
            + "killed or lost its network) during the test; the senders did not finish within 45 s (planned 10 s); "
            + "stopped them";
    private static final String SAMPLE_RUN_ID = "3f2a9c1e-5b7d-4e8f-9a6b-0c1d2e3f4a5b";

    private static Path sample(Path dir) throws IOException {
        try (InputStream in = TestOutcomeTest.class.getResourceAsStream(SAMPLE)) {
            Files.copy(in, dir.resolve(TestOutcome.RUNNER_FILE));
        }
        return dir;
    }

    @Test
    void readsTheSavedVersion1Sample(@TempDir Path dir) throws IOException {
        TestOutcome read =
                TestOutcomeReader.read(sample(dir), TestOutcome.RUNNER_FILE).orElseThrow();
        assertEquals(new TestOutcome(1, "failure", SAMPLE_REASON, SAMPLE_RUN_ID), read);
        assertTrue(read.failed());
    }

    @Test
    void writesTheSavedSampleByteForByte(@TempDir Path dir) throws IOException {
        String saved = Files.readString(
                sample(Files.createDirectories(dir.resolve("saved"))).resolve(TestOutcome.RUNNER_FILE));
        TestOutcomeWriter.write(
                dir.resolve("written"), TestOutcome.RUNNER_FILE, TestOutcome.of(false, SAMPLE_REASON, SAMPLE_RUN_ID));
        assertEquals(saved, Files.readString(dir.resolve("written").resolve(TestOutcome.RUNNER_FILE)));
    }

    @Test
    void aVerdictWithoutRunIdLeavesTheFieldOutAndReadsBackWithout(@TempDir Path dir) throws IOException {
        TestOutcomeWriter.write(dir, TestOutcome.SCRIPT_FILE, TestOutcome.of(true, "0 of 2000 lost", null));
        String text = Files.readString(dir.resolve(TestOutcome.SCRIPT_FILE));
        assertFalse(text.contains("runId"), text);
        TestOutcome read = TestOutcomeReader.read(dir, TestOutcome.SCRIPT_FILE).orElseThrow();
        assertEquals(new TestOutcome(TestOutcome.FORMAT_VERSION, "success", "0 of 2000 lost", null), read);
        assertFalse(read.failed());
        assertNull(read.runId());
    }

    @Test
    void aMissingFileReadsAsNoVerdict(@TempDir Path dir) throws IOException {
        assertEquals(Optional.empty(), TestOutcomeReader.read(dir, TestOutcome.RUNNER_FILE));
    }

    @Test
    void refusesAFileOfANewerFormatVersionNamingIt(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(TestOutcome.RUNNER_FILE), "{\"formatVersion\":2,\"outcome\":\"success\"}");
        IOException e = assertThrows(IOException.class, () -> TestOutcomeReader.read(dir, TestOutcome.RUNNER_FILE));
        assertTrue(e.getMessage().contains("has formatVersion 2; this Maestro reads up to 1"), e.getMessage());
    }

    @Test
    void refusesAFileThatIsNotJson(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve(TestOutcome.RUNNER_FILE), "outcome=failure");
        IOException e = assertThrows(IOException.class, () -> TestOutcomeReader.read(dir, TestOutcome.RUNNER_FILE));
        assertTrue(e.getMessage().contains("is not a verdict file (JSON with outcome and reason)"), e.getMessage());
    }
}

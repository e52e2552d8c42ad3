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
class RecordedVerdictTest {
    private static final String SAMPLE = "test-outcome-v1.json";
    private static final String SAMPLE_REASON = "peer receiver-1@beta (receiver) disconnected abnormally (crashed, "
            + "killed or lost its network) during the test; the senders did not finish within 45 s (planned 10 s); "
            + "stopped them";
    private static final String SAMPLE_RUN_ID = "3f2a9c1e-5b7d-4e8f-9a6b-0c1d2e3f4a5b";

    private static Path sample(Path dir) throws IOException {
        try (InputStream in = RecordedVerdictTest.class.getResourceAsStream(SAMPLE)) {
            Files.copy(in, dir.resolve(RecordedVerdict.RUNNER_FILE));
        }
        return dir;
    }

    @Test
    void readsTheSavedVersion1Sample(@TempDir Path dir) throws IOException {
        RecordedVerdict read = RecordedVerdictReader.read(sample(dir), RecordedVerdict.RUNNER_FILE)
                .orElseThrow();
        assertEquals(new RecordedVerdict(1, "failure", SAMPLE_REASON, SAMPLE_RUN_ID), read);
        assertTrue(read.failed());
    }

    @Test
    void writesTheSavedSampleByteForByte(@TempDir Path dir) throws IOException {
        String saved = Files.readString(
                sample(Files.createDirectories(dir.resolve("saved"))).resolve(RecordedVerdict.RUNNER_FILE));
        RecordedVerdictWriter.write(
                dir.resolve("written"),
                RecordedVerdict.RUNNER_FILE,
                RecordedVerdict.of(false, SAMPLE_REASON, SAMPLE_RUN_ID));
        assertEquals(saved, Files.readString(dir.resolve("written").resolve(RecordedVerdict.RUNNER_FILE)));
    }

    @Test
    void aVerdictWithoutRunIdLeavesTheFieldOutAndReadsBackWithout(@TempDir Path dir) throws IOException {
        RecordedVerdictWriter.write(dir, RecordedVerdict.SCRIPT_FILE, RecordedVerdict.of(true, "0 of 2000 lost", null));
        String text = Files.readString(dir.resolve(RecordedVerdict.SCRIPT_FILE));
        assertFalse(text.contains("runId"), text);
        RecordedVerdict read =
                RecordedVerdictReader.read(dir, RecordedVerdict.SCRIPT_FILE).orElseThrow();
        assertEquals(new RecordedVerdict(RecordedVerdict.FORMAT_VERSION, "success", "0 of 2000 lost", null), read);
        assertFalse(read.failed());
        assertNull(read.runId());
    }

    @Test
    void aMissingFileReadsAsNoVerdict(@TempDir Path dir) throws IOException {
        assertEquals(Optional.empty(), RecordedVerdictReader.read(dir, RecordedVerdict.RUNNER_FILE));
    }

    @Test
    void refusesAFileOfANewerFormatVersionNamingIt(@TempDir Path dir) throws IOException {
        String refusal = refusal(dir, "{\"formatVersion\":2,\"outcome\":\"success\"}");
        assertTrue(refusal.contains("has formatVersion 2; this Maestro reads up to 1"), refusal);
    }

    @Test
    void refusesAFileThatIsNotJson(@TempDir Path dir) throws IOException {
        String refusal = refusal(dir, "outcome=failure");
        assertTrue(refusal.contains("is not a verdict file (JSON with outcome and reason)"), refusal);
    }

    /** Why reading the runner's verdict file of this content fails. */
    private static String refusal(Path dir, String content) throws IOException {
        Files.writeString(dir.resolve(RecordedVerdict.RUNNER_FILE), content);
        return assertThrows(IOException.class, () -> RecordedVerdictReader.read(dir, RecordedVerdict.RUNNER_FILE))
                .getMessage();
    }
}

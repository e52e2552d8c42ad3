package org.maestro.common.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import org.maestro.common.files.AtomicFiles;

/** Writes a {@link RecordedVerdict} in the format {@link RecordedVerdictReader} describes. Thread-safe. */
public final class RecordedVerdictWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RecordedVerdictWriter() {}

    /**
     * Writes {@code <iterationDirectory>/<fileName>} ({@link RecordedVerdict#RUNNER_FILE} or
     * {@link RecordedVerdict#SCRIPT_FILE}), replacing an earlier verdict; creates the directory when missing.
     */
    public static void write(Path iterationDirectory, String fileName, RecordedVerdict outcome) throws IOException {
        AtomicFiles.write(iterationDirectory.resolve(fileName), out -> JSON.writeValue(out, outcome));
    }
}

package org.maestro.common.measure;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;
import org.maestro.common.files.AtomicFiles;

/** Writes a {@link TestOutcome} in the format {@link TestOutcomeReader} describes. Thread-safe. */
public final class TestOutcomeWriter {
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private TestOutcomeWriter() {}

    /**
     * Writes {@code <iterationDirectory>/<fileName>} ({@link TestOutcome#RUNNER_FILE} or
     * {@link TestOutcome#SCRIPT_FILE}), replacing an earlier verdict; creates the directory when missing.
     */
    public static void write(Path iterationDirectory, String fileName, TestOutcome outcome) throws IOException {
        AtomicFiles.write(iterationDirectory.resolve(fileName), out -> JSON.writeValue(out, outcome));
    }
}

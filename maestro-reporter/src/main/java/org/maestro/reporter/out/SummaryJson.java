package org.maestro.reporter.out;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import org.maestro.common.files.AtomicFiles;
import org.maestro.reporter.TestSummary;

/**
 * Reads and writes a test's summary.json ({@code {"formatVersion":1,"test":…,"iterations":[…]}},
 * schema in docs/reporting.md) and serialises data for the pages.
 */
public final class SummaryJson {

    /** File name of the summary in a test directory. */
    public static final String FILE_NAME = "summary.json";

    /**
     * The content of summary.json.
     *
     * @param formatVersion {@link TestSummary#FORMAT_VERSION}
     * @param test test name
     * @param iterations one summary per iteration, by iteration number
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record TestFile(int formatVersion, String test, List<TestSummary> iterations) {}

    static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES);
    private static final ObjectMapper COMPACT = new ObjectMapper();

    private SummaryJson() {}

    /** Writes {@code <testDir>/summary.json}. */
    public static Path write(Path testDir, String test, List<TestSummary> iterations) throws IOException {
        Path file = testDir.resolve(FILE_NAME);
        writeValue(file, new TestFile(TestSummary.FORMAT_VERSION, test, iterations));
        return file;
    }

    /** Reads a summary.json; refuses a newer format than this reporter writes. */
    public static TestFile read(Path file) throws IOException {
        TestFile content;
        try {
            content = MAPPER.readValue(file.toFile(), TestFile.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a valid " + FILE_NAME + ": " + e.getMessage(), e);
        }
        if (content.formatVersion() > TestSummary.FORMAT_VERSION) {
            throw new IOException(file + " has summary format v" + content.formatVersion() + "; this reporter reads up"
                    + " to v" + TestSummary.FORMAT_VERSION + " (upgrade maestro-reporter)");
        }
        return content;
    }

    /** Writes any value as indented JSON to a file, whole or not at all ({@link AtomicFiles}). */
    public static void writeValue(Path file, Object value) throws IOException {
        AtomicFiles.write(file, out -> MAPPER.writeValue(out, value));
    }

    /** Reads any JSON file into the given type. */
    public static <T> T readValue(Path file, Class<T> type) throws IOException {
        return MAPPER.readValue(file.toFile(), type);
    }

    /**
     * Compact JSON that is safe inside an HTML {@code <script>} element: {@code <}, {@code >} and
     * {@code &} (which only occur inside JSON strings) are written as unicode escapes.
     */
    public static String forScript(Object value) {
        try {
            return COMPACT.writeValueAsString(value)
                    .replace("<", "\\u003c")
                    .replace(">", "\\u003e")
                    .replace("&", "\\u0026");
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}

package org.maestro.common.measure;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reads a {@link RecordedVerdict}. The format, version 1, is one JSON object:
 *
 * <pre>{@code
 * {
 *   "formatVersion" : 1,
 *   "outcome" : "failure",
 *   "reason" : "peer receiver-1@beta (receiver) dropped its control connection during the test (killed or crashed) …",
 *   "runId" : "0f8e…"
 * }
 * }</pre>
 *
 * {@code outcome} is {@code success} or {@code failure} (read as written: a reader decides what else means); {@code
 * reason} may be empty; {@code runId} is absent when not known (a script's verdict); a missing {@code formatVersion}
 * reads as 1 and unknown fields are ignored. A file of a newer format version is refused. Thread-safe.
 */
public final class RecordedVerdictReader {
    private static final ObjectMapper JSON = new ObjectMapper();

    private RecordedVerdictReader() {}

    /**
     * Reads {@code <iterationDirectory>/<fileName>}; empty when there is none.
     *
     * @throws IOException when it exists but is not such a file, or has a newer format version
     */
    public static Optional<RecordedVerdict> read(Path iterationDirectory, String fileName) throws IOException {
        Path file = iterationDirectory.resolve(fileName);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        JsonNode node;
        try {
            node = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IOException(file + " is not a verdict file (JSON with outcome and reason): " + e.getMessage(), e);
        }
        if (node == null || !node.isObject()) {
            throw new IOException(file + " is not a verdict file (JSON with outcome and reason): not a JSON object");
        }
        int version = node.path("formatVersion").asInt(1);
        if (version > RecordedVerdict.FORMAT_VERSION) {
            throw new IOException(file + " has formatVersion " + version + "; this Maestro reads up to "
                    + RecordedVerdict.FORMAT_VERSION + ": use a newer Maestro to read it");
        }
        return Optional.of(new RecordedVerdict(
                version,
                node.path("outcome").asText(""),
                node.path("reason").asText(""),
                node.path("runId").isTextual() ? node.path("runId").asText() : null));
    }
}

package org.maestro.reporter.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.maestro.reporter.Outcome;

/**
 * A verdict recorded beside the peers' files of an iteration: the runner's ({@value #RUNNER}: a peer died, a start
 * failed, a deadline passed) or the script's ({@value #SCRIPT}: what {@code maestro.verdict(false, …)} declared).
 * A small JSON object: {@code {"formatVersion":1,"outcome":"failure","reason":"…","runId":"…"}}.
 *
 * @param outcome success or failure
 * @param reason why, possibly empty
 * @param runId the run id of the test iteration the runner ran, null when not known (the script's verdict)
 */
public record VerdictFile(Outcome outcome, String reason, String runId) {

    /** The file of the runner's verdict in an iteration directory. */
    public static final String RUNNER = "test-outcome.json";
    /** The file of the script's verdict in an iteration directory. */
    public static final String SCRIPT = "script-verdict.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** A verdict without a run id. */
    public VerdictFile(Outcome outcome, String reason) {
        this(outcome, reason, null);
    }

    /** True when it records a failure. */
    public boolean failed() {
        return outcome == Outcome.FAILURE;
    }

    /** Writes {@code <iterationDirectory>/<fileName>}, replacing an earlier verdict. */
    public void write(Path iterationDirectory, String fileName) throws IOException {
        Files.createDirectories(iterationDirectory);
        Map<String, Object> content = new LinkedHashMap<>();
        content.put("formatVersion", 1);
        content.put("outcome", outcome.jsonName());
        content.put("reason", reason == null ? "" : reason);
        if (runId != null) {
            content.put("runId", runId);
        }
        JSON.writeValue(iterationDirectory.resolve(fileName).toFile(), content);
    }

    /**
     * Reads {@code <iterationDirectory>/<fileName>}; empty when there is none.
     *
     * @throws IOException when it exists but is not such a file
     */
    public static Optional<VerdictFile> read(Path iterationDirectory, String fileName) throws IOException {
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
        return Optional.of(new VerdictFile(Outcome.parse(node.path("outcome").asText("")),
                node.path("reason").asText(""), node.path("runId").isTextual() ? node.path("runId").asText() : null));
    }
}

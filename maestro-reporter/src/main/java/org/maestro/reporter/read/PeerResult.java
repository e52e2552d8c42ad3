package org.maestro.reporter.read;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * A peer's peer-result.json (docs/results-format.md): its counters, streams and outcome.
 *
 * @param formatVersion format version, 1
 * @param peer peer name
 * @param role peer role
 * @param startMillis epoch ms the peer started the test
 * @param endMillis epoch ms it ended
 * @param warmupEndMillis epoch ms the warm-up ended (0 without warm-up)
 * @param count messages sent or received
 * @param errors errors
 * @param duplicates duplicates the peer saw itself
 * @param outOfOrder out-of-order deliveries the peer saw
 * @param streams per sender connection details
 * @param outcome success or failure
 * @param reason why
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record PeerResult(int formatVersion, String peer, String role, long startMillis, long endMillis,
                         long warmupEndMillis, long count, long errors, long duplicates, long outOfOrder,
                         List<StreamResult> streams, String outcome, String reason) {

    /** Newest peer-result format this reader understands. */
    public static final int FORMAT_VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES, false);

    /** Streams, never null. */
    @Override
    public List<StreamResult> streams() {
        return streams == null ? List.of() : streams;
    }

    /** Reads a peer-result.json file. */
    public static PeerResult read(Path file) throws IOException {
        try {
            return MAPPER.readValue(file.toFile(), PeerResult.class);
        } catch (IOException e) {
            throw new IOException(file + " is not a valid peer-result.json: " + e.getMessage(), e);
        }
    }
}

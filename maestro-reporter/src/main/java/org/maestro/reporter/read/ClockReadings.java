package org.maestro.reporter.read;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.maestro.common.files.AtomicFiles;
import org.maestro.reporter.ClockEstimate;

/**
 * The clock offsets of a test iteration's peers to the client's clock, as the runner estimated them from PING round
 * trips before, during and after the load ({@value #FILE_NAME} beside the peers' directories).
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param runId the run id of the iteration, null when not known
 * @param peers every peer with at least one estimate, in the order the runner found them
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ClockReadings(int formatVersion, String runId, List<Peer> peers) {

    /** The file in an iteration directory. */
    public static final String FILE_NAME = "clocks.json";
    /** Version of the format this class writes. */
    public static final int FORMAT_VERSION = 1;

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    public ClockReadings {
        // a hand-edited file may hold nulls: they are left out rather than fail the report
        peers = peers == null
                ? List.of()
                : peers.stream()
                        .filter(peer -> peer != null && peer.name() != null)
                        .toList();
    }

    /**
     * The estimates of one peer.
     *
     * @param name qualified peer name, the name of its directory ({@code receiver-1@host})
     * @param role sender, receiver, inspector or agent
     * @param host the host it ran on
     * @param estimates its estimates, in the order they were taken
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Peer(String name, String role, String host, List<ClockEstimate> estimates) {
        public Peer {
            estimates = estimates == null
                    ? List.of()
                    : estimates.stream()
                            .filter(estimate -> estimate != null && estimate.phase() != null)
                            .toList();
        }
    }

    /** The estimates of the peer of this qualified name; empty when it has none. */
    public List<ClockEstimate> of(String name) {
        return peers.stream()
                .filter(peer -> peer.name().equals(name))
                .findFirst()
                .map(Peer::estimates)
                .orElse(List.of());
    }

    /** Writes {@code <iterationDirectory>/clocks.json}, replacing an earlier one. */
    public void write(Path iterationDirectory) throws IOException {
        AtomicFiles.write(iterationDirectory.resolve(FILE_NAME), out -> JSON.writeValue(out, this));
    }

    /**
     * Reads {@code <iterationDirectory>/clocks.json}; empty when there is none (a test no peer answered a clock
     * exchange of, or results of an older runner).
     *
     * @throws IOException when it exists but cannot be read as clock readings
     */
    public static Optional<ClockReadings> read(Path iterationDirectory) throws IOException {
        Path file = iterationDirectory.resolve(FILE_NAME);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            ClockReadings readings = JSON.readValue(file.toFile(), ClockReadings.class);
            if (readings.formatVersion() > FORMAT_VERSION) {
                throw new IOException("format version " + readings.formatVersion() + " is newer than this reporter's "
                        + FORMAT_VERSION);
            }
            return Optional.of(readings);
        } catch (IOException e) {
            throw new IOException(
                    file + " is not a file of clock readings (JSON with formatVersion and peers): " + e.getMessage()
                            + "; delete it to report without the clock offsets",
                    e);
        }
    }
}

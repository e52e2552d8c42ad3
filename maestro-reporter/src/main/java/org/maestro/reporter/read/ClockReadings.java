package org.maestro.reporter.read;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.maestro.common.files.JsonFile;
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

    private static final JsonFile<ClockReadings> FILE = new JsonFile<>(
            FILE_NAME,
            ClockReadings.class,
            "a file of clock readings (JSON with formatVersion and peers)",
            "delete it to report without the clock offsets");

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
        FILE.write(iterationDirectory, this);
    }

    /**
     * Reads {@code <iterationDirectory>/clocks.json}; empty when there is none (a test no peer answered a clock
     * exchange of, or results of an older runner).
     *
     * @throws IOException when it exists but cannot be read as clock readings
     */
    public static Optional<ClockReadings> read(Path iterationDirectory) throws IOException {
        return FILE.read(
                iterationDirectory,
                readings -> readings.formatVersion() > FORMAT_VERSION
                        ? "format version " + readings.formatVersion() + " is newer than this reporter's "
                                + FORMAT_VERSION
                        : null);
    }
}

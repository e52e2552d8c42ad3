package org.maestro.reporter.read;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.maestro.common.files.JsonFile;
import org.maestro.common.protocol.Role;

/**
 * The peers a test iteration ran with and how each one ended, as the runner saw them ({@value #FILE_NAME} beside the
 * peers' directories). It lists the peers whose files never arrived (a peer killed mid-test has no directory), so the
 * report names them and knows which counts are incomplete.
 *
 * @param formatVersion {@value #FORMAT_VERSION}
 * @param runId the run id of the iteration, null when not known
 * @param peers every peer of the test, in the order the runner found them
 * @param refusals the notes the runner refused from peers during the test (a peer breaking the name rule, a reply
 *     or DATA from a peer that was not asked, a file over a limit, a peer cut off for flooding), each naming the peer
 *     (escaped) and the rule; empty when none was
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Roster(
        int formatVersion,
        String runId,
        List<Entry> peers,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> refusals) {

    /** The file in an iteration directory. */
    public static final String FILE_NAME = "roster.json";
    /** Version of the format this class writes. */
    public static final int FORMAT_VERSION = 1;

    private static final JsonFile<Roster> FILE = new JsonFile<>(
            FILE_NAME,
            Roster.class,
            "a peer roster (JSON with formatVersion and peers)",
            "delete it to report from the peers' directories alone");

    public Roster {
        peers = peers == null ? List.of() : List.copyOf(peers);
        refusals = refusals == null ? List.of() : List.copyOf(refusals);
    }

    /** A roster without refusals. */
    public Roster(int formatVersion, String runId, List<Entry> peers) {
        this(formatVersion, runId, peers, List.of());
    }

    /**
     * One peer of the test.
     *
     * @param name qualified peer name, the name of its directory ({@code receiver-1@host})
     * @param role sender, receiver, inspector or agent
     * @param host the host it ran on
     * @param address the address it sent to or received from (the path of its URL), null for other roles
     * @param ended how it ended
     * @param detail what the runner saw, e.g. when its last will arrived; may be empty
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Entry(String name, String role, String host, String address, PeerEnd ended, String detail) {

        /** How it ended, in words: {@code died: its control connection dropped at …}. */
        public String describe() {
            String label = ended == null ? "unknown" : ended.label();
            return detail == null || detail.isBlank() ? label : label + ": " + detail;
        }

        /** True for a sender or a receiver: a peer whose counts the message accounting needs. */
        public boolean loadsTheSystem() {
            return Role.SENDER.is(role) || Role.RECEIVER.is(role);
        }
    }

    /** Writes {@code <iterationDirectory>/roster.json}, replacing an earlier one. */
    public void write(Path iterationDirectory) throws IOException {
        FILE.write(iterationDirectory, this);
    }

    /**
     * Reads {@code <iterationDirectory>/roster.json}; empty when there is none (results of a test run without a
     * runner).
     *
     * @throws IOException when it exists but cannot be read as a roster
     */
    public static Optional<Roster> read(Path iterationDirectory) throws IOException {
        return FILE.read(iterationDirectory);
    }
}

package org.maestro.reporter.read;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.protocol.Role;

/**
 * The {@code connections.csv} of an iteration's senders and receivers, by peer; a file that cannot be read is a
 * warning of the iteration, and its peer is left out.
 */
public final class PeerConnections {
    private PeerConnections() {}

    /** The rows of every sender and receiver that wrote the file. */
    public static Map<PeerDirectory, List<ConnectionsCsv.Row>> read(IterationFiles files) {
        Map<PeerDirectory, List<ConnectionsCsv.Row>> rows = new LinkedHashMap<>();
        for (PeerDirectory peer : files.peers()) {
            if (peer.role() != Role.SENDER && peer.role() != Role.RECEIVER) {
                continue;
            }
            Optional<java.nio.file.Path> file = peer.file(ConnectionsCsv.FILE_NAME);
            if (file.isEmpty()) {
                continue;
            }
            try {
                rows.put(peer, ConnectionsCsv.read(file.get()));
            } catch (IOException e) {
                files.warn(e.getMessage() + ": the connections of " + peer.name()
                        + " are left out of the per-destination figures");
            }
        }
        return rows;
    }
}

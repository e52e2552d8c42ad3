package org.maestro.common.peer;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.maestro.common.options.TestOptions;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.PeerInfo;

/** What a {@link Role} may use of its peer: identity, current options, result directory and notifications. */
public interface PeerContext {

    /** This peer. */
    PeerInfo self();

    /** The options set so far (validated). */
    TestOptions options();

    /**
     * The directory for this peer's result files of the current test and iteration,
     * {@code <results-root>/<test-name>/<iteration>/<peer-name>@<host>/}, created if missing; the first use in a run (a new
     * RUN_ID) removes what an earlier run left there.
     */
    Path resultDirectory() throws IOException;

    /**
     * Where a peer's result files of a test iteration go, {@code <results-root>/<test-name>/<iteration>/<peer-name>@<host>/}
     * (docs/results-format.md); not created.
     */
    static Path resultDirectory(Path resultsRoot, TestOptions options, PeerInfo peer) {
        return resultsRoot
                .resolve(options.testName())
                .resolve(Integer.toString(options.testIteration()))
                .resolve(peer.qualifiedName());
    }

    /**
     * Publishes a notification (NOTIFY_SUCCESS, NOTIFY_FAIL, NOTIFY_READY, DRAIN_COMPLETE) with a message and named
     * details to the client; may be called from any thread.
     */
    void notify(Command command, String message, Map<String, String> details);
}

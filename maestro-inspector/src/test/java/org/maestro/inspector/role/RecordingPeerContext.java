package org.maestro.inspector.role;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.PeerInfo;

/** The peer side a role sees, for tests: options set by the test, a result directory, notifications recorded. */
final class RecordingPeerContext implements PeerContext {
    /** A notification the role sent. */
    record Notification(Command command, String message, Map<String, String> details) {}

    private final PeerInfo self = new PeerInfo("id-1", "inspector-1", "localhost", "inspector");
    private final Path resultsRoot;
    private final List<Notification> notifications = Collections.synchronizedList(new ArrayList<>());
    private volatile TestOptions options = TestOptions.DEFAULTS;

    RecordingPeerContext(Path resultsRoot) {
        this.resultsRoot = resultsRoot;
    }

    RecordingPeerContext set(OptionCode option, String value) {
        options = options.with(option, value);
        return this;
    }

    List<Notification> notifications() {
        synchronized (notifications) {
            return new ArrayList<>(notifications);
        }
    }

    @Override
    public PeerInfo self() {
        return self;
    }

    @Override
    public TestOptions options() {
        return options;
    }

    @Override
    public Path resultDirectory() throws java.io.IOException {
        return Files.createDirectories(PeerContext.resultDirectory(resultsRoot, options, self));
    }

    @Override
    public void notify(Command command, String message, Map<String, String> details) {
        notifications.add(new Notification(command, message, details));
    }
}

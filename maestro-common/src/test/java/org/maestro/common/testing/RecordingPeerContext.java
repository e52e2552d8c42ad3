package org.maestro.common.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.PeerInfo;

/** A peer context for tests: options set by the test, results under a temporary root, notifications recorded. */
public final class RecordingPeerContext implements PeerContext {
    /** One notification a role published. */
    public record Notification(Command command, String message, Map<String, String> details) {}

    private final PeerInfo self;
    private final Path root;
    private final BlockingQueue<Notification> notifications = new LinkedBlockingQueue<>();
    private final List<Notification> all = new CopyOnWriteArrayList<>();
    private volatile TestOptions options = TestOptions.DEFAULTS;

    public RecordingPeerContext(String name, String role, Path root) {
        this.self = new PeerInfo(name + "-id", name, "localhost", role);
        this.root = root;
    }

    /** Sets one option. */
    public RecordingPeerContext set(OptionCode option, String value) {
        options = options.with(option, value);
        return this;
    }

    /** Sets the options, each by its SPEC parameter name. */
    public RecordingPeerContext set(Map<String, String> values) {
        TestOptions next = TestOptions.DEFAULTS;
        for (Map.Entry<String, String> value : values.entrySet()) {
            next = next.with(OptionCode.ofParameter(value.getKey()).orElseThrow(), value.getValue());
        }
        options = next;
        return this;
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
    public Path resultDirectory() throws IOException {
        return Files.createDirectories(PeerContext.resultDirectory(root, options, self));
    }

    @Override
    public void notify(Command command, String message, Map<String, String> details) {
        Notification notification = new Notification(command, message, details);
        all.add(notification);
        notifications.add(notification);
    }

    /** Waits for the next NOTIFY_SUCCESS or NOTIFY_FAIL, skipping others; fails the test after the timeout. */
    public Notification awaitOutcome(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            long left = deadline - System.nanoTime();
            Notification next = notifications.poll(Math.max(0, left), TimeUnit.NANOSECONDS);
            if (next == null) {
                throw new AssertionError(
                        self.name() + " did not notify an outcome within " + timeout + "; notifications: " + all);
            }
            if (next.command() == Command.NOTIFY_SUCCESS || next.command() == Command.NOTIFY_FAIL) {
                return next;
            }
        }
    }

    /** Every notification so far. */
    public List<Notification> notifications() {
        return List.copyOf(all);
    }
}

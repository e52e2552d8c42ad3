package org.maestro.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.PeerInfo;

/** A peer context for tests: a result directory under a temporary root, notifications collected in a queue. */
public final class TestPeerContext implements PeerContext {

    /** One notification the role published. */
    public record Notification(Command command, String message, Map<String, String> details) {
        /** The tail of the action's log the notification carries. */
        public String output() {
            return details.get("output");
        }
    }

    private final Path resultsRoot;
    private final BlockingQueue<Notification> notifications = new LinkedBlockingQueue<>();
    private volatile TestOptions options = TestOptions.DEFAULTS;

    public TestPeerContext(Path resultsRoot) {
        this.resultsRoot = resultsRoot;
    }

    @Override
    public PeerInfo self() {
        return new PeerInfo("agent-id", "agent-1", "localhost", "agent");
    }

    @Override
    public TestOptions options() {
        return options;
    }

    public void options(TestOptions options) {
        this.options = options;
    }

    @Override
    public Path resultDirectory() throws IOException {
        Path directory = resultsRoot
                .resolve(options.testName())
                .resolve(Integer.toString(options.testIteration()))
                .resolve(self().qualifiedName());
        return Files.createDirectories(directory);
    }

    @Override
    public void notify(Command command, String message, Map<String, String> details) {
        notifications.add(new Notification(command, message, Map.copyOf(details)));
    }

    /** The next notification, failing the test when none comes within the timeout. */
    public Notification next(Duration timeout) throws InterruptedException {
        Notification notification = notifications.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        assertNotNull(notification, "no notification within " + timeout.toMillis() + " ms");
        return notification;
    }

    /** The next notification, failing the test when none comes within the timeout or it is not the one expected. */
    public Notification next(Command expected, Duration timeout) throws InterruptedException {
        Notification notification = next(timeout);
        assertEquals(expected, notification.command(), notification.message());
        return notification;
    }

    /** The next notification if one comes within the timeout, else null. */
    public Notification poll(Duration timeout) throws InterruptedException {
        return notifications.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
}

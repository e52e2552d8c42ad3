package org.maestro.driver.stomp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;

/**
 * A receiver and a sender connection of one STOMP URL, for the tests of connections the broker drops: the receiver
 * counts what it gets, the sender's outcomes go to the test's listener. Closing closes both.
 */
final class StompLink implements AutoCloseable {
    /** How long a link waits to connect. */
    static final Duration TIMEOUT = Duration.ofSeconds(20);
    /** How long a test waits for what a broker does in milliseconds when the machine is idle. */
    static final Duration AWAIT = Duration.ofSeconds(30);

    final DriverConnection receiver;
    final DriverConnection sender;
    final DriverProducer producer;
    private final AtomicInteger received;

    /** Connects the receiver, then the sender; {@code received} counts the messages the receiver gets. */
    StompLink(StompDriver driver, String url, AtomicInteger received, OutcomeListener outcomes) throws DriverException {
        this.received = received;
        receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
        DriverConnection connected = null;
        try {
            connected = driver.connect(url, MicroClock.system(), TIMEOUT);
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            producer = connected.createProducer(outcomes);
        } catch (DriverException | RuntimeException e) {
            if (connected != null) {
                connected.close();
            }
            receiver.close();
            throw e;
        }
        sender = connected;
    }

    /** Sends the tokens from {@code first} up to {@code end} (exclusive), each with a body of {@code size} bytes. */
    void send(int first, int end, int size) throws DriverException {
        for (int i = first; i < end; i++) {
            producer.send(i, new byte[size], size);
        }
    }

    /** Waits until the receivers counted {@code count} messages in all; fails saying {@code when} they were due. */
    void awaitReceived(int count, String when) {
        await().atMost(AWAIT)
                .untilAsserted(() ->
                        assertTrue(received.get() >= count, received.get() + " of " + count + " received " + when));
    }

    /** Waits until both connections count as failed. */
    void awaitBothFailed() {
        await("both connections count as failed").atMost(AWAIT).until(() -> sender.failed() && receiver.failed());
    }

    @Override
    public void close() {
        sender.close();
        receiver.close();
    }
}

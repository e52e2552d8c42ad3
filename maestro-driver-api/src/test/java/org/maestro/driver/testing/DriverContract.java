package org.maestro.driver.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.MicroClock;

/**
 * What every driver must do, checked by the same cases for each: a driver's test extends this class with its
 * driver and the URLs of a destination of the test's own (set up, and skipped when its system is missing, by the
 * subclass's {@code @BeforeEach}), e.g.
 *
 * <pre>{@code
 * class RabbitContractTest extends DriverContract {
 *     protected Driver driver() { return new RabbitDriver(); }
 *     protected String acknowledgedUrl() { return LocalRabbit.url("queue=" + name + "&declare=true"); }
 *     protected String unacknowledgedUrl() { return LocalRabbit.url("queue=" + name + "&confirm=false"); }
 * }
 * }</pre>
 *
 * <p>The cases: a receiver and a sender connection carry {@link #count()} bodies of many lengths unchanged and in
 * sequence, each received no earlier than it was sent and within the timeout, and accepted once each; without
 * acknowledgements sends report no outcome; an unknown option is refused before connecting, naming it.
 */
public abstract class DriverContract {
    /** The option no driver knows, which {@link #refusesAnUnknownOptionBeforeConnecting()} adds. */
    static final String UNKNOWN_OPTION = "maestroNoSuchOption";

    /** The driver under test. */
    protected abstract Driver driver();

    /** A URL whose sends report outcomes (acknowledged, confirmed, with receipts), on a destination of its own. */
    protected abstract String acknowledgedUrl() throws Exception;

    /** A URL of the same destination whose sends report none (fire and forget), or null when the driver has none. */
    protected String unacknowledgedUrl() throws Exception {
        return null;
    }

    /** How many messages the carrying case sends. */
    protected int count() {
        return 1000;
    }

    /** How many messages the case without acknowledgements sends. */
    protected int unacknowledgedCount() {
        return 200;
    }

    /** The connect timeout, and how long the cases wait for messages and outcomes. */
    protected Duration timeout() {
        return Duration.ofSeconds(20);
    }

    @Test
    public void carriesTheBytesInSequenceAndAcceptsEverySend() throws Exception {
        int count = count();
        String url = acknowledgedUrl();
        MicroClock clock = MicroClock.system();
        List<byte[]> received = new CopyOnWriteArrayList<>();
        List<Long> receiveMicros = new CopyOnWriteArrayList<>();
        List<byte[]> sent = new ArrayList<>();
        Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
        AtomicInteger reports = new AtomicInteger();
        try (DriverConnection receiver = driver().connect(url, clock, timeout());
                DriverConnection sender = driver().connect(url, clock, timeout())) {
            receiver.createConsumer((body, micros) -> {
                received.add(body);
                receiveMicros.add(micros);
            });
            DriverProducer producer = sender.createProducer((token, outcome, resendable, detail) -> {
                outcomes.put(token, outcome);
                reports.incrementAndGet();
            });
            assertTrue(producer.reportsOutcomes(), "sends to " + url + " report outcomes");
            byte[] buffer = new byte[300];
            for (int i = 0; i < count; i++) {
                int length = 24 + i % 200;
                ByteBuffer.wrap(buffer).putLong(i).putLong(~i).putLong(clock.nowMicros());
                buffer[length - 1] = (byte) i;
                buffer[length / 2 + 12] = 0; // a NUL inside the body: bodies are binary
                sent.add(Arrays.copyOf(buffer, length));
                producer.send(i, buffer, length);
            }
            waitFor(() -> received.size() >= count, () -> received.size() + " of " + count + " received");
            waitFor(() -> reports.get() >= count, () -> reports.get() + " of " + count + " outcomes");
            assertFalse(receiver.failed(), "the receiver's connection failed: " + receiver.failure());
            assertFalse(sender.failed(), "the sender's connection failed: " + sender.failure());
        }
        assertEquals(count, received.size(), "no duplicates");
        long timeoutMicros = TimeUnit.NANOSECONDS.toMicros(timeout().toNanos());
        for (int i = 0; i < count; i++) {
            assertArrayEquals(sent.get(i), received.get(i), "message " + i + " in sequence and unchanged");
            long latency = receiveMicros.get(i) - ByteBuffer.wrap(received.get(i)).getLong(16);
            assertTrue(latency >= 0 && latency < timeoutMicros, "message " + i + " received " + latency
                    + " µs after it was sent");
            assertEquals(DeliveryOutcome.ACCEPTED, outcomes.get((long) i), "outcome of " + i);
        }
        assertEquals(count, reports.get(), "one outcome per send");
    }

    @Test
    public void withoutAcknowledgementsSendsHaveNoOutcome() throws Exception {
        String url = unacknowledgedUrl();
        assumeTrue(url != null, "the driver has no sends without acknowledgement");
        int count = unacknowledgedCount();
        AtomicInteger received = new AtomicInteger();
        AtomicInteger reports = new AtomicInteger();
        try (DriverConnection receiver = driver().connect(url, MicroClock.system(), timeout());
                DriverConnection sender = driver().connect(url, MicroClock.system(), timeout())) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer = sender.createProducer((token, outcome, resendable, detail) ->
                    reports.incrementAndGet());
            assertFalse(producer.reportsOutcomes(), "sends to " + url + " report no outcome");
            for (int i = 0; i < count; i++) {
                producer.send(i, new byte[64], 64);
            }
            waitFor(() -> received.get() >= count, () -> received.get() + " of " + count + " received");
        }
        assertEquals(count, received.get());
        assertEquals(0, reports.get(), "no outcome without acknowledgements");
    }

    @Test
    public void refusesAnUnknownOptionBeforeConnecting() throws Exception {
        String url = acknowledgedUrl();
        String wrong = url + (url.contains("?") ? "&" : "?") + UNKNOWN_OPTION + "=1";
        DriverException e = assertThrows(DriverException.class, () -> driver().check(wrong));
        assertTrue(e.getMessage().contains("unknown option '" + UNKNOWN_OPTION + "'"), e.getMessage());
        assertTrue(e.getMessage().contains("known options: "), e.getMessage());
    }

    /** Waits until the condition holds, at most the timeout; fails saying what was awaited. */
    private void waitFor(BooleanSupplier condition, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + timeout().toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + timeout().toMillis() + " ms: " + what.get());
            }
            Thread.sleep(10);
        }
    }
}

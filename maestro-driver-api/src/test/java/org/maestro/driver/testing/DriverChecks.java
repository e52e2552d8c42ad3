package org.maestro.driver.testing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.awaitility.Awaitility;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;

/**
 * Checks the drivers' tests share: a round trip through a receiver and a sender connection of one URL, and the
 * error of a broker certificate the JVM does not trust. Used by {@link DriverContract} and by the drivers' TLS and
 * credentials tests.
 */
public final class DriverChecks {
    private DriverChecks() {}

    /**
     * Sends {@code count} bodies of many lengths (a NUL inside, the send time at offset 16) from a sender connection
     * to a receiver connection of {@code url}, and checks that each arrives once, unchanged and in sequence, no
     * earlier than it was sent and within the timeout, that neither connection failed, and, when
     * {@code acknowledged}, that each send is accepted once (else that sends report no outcome).
     */
    public static void carriesInSequence(Driver driver, String url, int count, Duration timeout, boolean acknowledged)
            throws Exception {
        MicroClock clock = MicroClock.system();
        List<byte[]> received = new CopyOnWriteArrayList<>();
        List<Long> receiveMicros = new CopyOnWriteArrayList<>();
        List<byte[]> sent = new ArrayList<>();
        Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
        AtomicInteger reports = new AtomicInteger();
        try (DriverConnection receiver = driver.connect(url, clock, timeout);
                DriverConnection sender = driver.connect(url, clock, timeout)) {
            receiver.createConsumer((body, micros) -> {
                received.add(body);
                receiveMicros.add(micros);
            });
            DriverProducer producer = sender.createProducer((token, outcome, resendable, detail) -> {
                outcomes.put(token, outcome);
                reports.incrementAndGet();
            });
            assertEquals(acknowledged, producer.reportsOutcomes(), "sends to " + url + " report outcomes");
            byte[] buffer = new byte[300];
            for (int i = 0; i < count; i++) {
                int length = 24 + i % 200;
                ByteBuffer.wrap(buffer).putLong(i).putLong(~i).putLong(clock.nowMicros());
                buffer[length - 1] = (byte) i;
                buffer[length / 2 + 12] = 0; // a NUL inside the body: bodies are binary
                sent.add(Arrays.copyOf(buffer, length));
                producer.send(i, buffer, length);
            }
            awaitTrue(timeout, () -> received.size() >= count, () -> received.size() + " of " + count + " received");
            if (acknowledged) {
                awaitTrue(timeout, () -> reports.get() >= count, () -> reports.get() + " of " + count + " outcomes");
            }
            assertFalse(receiver.failed(), "the receiver's connection failed: " + receiver.failure());
            assertFalse(sender.failed(), "the sender's connection failed: " + sender.failure());
        }
        assertEquals(count, received.size(), "no duplicates");
        long timeoutMicros = TimeUnit.NANOSECONDS.toMicros(timeout.toNanos());
        for (int i = 0; i < count; i++) {
            assertArrayEquals(sent.get(i), received.get(i), "message " + i + " in sequence and unchanged");
            long latency =
                    receiveMicros.get(i) - ByteBuffer.wrap(received.get(i)).getLong(16);
            assertTrue(
                    latency >= 0 && latency < timeoutMicros,
                    "message " + i + " received " + latency + " µs after it was sent");
            if (acknowledged) {
                assertEquals(DeliveryOutcome.ACCEPTED, outcomes.get((long) i), "outcome of " + i);
            }
        }
        assertEquals(
                acknowledged ? count : 0,
                reports.get(),
                acknowledged ? "one outcome per send" : "no outcome without acknowledgements");
    }

    /**
     * Checks the error of a connect to a TLS port whose certificate the JVM's trust store does not vouch for: it
     * names the URL ({@code shownUrlStart}, redacted), says the certificate is not trusted and how to trust it, and
     * never shows {@code password}.
     */
    public static void assertUntrustedCertificateRefused(DriverException error, String shownUrlStart, String password) {
        String message = error.getMessage();
        assertTrue(message.startsWith("cannot connect to " + shownUrlStart), message);
        assertTrue(message.contains("the broker's TLS certificate is not trusted"), message);
        assertTrue(message.contains("-Djavax.net.ssl.trustStore="), message);
        assertFalse(message.contains(password), message);
    }

    /**
     * The error {@code driver} fails with connecting to {@code url} (closing the connection, should one open), checked
     * to come within {@code timeout}: a refusal must not wait for the timeout.
     */
    public static DriverException refusedInTime(Driver driver, String url, Duration timeout) {
        long start = System.nanoTime();
        DriverException e = assertThrows(
                DriverException.class,
                () -> driver.connect(url, MicroClock.system(), timeout).close());
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < timeout.toMillis(), "refused after " + millis + " ms");
        return e;
    }

    /** How long {@link #awaitTrue(BooleanSupplier, Supplier)} waits: generous for a loaded 2-core machine. */
    public static final Duration AWAIT = Duration.ofSeconds(30);

    /**
     * Waits until the condition holds, at most {@code timeout}; fails with {@code what} as it reads at the deadline
     * (e.g. the counts reached by then).
     */
    public static void awaitTrue(Duration timeout, BooleanSupplier condition, Supplier<String> what) {
        Awaitility.await()
                .atMost(timeout)
                .pollInterval(Duration.ofMillis(10))
                .untilAsserted(() -> assertTrue(condition.getAsBoolean(), what));
    }

    /** Waits until the condition holds, at most {@link #AWAIT}; fails with {@code what} as it reads at the deadline. */
    public static void awaitTrue(BooleanSupplier condition, Supplier<String> what) {
        awaitTrue(AWAIT, condition, what);
    }

    /** Waits until the condition holds, at most {@link #AWAIT}; fails saying what was awaited. */
    public static void awaitTrue(BooleanSupplier condition, String what) {
        awaitTrue(AWAIT, condition, () -> what);
    }
}

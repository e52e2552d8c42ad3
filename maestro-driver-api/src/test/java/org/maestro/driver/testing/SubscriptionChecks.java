package org.maestro.driver.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;

/**
 * Checks fan-out through named subscriptions (shared subscriptions, queue groups, consumer groups, a queue per
 * subscription): every subscription receives every message exactly once, and the receiver connections of one
 * subscription share its messages.
 */
public final class SubscriptionChecks {
    /** How long receivers keep listening after the last expected message, for copies that should not come. */
    private static final Duration QUIET = Duration.ofMillis(1500);

    private SubscriptionChecks() {}

    /**
     * Opens {@code connectionsEach} receiver connections on {@code receiveUrl.apply(s)} for each subscription s of
     * {@code subscriptions}, then one sender connection on {@code sendUrl} that sends {@code count} messages, and
     * checks that the driver calls none of the receive URLs publish-subscribe, that each subscription received each
     * message exactly once (no copy within it), and that each of its connections received some.
     *
     * @return the messages each receiver connection got, subscription by subscription
     */
    public static int[][] everySubscriptionGetsEveryMessageOnce(
            Driver driver,
            String sendUrl,
            IntFunction<String> receiveUrl,
            int subscriptions,
            int connectionsEach,
            int count,
            Duration timeout)
            throws Exception {
        MicroClock clock = MicroClock.system();
        List<DriverConnection> opened = new ArrayList<>();
        AtomicInteger[][] perConnection = new AtomicInteger[subscriptions][connectionsEach];
        List<ConcurrentHashMap<Long, AtomicInteger>> copies = new ArrayList<>();
        try {
            for (int s = 0; s < subscriptions; s++) {
                String url = receiveUrl.apply(s);
                driver.check(url);
                assertFalse(
                        driver.deliversToEveryReceiver(url),
                        url + " names a subscription: its connections share the messages");
                ConcurrentHashMap<Long, AtomicInteger> received = new ConcurrentHashMap<>();
                copies.add(received);
                for (int c = 0; c < connectionsEach; c++) {
                    AtomicInteger mine = new AtomicInteger();
                    perConnection[s][c] = mine;
                    DriverConnection connection = driver.connect(url, clock, timeout);
                    opened.add(connection);
                    connection.createConsumer((body, micros) -> {
                        mine.incrementAndGet();
                        received.computeIfAbsent(ByteBuffer.wrap(body).getLong(), k -> new AtomicInteger())
                                .incrementAndGet();
                    });
                }
            }
            DriverConnection sender = driver.connect(sendUrl, clock, timeout);
            opened.add(sender);
            DriverProducer producer = sender.createProducer();
            byte[] body = new byte[64];
            for (int i = 0; i < count; i++) {
                ByteBuffer.wrap(body).putLong(i);
                producer.send(body, body.length);
            }
            DriverChecks.awaitTrue(
                    timeout,
                    () -> copies.stream().allMatch(received -> received.size() >= count),
                    () -> "messages of " + count + " received by each subscription: " + distinct(copies));
            Thread.sleep(QUIET.toMillis());
            for (DriverConnection connection : opened) {
                assertFalse(connection.failed(), "a connection failed: " + connection.failure());
            }
        } finally {
            for (DriverConnection connection : opened) {
                connection.close();
            }
        }
        int[][] counts = new int[subscriptions][connectionsEach];
        for (int s = 0; s < subscriptions; s++) {
            int total = 0;
            for (int c = 0; c < connectionsEach; c++) {
                counts[s][c] = perConnection[s][c].get();
                total += counts[s][c];
                assertTrue(
                        counts[s][c] > 0,
                        "connection " + c + " of subscription " + s + " received none: the connections of a "
                                + "subscription share its messages (received " + counts[s][c] + ")");
            }
            assertEquals(count, copies.get(s).size(), "distinct messages subscription " + s + " received");
            assertEquals(count, total, "messages subscription " + s + " received (no copy within a subscription)");
            for (int i = 0; i < count; i++) {
                AtomicInteger times = copies.get(s).get((long) i);
                assertEquals(1, times == null ? 0 : times.get(), "times subscription " + s + " received message " + i);
            }
        }
        return counts;
    }

    /**
     * Checks that {@code check} of the driver refuses {@code url} before connecting, with a message containing
     * each of {@code parts} (e.g. the option, and an example of a valid URL).
     */
    public static DriverException refusedNaming(Driver driver, String url, String... parts) {
        DriverException e = assertThrows(DriverException.class, () -> driver.check(url), url);
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), "'" + part + "' in: " + e.getMessage());
        }
        return e;
    }

    private static List<Integer> distinct(List<ConcurrentHashMap<Long, AtomicInteger>> copies) {
        return copies.stream().map(ConcurrentHashMap::size).toList();
    }
}

package org.maestro.driver.mqtt;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.testing.RecordedOutcomes;

/**
 * The MQTT tests' round trip, for both protocol versions: a receiver and a sender connection of one URL, {@code count}
 * publishes of several lengths carried unchanged and in order, each accepted once, and none twice.
 */
final class MqttRoundTrip {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    /**
     * The most messages a round trip through a shared Mosquitto sends: Mosquitto queues at most 1,000 QoS 1 and 2
     * messages per subscriber beyond those in flight ({@code max_queued_messages}) and drops the rest, which it
     * acknowledged to the publisher already; a subscriber that falls behind on a busy machine would lose messages.
     */
    static final int UNDER_QUEUE_LIMIT = 900;

    private MqttRoundTrip() {}

    /** A body of 100 bytes starting with the sequence number. */
    static byte[] stamped(long sequence) {
        byte[] body = new byte[100];
        ByteBuffer.wrap(body).putLong(0, sequence);
        return body;
    }

    /** Runs the round trip; {@code connectionType} is the class the driver must have chosen for the URL. */
    static void run(String url, int count, Class<?> connectionType) throws Exception {
        List<byte[]> received = new CopyOnWriteArrayList<>();
        RecordedOutcomes outcomes = new RecordedOutcomes();
        MqttDriver driver = new MqttDriver();
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            assertTrue(connectionType.isInstance(sender), sender.getClass().getName());
            receiver.createConsumer((body, micros) -> received.add(body));
            DriverProducer producer = sender.createProducer(outcomes);
            assertTrue(producer.reportsOutcomes());
            for (long i = 0; i < count; i++) {
                producer.send(i, stamped(i), 64 + (int) (i % 30));
            }
            await("" + count + " messages and outcomes")
                    .atMost(Duration.ofSeconds(30))
                    .until(() -> received.size() >= count && outcomes.total() >= count);
            assertEquals(count, outcomes.total(), "one outcome per publish");
            for (int i = 0; i < count; i++) {
                assertArrayEquals(
                        Arrays.copyOf(stamped(i), 64 + i % 30),
                        received.get(i),
                        "message " + i + " in order and unchanged");
                assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(i), "outcome of " + i);
            }
            // time passes in which a duplicate would arrive: nothing more may
            Thread.sleep(200);
            assertEquals(count, received.size(), "no duplicates");
        }
    }
}

package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.testing.LocalRabbitMq;

/** The MQTT driver against RabbitMQ 3.10's MQTT plugin (MQTT 3.1.1 only; MQTT 5 came with RabbitMQ 3.13). */
class RabbitMqttTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @BeforeAll
    static void plugin() throws Exception {
        LocalRabbitMq.assumeMqtt();
    }

    /** A URL of a topic no other test uses, with guest/guest and the given query (starting with {@code ?}). */
    private static String url(String query) {
        return "mqtt://guest:guest@" + LocalRabbitMq.HOST + ":" + LocalRabbitMq.MQTT_PORT + "/maestro/test/"
                + UUID.randomUUID() + query;
    }

    @ParameterizedTest(name = "QoS {0}")
    @ValueSource(ints = {0, 1, 2})
    void everyMessageArrivesOnceUnchangedAndEveryAcknowledgedPublishIsAccepted(int qos) throws Exception {
        String url = url("?qos=" + qos);
        int count = 2000;
        List<byte[]> received = new CopyOnWriteArrayList<>();
        Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
        AtomicInteger reports = new AtomicInteger();
        try (DriverConnection receiver = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.add(body));
            DriverProducer producer = sender.createProducer((token, outcome, resendable, detail) -> {
                reports.incrementAndGet();
                outcomes.put(token, outcome);
            });
            assertEquals(qos > 0, producer.reportsOutcomes());
            for (long i = 0; i < count; i++) {
                producer.send(i, stamped(i), 64);
            }
            int expectedReports = qos > 0 ? count : 0;
            awaitTrue(
                    () -> received.size() >= count && reports.get() >= expectedReports,
                    () -> count + " messages and " + expectedReports + " outcomes; got " + received.size() + " and "
                            + reports.get());
            for (int i = 0; i < count; i++) {
                assertArrayEquals(Arrays.copyOf(stamped(i), 64), received.get(i), "message " + i + " in order");
                if (qos > 0) {
                    assertEquals(DeliveryOutcome.ACCEPTED, outcomes.get((long) i), "outcome of " + i);
                }
            }
            Thread.sleep(200); // time passes in which a duplicate would arrive: nothing more may
            assertEquals(count, received.size(), "no duplicates");
            assertEquals(expectedReports, reports.get(), "one outcome per QoS 1 or 2 publish, none at QoS 0");
        }
    }

    @Test
    void mqtt5IsRefusedAtConnectWithAMessageSayingSo() {
        String url = url("?version=5");
        DriverException error = assertThrows(
                DriverException.class,
                () -> new MqttDriver()
                        .connect(url, MicroClock.system(), TIMEOUT)
                        .close());
        assertTrue(error.getMessage().contains("over MQTT 5"), error.getMessage());
        assertTrue(error.getMessage().contains("does it speak MQTT 5"), error.getMessage());
        assertFalse(error.getMessage().contains("guest:guest"), error.getMessage());
    }

    private static byte[] stamped(long sequence) {
        byte[] body = new byte[100];
        ByteBuffer.wrap(body).putLong(0, sequence);
        return body;
    }
}

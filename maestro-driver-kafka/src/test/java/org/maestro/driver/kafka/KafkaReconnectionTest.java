package org.maestro.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverProducer;

/**
 * A producer and a consumer of the Kafka driver across a restart of the in-JVM broker: kafka-clients reconnects by
 * itself, the records sent while the broker was down are written once it is back, and nothing is lost or repeated.
 */
class KafkaReconnectionTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private final String topic = "maestro-test-" + UUID.randomUUID();

    @AfterEach
    void deleteTopic() throws Exception {
        try (Admin admin = InJvmKafka.shared().admin()) {
            admin.deleteTopics(List.of(topic)).all().get(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void recordsSentWhileTheBrokerRestartsArriveOnceAndAreAccepted() throws Exception {
        InJvmKafka kafka = InJvmKafka.shared();
        String url = kafka.url(topic, "acks=all");
        KafkaDriver driver = new KafkaDriver();
        Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
        List<Long> received = new CopyOnWriteArrayList<>();
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer(
                    (body, micros) -> received.add(ByteBuffer.wrap(body).getLong()));
            DriverProducer producer =
                    sender.createProducer((token, outcome, again, detail) -> outcomes.put(token, outcome));
            byte[] body = new byte[64];
            for (long i = 0; i < 100; i++) {
                producer.send(i, ByteBuffer.wrap(body).putLong(0, i).array(), body.length);
            }
            awaitTrue(() -> received.size() >= 100, () -> received.size() + " of the first 100 received");
            kafka.restart(() -> {
                for (long i = 100; i < 200; i++) {
                    producer.send(i, ByteBuffer.wrap(body).putLong(0, i).array(), body.length);
                }
            });
            awaitTrue(() -> received.size() >= 200, () -> received.size() + " of 200 received after the restart");
            awaitTrue(() -> outcomes.size() >= 200, () -> outcomes.size() + " of 200 outcomes");
            assertFalse(sender.failed(), "kafka-clients reconnected the producer by itself");
            assertFalse(receiver.failed(), "and the consumer");
        }
        Set<Long> distinct = new TreeSet<>(received);
        assertEquals(200, received.size(), "no record twice");
        assertEquals(200, distinct.size());
        assertEquals(
                200,
                outcomes.values().stream()
                        .filter(o -> o == DeliveryOutcome.ACCEPTED)
                        .count(),
                "every record acknowledged, those sent during the outage after it");
    }
}

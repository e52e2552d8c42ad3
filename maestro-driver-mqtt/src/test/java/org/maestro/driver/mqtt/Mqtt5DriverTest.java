package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverProducer;
import org.maestro.testing.MosquittoProcess;

/**
 * The MQTT driver over MQTT 5 ({@code version=5}) against the machine's Mosquitto on 127.0.0.1:1883, and against a
 * Mosquitto the test starts with access control, whose refusals come back as reason codes.
 */
class Mqtt5DriverTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @Test
    void qos1PublishesCarryTheBytesUnchangedAndAreAcceptedOnceEach() throws Exception {
        roundTrip(MosquittoProcess.localTopicUrl("?version=5&qos=1"), MqttRoundTrip.UNDER_QUEUE_LIMIT);
    }

    @Test
    void qos2PublishesCarryTheBytesUnchangedAndAreAcceptedOnceEach() throws Exception {
        roundTrip(MosquittoProcess.localTopicUrl("?version=5&qos=2"), 300);
    }

    @Test
    void qos1WithAWindowLargerThanTheBrokersReceiveMaximumLosesNothing() throws Exception {
        // Mosquitto announces its max_inflight_messages (20 by default) as Receive Maximum: the window keeps to it
        roundTrip(MosquittoProcess.localTopicUrl("?version=5&qos=1&inflight=5000"), MqttRoundTrip.UNDER_QUEUE_LIMIT);
    }

    @Test
    void theWindowKeepsToTheReceiveMaximumTheBrokerAnnounces() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start("max_inflight_messages 5")) {
            String url = mosquitto.url() + "/maestro/inflight/" + UUID.randomUUID() + "?version=5&qos=1";
            AtomicInteger received = new AtomicInteger();
            Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
            try (DriverConnection receiver = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT);
                    DriverConnection sender = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
                receiver.createConsumer((body, micros) -> received.incrementAndGet());
                DriverProducer producer =
                        sender.createProducer((token, outcome, again, detail) -> outcomes.put(token, outcome));
                assertEquals(5, ((Mqtt5Producer) producer).windowSize(), "Mosquitto's max_inflight_messages");
                for (long i = 0; i < 300; i++) {
                    producer.send(i, stamped(i), 40);
                }
                awaitTrue(
                        () -> received.get() == 300 && outcomes.size() == 300,
                        () -> "300 messages and outcomes; got " + received + " and " + outcomes.size());
                assertTrue(outcomes.values().stream().allMatch(DeliveryOutcome.ACCEPTED::equals));
            }
        }
    }

    @Test
    void aConnectionPahoCannotReconnectWithinTheDeadlineCountsAsFailed() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start()) {
            String url = mosquitto.url() + "/maestro/deadline/" + UUID.randomUUID() + "?version=5";
            try (DriverConnection receiver = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
                receiver.createConsumer((body, micros) -> {});
                long stopped = System.nanoTime();
                mosquitto.stop();
                awaitTrue(receiver::failed, () -> "the receiver's connection failed while the broker is down");
                long waited = System.nanoTime() - stopped;
                assertTrue(
                        waited >= TimeUnit.SECONDS.toNanos(ReconnectDeadline.GIVE_UP_SECONDS),
                        "Paho had " + ReconnectDeadline.GIVE_UP_SECONDS + " s to reconnect; failed after "
                                + TimeUnit.NANOSECONDS.toMillis(waited) + " ms");
            }
        }
    }

    @Test
    void qos0PublishesArriveAndHaveNoOutcome() throws Exception {
        String url = MosquittoProcess.localTopicUrl("?version=5&qos=0");
        List<byte[]> received = new CopyOnWriteArrayList<>();
        AtomicInteger reports = new AtomicInteger();
        try (DriverConnection receiver = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            assertTrue(receiver instanceof Mqtt5Connection, receiver.getClass().getName());
            receiver.createConsumer((body, micros) -> received.add(body));
            DriverProducer producer = sender.createProducer((t, o, r, d) -> reports.incrementAndGet());
            assertFalse(producer.reportsOutcomes());
            for (int i = 0; i < 200; i++) {
                producer.send(i, stamped(i), 40);
            }
            awaitTrue(() -> received.size() == 200, () -> "200 messages at QoS 0 on loopback; got " + received.size());
            assertEquals(0, reports.get());
            assertArrayEquals(Arrays.copyOf(stamped(199), 40), received.get(199));
        }
    }

    // at QoS 2 the refusal comes in the PUBREC, and Paho drops the connection
    @ParameterizedTest(name = "QoS {0}")
    @ValueSource(ints = {1, 2})
    void aPublishTheBrokerRefusesIsRejectedWithTheReasonNamed(int qos) throws Exception {
        Path directory = Files.createTempDirectory("maestro-mosquitto-acl-");
        Files.writeString(directory.resolve("acl"), "topic readwrite maestro/allowed/#\n");
        try (MosquittoProcess mosquitto =
                MosquittoProcess.start("acl_file " + directory.resolve("acl"), MosquittoProcess.sameUser())) {
            String allowed = mosquitto.url() + "/maestro/allowed/t?version=5&qos=" + qos;
            String denied = mosquitto.url() + "/maestro/denied/t?version=5&qos=" + qos;
            Map<Long, String> details = new ConcurrentHashMap<>();
            Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
            try (DriverConnection good = new MqttDriver().connect(allowed, MicroClock.system(), TIMEOUT);
                    DriverConnection bad = new MqttDriver().connect(denied, MicroClock.system(), TIMEOUT)) {
                DriverProducer goodProducer = good.createProducer((token, outcome, resendable, detail) -> {
                    outcomes.put(token, outcome);
                });
                DriverProducer badProducer = bad.createProducer((token, outcome, resendable, detail) -> {
                    outcomes.put(token, outcome);
                    details.put(token, String.valueOf(detail));
                    assertFalse(resendable, "a refusal is not worth sending again");
                });
                // at QoS 2 the first refusal drops the connection: further sends would throw until Paho reconnects
                int refused = qos == 1 ? 10 : 1;
                for (long i = 0; i < 10; i++) {
                    goodProducer.send(i, stamped(i), 40);
                    if (i < refused) {
                        badProducer.send(100 + i, stamped(i), 40);
                    }
                }
                awaitTrue(() -> outcomes.size() == 10 + refused, () -> (10 + refused) + " outcomes; got " + outcomes);
                for (long i = 0; i < 10; i++) {
                    assertEquals(DeliveryOutcome.ACCEPTED, outcomes.get(i), "allowed publish " + i);
                }
                for (long i = 100; i < 100 + refused; i++) {
                    assertEquals(DeliveryOutcome.REJECTED, outcomes.get(i), "denied publish " + i + ": " + details);
                    assertTrue(details.get(i).contains("0x87 (Not authorized)"), details.get(i));
                    assertTrue(details.get(i).contains("maestro/denied/t"), details.get(i));
                }
                assertFalse(bad.failed(), "a refused publish leaves the connection open (QoS 1), or Paho reconnects");
            }
        }
    }

    private static byte[] stamped(long sequence) {
        return MqttRoundTrip.stamped(sequence);
    }

    private static void roundTrip(String url, int count) throws Exception {
        MqttRoundTrip.run(url, count, Mqtt5Connection.class);
    }
}

package org.maestro.driver.kafka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.driver.testing.DriverContract;
import org.maestro.driver.testing.RecordedOutcomes;

/**
 * The Kafka driver against a KRaft broker started in this JVM ({@link InJvmKafka}): the cases of every driver
 * ({@link DriverContract}) and Kafka's own. Each test uses a topic of its own, deleted afterwards.
 */
class KafkaDriverTest extends DriverContract {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @RegisterExtension
    final KafkaTopic topic = new KafkaTopic();

    private final KafkaDriver driver = new KafkaDriver();
    private final RecordedOutcomes outcomes = new RecordedOutcomes();

    @Override
    protected Driver driver() {
        return driver;
    }

    @Override
    protected String acknowledgedUrl() {
        return topic.url("acks=all&linger.ms=1");
    }

    @Override
    protected String unacknowledgedUrl() {
        return topic.url("acks=0");
    }

    @Override
    protected int count() {
        return 2000;
    }

    @Test
    void receiverConnectionsOfOneUrlShareAGroupAndAnotherPeerReadsEverything() throws Exception {
        int count = 600;
        String url = topic.url("partitions=2&acks=1");
        List<Long> first = new CopyOnWriteArrayList<>();
        List<Long> second = new CopyOnWriteArrayList<>();
        List<Long> otherPeer = new CopyOnWriteArrayList<>();
        KafkaDriver otherJvm = new KafkaDriver();
        try (DriverConnection a = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection b = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection c = otherJvm.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            a.createConsumer((body, micros) -> first.add(ByteBuffer.wrap(body).getLong()));
            b.createConsumer((body, micros) -> second.add(ByteBuffer.wrap(body).getLong()));
            c.createConsumer(
                    (body, micros) -> otherPeer.add(ByteBuffer.wrap(body).getLong()));
            try (Admin admin = topic.kafka().admin()) {
                assertEquals(
                        2,
                        admin.describeTopics(List.of(topic.name()))
                                .allTopicNames()
                                .get(20, TimeUnit.SECONDS)
                                .get(topic.name())
                                .partitions()
                                .size(),
                        "the topic was created with partitions=2");
            }
            DriverProducer producer = sender.createProducer(outcomes);
            // 600 KB: the producer moves to a randomly picked partition after each batch.size (16 KB) of records
            byte[] body = new byte[1024];
            for (long i = 0; i < count; i++) {
                ByteBuffer.wrap(body).putLong(i);
                producer.send(i, body, body.length);
            }
            awaitTrue(
                    () -> first.size() + second.size() >= count && otherPeer.size() >= count,
                    () -> first.size() + " + " + second.size() + " and " + otherPeer.size() + " of " + count);
            awaitTrue(() -> outcomes.total() >= count, () -> outcomes.total() + " of " + count + " outcomes");
        }
        Set<Long> shared = new HashSet<>(first);
        shared.addAll(second);
        assertEquals(count, first.size() + second.size(), "each record read once by the two connections");
        assertEquals(count, shared.size(), "and none twice");
        assertFalse(
                first.isEmpty() || second.isEmpty(),
                "both connections had a partition: " + first.size() + " and " + second.size());
        assertEquals(count, otherPeer.size(), "a receiver of another JVM is in a group of its own");
        assertEquals(count, new HashSet<>(otherPeer).size());
        assertEquals(count, outcomes.tokensWith(DeliveryOutcome.ACCEPTED));
    }

    @Test
    void aTopicThatExistsWithOtherPartitionsIsNamed() throws Exception {
        try (DriverConnection created = driver.connect(topic.url("partitions=3"), MicroClock.system(), TIMEOUT)) {
            assertFalse(created.failed());
        }
        DriverException e = assertThrows(
                DriverException.class, () -> driver.connect(topic.url("partitions=2"), MicroClock.system(), TIMEOUT));
        assertTrue(e.getMessage().contains("exists with 3 partition(s), the URL asks for 2"), e.getMessage());
        driver.connect(topic.url(""), MicroClock.system(), TIMEOUT).close();
    }

    @Test
    void aRecordOverTheProducersLimitIsRejected() throws Exception {
        String url = topic.url("producer.max.request.size=1000");
        try (DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(outcomes);
            producer.send(1, new byte[100], 100);
            producer.send(2, new byte[5000], 5000);
            awaitTrue(() -> outcomes.total() >= 2, () -> outcomes.total() + " of 2 outcomes");
        }
        assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(1L));
        assertEquals(DeliveryOutcome.REJECTED, outcomes.outcome(2L), "RecordTooLargeException is not retriable");
        assertEquals(2, outcomes.total(), "one outcome per record");
    }

    @Test
    void unknownOptionsAreRefusedBeforeConnecting() {
        DriverException plain = assertThrows(
                DriverException.class,
                () -> Drivers.forUrl("kafka://127.0.0.1:1/t?prefetch=5").check("kafka://127.0.0.1:1/t?prefetch=5"));
        assertTrue(plain.getMessage().contains("unknown option 'prefetch'"), plain.getMessage());
        assertTrue(plain.getMessage().contains("acks, group, partitions, linger.ms, key"), plain.getMessage());
        DriverException property = assertThrows(
                DriverException.class,
                () -> driver.connect("kafka://127.0.0.1:1/t?producer.lingerr.ms=5", MicroClock.system(), TIMEOUT));
        assertTrue(
                property.getMessage().contains("no kafka-clients producer property 'lingerr.ms'"),
                property.getMessage());
    }

    @Test
    void anUnreachableBrokerFailsWithinTheTimeoutNamingTheUrl() throws Exception {
        int port = FreePorts.next();
        String url = "kafka://maestro:s3cret@127.0.0.1:" + port + "/" + topic;
        DriverException e = givesUpWithin(url, 6_000);
        assertTrue(
                e.getMessage()
                        .contains("cannot connect to kafka://***@127.0.0.1:" + port + "/" + topic + " within 2000 ms"),
                e.getMessage());
        assertTrue(e.getMessage().contains("is Kafka running and reachable"), e.getMessage());
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
    }

    @Test
    void aPortThatAcceptsButDoesNotAnswerIsToldFromOneThatIsDown() throws Exception {
        try (ServerSocket silent = new ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
            String url = "kafka://127.0.0.1:" + silent.getLocalPort() + "/" + topic;
            DriverException e = givesUpWithin(url, 8_000);
            assertTrue(
                    e.getMessage()
                            .contains("cannot connect to " + url + " within 2000 ms (the connect timeout): "
                                    + "127.0.0.1:" + silent.getLocalPort()
                                    + " accepts connections but Kafka did not answer in "
                                    + "time"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("try again when the load is lower"), e.getMessage());
        }
    }

    /**
     * The error connecting to {@code url} with a connect timeout of 2 s fails with, checked to come within
     * {@code millisAtMost} (the timeout plus what a busy machine adds).
     */
    private DriverException givesUpWithin(String url, long millisAtMost) {
        long start = System.nanoTime();
        DriverException e = assertThrows(
                DriverException.class, () -> driver.connect(url, MicroClock.system(), Duration.ofSeconds(2)));
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        assertTrue(millis < millisAtMost, "gave up after " + millis + " ms, asked 2000");
        return e;
    }
}

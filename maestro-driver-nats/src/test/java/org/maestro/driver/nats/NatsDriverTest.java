package org.maestro.driver.nats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import io.nats.client.Connection;
import io.nats.client.JetStreamApiException;
import io.nats.client.Nats;
import io.nats.client.api.ConsumerInfo;
import io.nats.client.api.DiscardPolicy;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.testing.DriverContract;
import org.maestro.driver.testing.RecordedOutcomes;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.testing.NatsServerProcess;

/**
 * The NATS driver against the real NATS server with JetStream on 127.0.0.1:4222 (skipped when none runs there,
 * outside CI): the cases of every driver ({@link DriverContract}, acknowledged through JetStream, unacknowledged over
 * core NATS) and NATS's own. Each test uses a subject {@code maestro.test.<uuid>} and a stream
 * {@code MAESTRO_TEST_<uuid>} of its own, deleted afterwards. Fan-out: two queue groups of two receiver connections
 * each, over core NATS and through JetStream, each group getting every message once.
 */
class NatsDriverTest extends DriverContract {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private final String id = UUID.randomUUID().toString().replace("-", "");
    private final String subject = "maestro.test." + id;
    private final String stream = "MAESTRO_TEST_" + id;

    @BeforeEach
    void needsTheServer() {
        NatsServerProcess.assumeLocalRunning();
    }

    @AfterEach
    void deleteTheStream() throws Exception {
        try (Connection admin = Nats.connect(NatsServerProcess.LOCAL_URL)) {
            admin.jetStreamManagement().deleteStream(stream);
        } catch (JetStreamApiException notCreated) {
            // the test made no stream
        } catch (java.io.IOException notRunning) {
            // skipped test
        }
    }

    private String core(String options) {
        return NatsServerProcess.LOCAL_URL + "/" + subject + options;
    }

    private String jetStream(String options) {
        return NatsServerProcess.LOCAL_URL + "/" + subject + "?jetstream=true&stream=" + stream + "&create=true"
                + options;
    }

    @Override
    protected Driver driver() {
        return new NatsDriver();
    }

    @Override
    protected String acknowledgedUrl() {
        return jetStream("&storage=memory&inflight=100");
    }

    @Override
    protected String unacknowledgedUrl() {
        return core("");
    }

    @Test
    void coreNatsCarriesTheBytesUnchangedAndInOrderWithoutOutcomes() throws Exception {
        String url = core("");
        List<byte[]> received = new CopyOnWriteArrayList<>();
        AtomicInteger reports = new AtomicInteger();
        NatsDriver driver = new NatsDriver();
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.add(body));
            DriverProducer producer = sender.createProducer((t, o, r, d) -> reports.incrementAndGet());
            assertFalse(producer.reportsOutcomes(), "core NATS publishes are not acknowledged");
            byte[] body = new byte[100];
            for (long i = 0; i < 2000; i++) {
                ByteBuffer.wrap(body).putLong(0, i);
                producer.send(i, body, 64 + (int) (i % 30));
            }
            awaitTrue(() -> received.size() >= 2000, () -> "2000 messages; got " + received.size());
            for (int i = 0; i < 2000; i++) {
                byte[] expected = new byte[64 + i % 30];
                ByteBuffer.wrap(expected).putLong(0, i);
                assertArrayEquals(expected, received.get(i), "message " + i + " in order and unchanged");
            }
            assertEquals(0, reports.get(), "no outcomes");
        }
    }

    @Test
    void aCoreSenderClosedRightAfterItsLastPublishStillDeliversEveryMessage() throws Exception {
        String url = core("");
        AtomicInteger received = new AtomicInteger();
        NatsDriver driver = new NatsDriver();
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            for (int round = 0; round < 5; round++) {
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverProducer producer = sender.createProducer((t, o, r, d) -> {});
                byte[] body = new byte[256];
                for (long i = 0; i < 20_000; i++) {
                    producer.send(i, body, body.length);
                }
                sender.close(); // at once: what jnats still buffers must reach the server first
                int expected = (round + 1) * 20_000;
                awaitTrue(() -> received.get() >= expected, () -> expected + " messages; got " + received.get());
            }
        }
    }

    @Test
    void aQueueGroupGivesEachMessageToOneReceiver() throws Exception {
        splitsBetweenTwoReceivers(core("?queue=maestro"));
    }

    @Test
    void aJetStreamQueueGroupGivesEachMessageToOneReceiver() throws Exception {
        splitsBetweenTwoReceivers(jetStream("&storage=memory&queue=maestro"));
    }

    private void splitsBetweenTwoReceivers(String url) throws Exception {
        Set<Long> first = ConcurrentHashMap.newKeySet();
        Set<Long> second = ConcurrentHashMap.newKeySet();
        AtomicInteger total = new AtomicInteger();
        NatsDriver driver = new NatsDriver();
        try (DriverConnection one = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection two = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            one.createConsumer((body, micros) -> {
                first.add(ByteBuffer.wrap(body).getLong());
                total.incrementAndGet();
            });
            two.createConsumer((body, micros) -> {
                second.add(ByteBuffer.wrap(body).getLong());
                total.incrementAndGet();
            });
            DriverProducer producer = sender.createProducer();
            byte[] body = new byte[40];
            for (long i = 0; i < 1000; i++) {
                ByteBuffer.wrap(body).putLong(0, i);
                producer.send(body, body.length);
            }
            awaitTrue(() -> total.get() >= 1000, () -> "1000 messages; got " + total.get());
            Thread.sleep(300); // time passes in which a duplicate would arrive: nothing more may
            assertEquals(1000, total.get(), "no message reached both receivers");
            assertEquals(1000, first.size() + second.size());
            assertTrue(first.stream().noneMatch(second::contains), "no duplicates across the group");
            assertTrue(!first.isEmpty() && !second.isEmpty(), first.size() + " and " + second.size());
        }
    }

    @Test
    void jetStreamPublishesAreAcceptedAndEveryMessageIsConsumedAndAcknowledged() throws Exception {
        String url = jetStream("&storage=memory&durable=maestro&inflight=100");
        List<byte[]> received = new CopyOnWriteArrayList<>();
        RecordedOutcomes outcomes = new RecordedOutcomes();
        NatsDriver driver = new NatsDriver();
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.add(body));
            DriverProducer producer = sender.createProducer(outcomes);
            assertTrue(producer.reportsOutcomes());
            byte[] body = new byte[100];
            for (long i = 0; i < 2000; i++) {
                ByteBuffer.wrap(body).putLong(0, i);
                producer.send(i, body, 80);
            }
            awaitTrue(
                    () -> received.size() >= 2000 && outcomes.total() >= 2000,
                    () -> "2000 messages and 2000 outcomes; got " + received.size() + " and " + outcomes.total());
            Thread.sleep(300); // time passes in which a duplicate would arrive: nothing more may
            assertEquals(2000, received.size(), "no duplicates");
            assertEquals(2000, outcomes.total(), "one outcome per send");
            List<Long> order = new ArrayList<>();
            received.forEach(b -> order.add(ByteBuffer.wrap(b).getLong()));
            for (int i = 0; i < 2000; i++) {
                assertEquals(i, order.get(i), "message " + i + " in order");
                assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(i), "outcome of " + i);
            }
            try (Connection admin = Nats.connect(NatsServerProcess.LOCAL_URL)) {
                awaitTrue(() -> acknowledgedAll(admin, 2000), "the consumer has every message acknowledged");
            }
        }
    }

    private boolean acknowledgedAll(Connection admin, long count) {
        try {
            ConsumerInfo info = admin.jetStreamManagement().getConsumerInfo(stream, "maestro");
            return info.getNumAckPending() == 0 && info.getAckFloor().getStreamSequence() == count;
        } catch (Exception e) {
            throw new AssertionError("reading the consumer of " + stream + ": " + e.getMessage(), e);
        }
    }

    @Test
    void aMissingStreamIsRefusedWithTheFixUnlessCreateIsGiven() {
        String url = NatsServerProcess.LOCAL_URL + "/" + subject + "?jetstream=true&stream=" + stream;
        DriverException error =
                assertThrows(DriverException.class, () -> new NatsDriver().connect(url, MicroClock.system(), TIMEOUT));
        assertTrue(
                error.getMessage().contains("'" + stream + "'")
                        && error.getMessage().contains("does not exist")
                        && error.getMessage().contains("create=true"),
                error.getMessage());
    }

    @Test
    void aPublishNoStreamListensToFails() throws Exception {
        String url = jetStream("&storage=memory");
        RecordedOutcomes outcomes = new RecordedOutcomes();
        try (DriverConnection sender = new NatsDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(outcomes);
            producer.send(1, new byte[40], 40);
            awaitTrue(() -> outcomes.of(1L) != null, "the first outcome");
            try (Connection admin = Nats.connect(NatsServerProcess.LOCAL_URL)) {
                admin.jetStreamManagement().deleteStream(stream);
            }
            producer.send(2, new byte[40], 40);
            awaitTrue(() -> outcomes.of(2L) != null, "the second outcome");
            assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(1L));
            assertEquals(
                    DeliveryOutcome.FAILED, outcomes.outcome(2L), "a publish no stream took: " + outcomes.detail(2L));
            assertTrue(outcomes.detail(2L).contains("No Responders"), outcomes.detail(2L));
        }
    }

    @Test
    void aPublishNobodyAcknowledgesFailsWhenJnatsGivesUpOnIt() throws Exception {
        String url = jetStream("&storage=memory");
        RecordedOutcomes outcomes = new RecordedOutcomes();
        try (DriverConnection sender = new NatsDriver().connect(url, MicroClock.system(), TIMEOUT);
                Connection silent = Nats.connect(NatsServerProcess.LOCAL_URL)) {
            DriverProducer producer = sender.createProducer(outcomes);
            silent.jetStreamManagement().deleteStream(stream);
            // a plain subscriber takes the publish (so the server does not answer "no responders") and never replies
            silent.subscribe(subject);
            silent.flush(TIMEOUT);
            long start = System.nanoTime();
            producer.send(1, new byte[40], 40);
            awaitTrue(() -> outcomes.of(1L) != null, "the outcome of a publish nobody acknowledges");
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertEquals(DeliveryOutcome.FAILED, outcomes.outcome(1L), outcomes.detail(1L));
            assertEquals(NatsProducer.NO_ACK_DETAIL, outcomes.detail(1L));
            assertTrue(millis >= 4_900 && millis < 20_000, "failed after " + millis + " ms");
        }
    }

    @Test
    void aPublishAnotherStreamStoresIsRejectedNamingThatStream() throws Exception {
        String other = stream + "_OTHER";
        try (Connection admin = Nats.connect(NatsServerProcess.LOCAL_URL)) {
            admin.jetStreamManagement()
                    .addStream(memoryStream(stream, subject + ".elsewhere").build());
            admin.jetStreamManagement().addStream(memoryStream(other, subject).build());
            try {
                RecordedOutcomes outcomes = publishToTheStream(1);
                String detail = outcomes.detail(1L);
                assertEquals(DeliveryOutcome.REJECTED, outcomes.outcome(1L), detail);
                assertTrue(detail.contains("'" + other + "'") && detail.contains("'" + stream + "'"), detail);
            } finally {
                admin.jetStreamManagement().deleteStream(other);
            }
        }
    }

    @Test
    void aPublishTheStreamRefusesIsRejectedWithTheServersReason() throws Exception {
        try (Connection admin = Nats.connect(NatsServerProcess.LOCAL_URL)) {
            admin.jetStreamManagement()
                    .addStream(memoryStream(stream, subject)
                            .maxMessages(1)
                            .discardPolicy(DiscardPolicy.New)
                            .build());
        }
        RecordedOutcomes outcomes = publishToTheStream(2);
        assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(1L));
        assertEquals(DeliveryOutcome.REJECTED, outcomes.outcome(2L), outcomes.detail(2L));
        assertTrue(outcomes.detail(2L).contains("maximum messages exceeded"), outcomes.detail(2L));
    }

    @Test
    void aDurableConsumerWithOtherSettingsIsRefusedWithTheReason() throws Exception {
        NatsDriver driver = new NatsDriver();
        try (DriverConnection first = driver.connect(jetStream("&durable=maestro"), MicroClock.system(), TIMEOUT);
                DriverConnection second =
                        driver.connect(jetStream("&durable=maestro&deliver=all"), MicroClock.system(), TIMEOUT)) {
            first.createConsumer((body, micros) -> {}).close();
            DriverException error =
                    assertThrows(DriverException.class, () -> second.createConsumer((body, micros) -> {}));
            assertTrue(
                    error.getMessage().contains("cannot subscribe to '" + subject + "'")
                            && error.getMessage().contains("same settings"),
                    error.getMessage());
        }
    }

    @Test
    void sendersRefuseWildcardSubjects() throws Exception {
        try (DriverConnection connection = new NatsDriver()
                .connect(NatsServerProcess.LOCAL_URL + "/maestro.test.*", MicroClock.system(), TIMEOUT)) {
            DriverException error = assertThrows(DriverException.class, connection::createProducer);
            assertTrue(error.getMessage().contains("wildcard"), error.getMessage());
        }
    }

    @Test
    void aClosedConnectionCountsAsFailedAndRefusesSends() throws Exception {
        DriverConnection connection = new NatsDriver().connect(core(""), MicroClock.system(), TIMEOUT);
        DriverProducer producer = connection.createProducer();
        assertFalse(connection.failed());
        connection.close();
        assertTrue(connection.failed());
        assertThrows(DriverException.class, () -> producer.send(new byte[40], 40));
    }

    @Test
    void namesTheUrlWithoutThePasswordWhenTheServerCannotBeReached() throws Exception {
        int closed = FreePorts.next();
        String url = "nats://maestro:s3cret@127.0.0.1:" + closed + "/t";
        DriverException error = assertThrows(
                DriverException.class, () -> new NatsDriver().connect(url, MicroClock.system(), Duration.ofSeconds(5)));
        assertTrue(
                error.getMessage().contains("cannot connect to nats://***@127.0.0.1:" + closed + "/t"),
                error.getMessage());
        assertTrue(error.getMessage().contains("is the NATS server running"), error.getMessage());
        assertFalse(error.getMessage().contains("s3cret"), error.getMessage());
    }

    /** A producer on {@code sender} that records the outcome and the detail of each send by token. */
    /**
     * Publishes {@code count} messages (tokens 1 to {@code count}) to the stream the test made, named by the URL and
     * not created by it, and waits for their outcomes.
     */
    private RecordedOutcomes publishToTheStream(int count) throws Exception {
        RecordedOutcomes outcomes = new RecordedOutcomes();
        String url = NatsServerProcess.LOCAL_URL + "/" + subject + "?jetstream=true&stream=" + stream;
        try (DriverConnection sender = new NatsDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(outcomes);
            for (long token = 1; token <= count; token++) {
                producer.send(token, new byte[40], 40);
            }
            awaitTrue(() -> outcomes.byToken().size() == count, () -> count + " outcome(s): " + outcomes);
        }
        return outcomes;
    }

    @Test
    void everyQueueGroupGetsEveryMessageOverCoreNats() throws Exception {
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                new NatsDriver(), core(""), s -> core("?queue=sub-" + s), 2, 2, 400, Duration.ofSeconds(30));
    }

    @Test
    void everyQueueGroupGetsEveryMessageThroughJetStream() throws Exception {
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                new NatsDriver(),
                jetStream("&storage=memory"),
                s -> jetStream("&storage=memory&queue=sub-" + s),
                2,
                2,
                400,
                Duration.ofSeconds(30));
    }

    @Test
    void refusesASubscriptionOptionOrABadGroupNamingTheQueueGroup() throws Exception {
        NatsDriver driver = new NatsDriver();
        assertTrue(driver.deliversToEveryReceiver("nats://h:4222/orders"));
        assertFalse(driver.deliversToEveryReceiver("nats://h:4222/orders?queue=sub-0"));
        SubscriptionChecks.refusedNaming(
                driver,
                "nats://h:4222/orders?subscription=sub-0",
                "option subscription in URL nats://h:4222/orders?subscription=sub-0",
                "queue group",
                NatsUrl.SUBSCRIPTION_EXAMPLE);
        SubscriptionChecks.refusedNaming(
                driver, "nats://h:4222/orders?queue=sub.0", "option queue=sub.0", "queue=sub-{s}");
    }

    /** A stream kept in memory, named {@code name}, storing {@code subjects}. */
    private static StreamConfiguration.Builder memoryStream(String name, String subjects) {
        return StreamConfiguration.builder().name(name).subjects(subjects).storageType(StorageType.Memory);
    }
}

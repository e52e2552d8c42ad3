package org.maestro.driver.stomp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.stomp.StompLink.AWAIT;
import static org.maestro.driver.stomp.StompLink.TIMEOUT;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.settings.impl.AddressFullMessagePolicy;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.driver.testing.RecordedOutcomes;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * The STOMP driver against an Artemis broker in this JVM with a STOMP acceptor on a free loopback port, fan-out through
 * shared subscriptions (fully qualified queue names) included.
 */
class StompArtemisTest {
    private static EmbeddedArtemis broker;
    private final StompDriver driver = new StompDriver();
    private final RecordedOutcomes outcomes = new RecordedOutcomes();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = EmbeddedArtemis.builder()
                .stomp()
                .name("maestro-stomp-test")
                .withoutJmx()
                .start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static String queue() {
        return "/queue/maestro-" + UUID.randomUUID();
    }

    @Test
    void theUrlSchemeFindsThisDriver() throws Exception {
        assertTrue(Drivers.forUrl("stomp://h:61613/queue/q") instanceof StompDriver);
        assertTrue(Drivers.forUrl("stomp+ssl://h:61614/queue/q") instanceof StompDriver);
    }

    @Test
    void carriesEverySequenceNumberOnceAndInOrderToAnAnycastQueue() throws Exception {
        int count = 1000;
        String url = broker.stompUrl(queue()) + "?durable=true";
        List<Long> received = new CopyOnWriteArrayList<>();
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer(
                    (body, micros) -> received.add(ByteBuffer.wrap(body).getLong()));
            DriverProducer producer = sender.createProducer(outcomes);
            byte[] body = new byte[100];
            for (long i = 0; i < count; i++) {
                ByteBuffer.wrap(body).putLong(i);
                producer.send(i, body, body.length);
            }
            await().atMost(AWAIT)
                    .untilAsserted(
                            () -> assertTrue(received.size() >= count, received.size() + " of " + count + " received"));
            await().atMost(AWAIT)
                    .untilAsserted(() ->
                            assertTrue(outcomes.total() >= count, outcomes.total() + " of " + count + " outcomes"));
        }
        assertEquals(count, received.size(), "no duplicates");
        for (int i = 0; i < count; i++) {
            assertEquals(i, received.get(i), "sequence number at " + i);
        }
        assertEquals(count, outcomes.tokensWith(DeliveryOutcome.ACCEPTED));
    }

    @Test
    void twoReceiversOfAQueueShareItsMessages() throws Exception {
        String url = broker.stompUrl(queue()) + "?ack=auto&receipt=false";
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        try (DriverConnection one = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection two = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            one.createConsumer((body, micros) -> first.incrementAndGet());
            two.createConsumer((body, micros) -> second.incrementAndGet());
            DriverProducer producer = sender.createProducer(outcomes);
            for (int i = 0; i < 400; i++) {
                producer.send(i, new byte[20], 20);
            }
            await().atMost(AWAIT)
                    .untilAsserted(() ->
                            assertTrue(first.get() + second.get() >= 400, (first.get() + second.get()) + " of 400"));
        }
        assertEquals(400, first.get() + second.get(), "each message reaches one receiver");
        assertTrue(first.get() > 0 && second.get() > 0, first + " and " + second);
        assertEquals(0, outcomes.total(), "no outcomes without receipts");
    }

    @Test
    void aBrokerRestartFailsTheConnectionsAndNewOnesCarryOn() throws Exception {
        String url = broker.stompUrl(queue());
        AtomicInteger received = new AtomicInteger();
        try (StompLink dropped = new StompLink(driver, url, received, outcomes)) {
            dropped.send(0, 50, 20);
            dropped.awaitReceived(50, "before the restart");
            broker.restart();
            dropped.awaitBothFailed();
            String failure = dropped.receiver.failure().getMessage();
            assertTrue(failure.contains("was lost") || failure.contains("closed by the server"), failure);
            assertThrows(DriverException.class, () -> dropped.producer.send(99, new byte[20], 20));
        }
        try (StompLink again = new StompLink(driver, url, received, outcomes)) {
            again.send(100, 150, 20);
            again.awaitReceived(100, "after reconnecting");
        }
        assertEquals(100, received.get());
    }

    @Test
    void aFullAddressRejectsTheSendsItRefusesNamingWhy() throws Exception {
        String name = "full-" + UUID.randomUUID();
        broker.server()
                .getAddressSettingsRepository()
                .addMatch(
                        name,
                        new AddressSettings()
                                .setMaxSizeBytes(2048)
                                .setAddressFullMessagePolicy(AddressFullMessagePolicy.FAIL));
        try (DriverConnection sender =
                driver.connect(broker.stompUrl("/queue/" + name) + "?inflight=1", MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(outcomes);
            for (long i = 0; i < 40 && !sender.failed(); i++) {
                try {
                    producer.send(i, new byte[200], 200);
                } catch (DriverException e) {
                    break; // the server closed the connection after its ERROR frame
                }
            }
            await().atMost(AWAIT)
                    .untilAsserted(() -> assertTrue(
                            outcomes.tokensWith(DeliveryOutcome.ACCEPTED)
                                    < outcomes.byToken().size(),
                            "a send refused: " + outcomes));
        }
        assertTrue(outcomes.tokensWith(DeliveryOutcome.ACCEPTED) > 0, outcomes.toString());
        long refused = outcomes.byToken().entrySet().stream()
                .filter(e -> e.getValue().outcome() != DeliveryOutcome.ACCEPTED)
                .mapToLong(Map.Entry::getKey)
                .min()
                .orElseThrow();
        assertEquals(DeliveryOutcome.REJECTED, outcomes.outcome(refused), outcomes.detail(refused));
        assertTrue(
                outcomes.detail(refused).startsWith("the STOMP server refused the message: AMQ339011"),
                outcomes.detail(refused));
    }

    @Test
    void namesTheUrlWhenNothingListens() throws Exception {
        int port = FreePorts.next();
        String url = "stomp://user:secret@127.0.0.1:" + port + "/queue/q";
        DriverException e = assertThrows(
                DriverException.class, () -> driver.connect(url, MicroClock.system(), Duration.ofSeconds(2)));
        assertTrue(e.getMessage().contains("cannot connect to stomp://***@127.0.0.1:" + port), e.getMessage());
        assertTrue(e.getMessage().contains("is the STOMP server running and reachable"), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }

    @Test
    void everySubscriptionOfAnArtemisTopicGetsEveryMessage() throws Exception {
        String topic = "/topic/maestro-" + UUID.randomUUID();
        String sendUrl = broker.stompUrl(topic);
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver, sendUrl, s -> sendUrl + "?subscription=sub-" + s, 2, 2, 400, Duration.ofSeconds(30));
        String queue = "probe-" + UUID.randomUUID();
        try (DriverConnection receiver =
                driver.connect(sendUrl + "?subscription=" + queue, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> {});
            Queue made = broker.server().locateQueue(SimpleString.of(queue));
            assertNotNull(made, "the subscription is the queue " + queue);
            assertEquals(topic.substring("/topic/".length()), made.getAddress().toString(), "a queue of the topic");
            assertEquals(RoutingType.MULTICAST, made.getRoutingType());
            // Artemis removes it once unused only with auto-delete-queues, which the embedded broker turns off
            assertTrue(made.isAutoCreated(), "auto-created");
        }
        for (String left : new String[] {"sub-0", "sub-1", queue}) {
            broker.server().destroyQueue(SimpleString.of(left), null, false);
        }
    }
}

package org.maestro.driver.stomp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
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
import org.maestro.driver.OutcomeListener;
import org.maestro.embedded.EmbeddedArtemis;

/** The STOMP driver against an Artemis broker in this JVM with a STOMP acceptor on a free loopback port. */
class StompArtemisTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    /** How long a test waits for what a broker does in milliseconds when the machine is idle. */
    private static final Duration AWAIT = Duration.ofSeconds(30);

    private static EmbeddedArtemis broker;
    private final StompDriver driver = new StompDriver();
    private final Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
    private final AtomicInteger reports = new AtomicInteger();
    private final OutcomeListener listener = (token, outcome, again, detail) -> {
        outcomes.put(token, outcome);
        reports.incrementAndGet();
    };

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
            DriverProducer producer = sender.createProducer(listener);
            byte[] body = new byte[100];
            for (long i = 0; i < count; i++) {
                ByteBuffer.wrap(body).putLong(i);
                producer.send(i, body, body.length);
            }
            await().atMost(AWAIT)
                    .untilAsserted(
                            () -> assertTrue(received.size() >= count, received.size() + " of " + count + " received"));
            await().atMost(AWAIT)
                    .untilAsserted(
                            () -> assertTrue(reports.get() >= count, reports.get() + " of " + count + " outcomes"));
        }
        assertEquals(count, received.size(), "no duplicates");
        for (int i = 0; i < count; i++) {
            assertEquals(i, received.get(i), "sequence number at " + i);
        }
        assertEquals(
                count,
                outcomes.values().stream()
                        .filter(o -> o == DeliveryOutcome.ACCEPTED)
                        .count());
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
            DriverProducer producer = sender.createProducer(listener);
            for (int i = 0; i < 400; i++) {
                producer.send(i, new byte[20], 20);
            }
            await().atMost(AWAIT)
                    .untilAsserted(() ->
                            assertTrue(first.get() + second.get() >= 400, (first.get() + second.get()) + " of 400"));
        }
        assertEquals(400, first.get() + second.get(), "each message reaches one receiver");
        assertTrue(first.get() > 0 && second.get() > 0, first + " and " + second);
        assertEquals(0, reports.get(), "no outcomes without receipts");
    }

    @Test
    void aBrokerRestartFailsTheConnectionsAndNewOnesCarryOn() throws Exception {
        String url = broker.stompUrl(queue());
        AtomicInteger received = new AtomicInteger();
        DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
        DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT);
        try {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer = sender.createProducer(listener);
            for (int i = 0; i < 50; i++) {
                producer.send(i, new byte[20], 20);
            }
            await().atMost(AWAIT)
                    .untilAsserted(
                            () -> assertTrue(received.get() >= 50, received.get() + " of 50 before the restart"));
            broker.restart();
            await("both connections count as failed").atMost(AWAIT).until(() -> sender.failed() && receiver.failed());
            assertTrue(
                    receiver.failure().getMessage().contains("was lost")
                            || receiver.failure().getMessage().contains("closed by the server"),
                    receiver.failure().getMessage());
            assertThrows(DriverException.class, () -> producer.send(99, new byte[20], 20));
        } finally {
            sender.close();
            receiver.close();
        }
        try (DriverConnection again = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sendAgain = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            again.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer = sendAgain.createProducer(listener);
            for (int i = 100; i < 150; i++) {
                producer.send(i, new byte[20], 20);
            }
            await().atMost(AWAIT)
                    .untilAsserted(
                            () -> assertTrue(received.get() >= 100, received.get() + " of 100 after reconnecting"));
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
        Map<Long, String> details = new ConcurrentHashMap<>();
        OutcomeListener detailed = (token, outcome, again, detail) -> {
            listener.onOutcome(token, outcome, again, detail);
            if (detail != null) {
                details.put(token, detail);
            }
        };
        try (DriverConnection sender =
                driver.connect(broker.stompUrl("/queue/" + name) + "?inflight=1", MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(detailed);
            for (long i = 0; i < 40 && !sender.failed(); i++) {
                try {
                    producer.send(i, new byte[200], 200);
                } catch (DriverException e) {
                    break; // the server closed the connection after its ERROR frame
                }
            }
            await().atMost(AWAIT)
                    .untilAsserted(() -> assertTrue(
                            outcomes.values().stream().anyMatch(o -> o != DeliveryOutcome.ACCEPTED),
                            "a send refused: " + outcomes));
        }
        assertTrue(outcomes.containsValue(DeliveryOutcome.ACCEPTED), outcomes.toString());
        long refused = outcomes.entrySet().stream()
                .filter(e -> e.getValue() != DeliveryOutcome.ACCEPTED)
                .mapToLong(Map.Entry::getKey)
                .min()
                .orElseThrow();
        assertEquals(DeliveryOutcome.REJECTED, outcomes.get(refused), details.get(refused));
        assertTrue(
                details.get(refused).startsWith("the STOMP server refused the message: AMQ339011"),
                details.get(refused));
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
}

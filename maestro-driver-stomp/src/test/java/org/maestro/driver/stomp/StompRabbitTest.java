package org.maestro.driver.stomp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.testing.DriverContract;
import org.maestro.testing.LocalRabbitMq;

/**
 * The STOMP driver against RabbitMQ's STOMP plugin on 127.0.0.1:61613 (see {@link LocalRabbitMq}): the cases of
 * every driver ({@link DriverContract}) and RabbitMQ's own, in a virtual host of its own that is deleted afterwards,
 * each test on a queue of its own.
 */
class StompRabbitTest extends DriverContract {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    /** How long a test waits for what a broker does in milliseconds when the machine is idle. */
    private static final Duration AWAIT = Duration.ofSeconds(30);

    private static String vhost;
    private final StompDriver driver = new StompDriver();
    private final Map<Long, DeliveryOutcome> outcomes = new ConcurrentHashMap<>();
    private final Map<Long, String> details = new ConcurrentHashMap<>();
    private final AtomicInteger reports = new AtomicInteger();
    private final OutcomeListener listener = (token, outcome, again, detail) -> {
        outcomes.put(token, outcome);
        if (detail != null) {
            details.put(token, detail);
        }
        reports.incrementAndGet();
    };
    private String queue;

    @BeforeAll
    static void createVhost() throws Exception {
        LocalRabbitMq.assumeStomp();
        vhost = LocalRabbitMq.createVhost();
    }

    @AfterAll
    static void deleteVhost() throws Exception {
        if (vhost != null) {
            LocalRabbitMq.deleteVhost(vhost);
        }
    }

    @BeforeEach
    void nameTheQueue() {
        queue = "/queue/maestro-" + UUID.randomUUID();
    }

    /** A driver URL of a destination in the test's virtual host, with guest/guest and the given query. */
    private static String url(String vhost, String destination, String query) {
        return "stomp://guest:guest@" + LocalRabbitMq.HOST + ":" + LocalRabbitMq.STOMP_PORT + destination + "?vhost="
                + vhost + (query.isEmpty() ? "" : "&" + query);
    }

    @Override
    protected Driver driver() {
        return driver;
    }

    @Override
    protected String acknowledgedUrl() {
        return url(vhost, queue, "prefetch=100&inflight=200");
    }

    @Override
    protected String unacknowledgedUrl() {
        return url(vhost, queue, "receipt=false&ack=auto");
    }

    @Override
    protected int unacknowledgedCount() {
        return 500;
    }

    @Test
    void aSendToAMissingExchangeFailsWithTheServersReason() throws Exception {
        String url = url(vhost, "/exchange/maestro-missing-" + UUID.randomUUID() + "/key", "");
        try (DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(listener);
            producer.send(1, new byte[10], 10);
            await("the outcome of a send to a missing exchange").atMost(AWAIT).until(() -> reports.get() >= 1);
            await("RabbitMQ closes the connection after its ERROR frame")
                    .atMost(AWAIT)
                    .until(sender::failed);
        }
        // RabbitMQ's ERROR frame names no receipt, and the connection closes: the send failed, with its reason
        assertEquals(DeliveryOutcome.FAILED, outcomes.get(1L));
        assertTrue(details.get(1L).contains("not_found"), details.get(1L));
        assertEquals(1, reports.get());
    }

    @Test
    void aWrongPasswordIsRefusedNamingTheUserAndNotThePassword() {
        String url = "stomp://guest:not-the-pa55word@" + LocalRabbitMq.HOST + ":" + LocalRabbitMq.STOMP_PORT + queue
                + "?vhost=" + vhost;
        DriverException e =
                assertThrows(DriverException.class, () -> driver.connect(url, MicroClock.system(), TIMEOUT));
        assertTrue(
                e.getMessage()
                        .contains("refused the connection of user 'guest': Bad CONNECT (Access refused for user"
                                + " 'guest')"),
                e.getMessage());
        assertTrue(e.getMessage().contains("stomp://***@127.0.0.1:61613" + queue), e.getMessage());
        assertTrue(e.getMessage().contains("check the user name and password"), e.getMessage());
        assertFalse(e.getMessage().contains("not-the-pa55word"), e.getMessage());
    }

    @Test
    void aConnectionTheBrokerClosesFailsItsPendingSendsAndANewOneCarriesOn() throws Exception {
        String url = url(vhost, queue, "");
        AtomicInteger received = new AtomicInteger();
        DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT);
        DriverConnection sender = driver.connect(url, MicroClock.system(), TIMEOUT);
        try {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer = sender.createProducer(listener);
            for (int i = 0; i < 100; i++) {
                producer.send(i, new byte[32], 32);
            }
            await().atMost(AWAIT)
                    .untilAsserted(() ->
                            assertTrue(received.get() >= 100, received.get() + " of 100 received before the drop"));
            assertTrue(LocalRabbitMq.closeConnections(vhost, 2) >= 2, "both connections closed by the broker");
            await("both connections count as failed").atMost(AWAIT).until(() -> sender.failed() && receiver.failed());
            assertTrue(
                    sender.failure().getMessage().contains(url.replace("guest:guest", "***")),
                    sender.failure().getMessage());
            assertThrows(DriverException.class, () -> producer.send(100, new byte[32], 32));
        } finally {
            sender.close();
            receiver.close();
        }
        try (DriverConnection again = driver.connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sendAgain = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            again.createConsumer((body, micros) -> received.incrementAndGet());
            DriverProducer producer = sendAgain.createProducer(listener);
            for (int i = 200; i < 300; i++) {
                producer.send(i, new byte[32], 32);
            }
            await().atMost(AWAIT)
                    .untilAsserted(() ->
                            assertTrue(received.get() >= 200, received.get() + " of 200 received after reconnecting"));
            await().atMost(AWAIT)
                    .untilAsserted(() -> assertTrue(reports.get() >= 200, reports.get() + " of 200 outcomes"));
        }
        assertEquals(200, received.get());
        assertEquals(DeliveryOutcome.ACCEPTED, outcomes.get(299L));
    }
}

package org.maestro.driver.stomp;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.stomp.StompLink.AWAIT;
import static org.maestro.driver.stomp.StompLink.TIMEOUT;

import java.time.Duration;
import java.util.UUID;
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
import org.maestro.driver.testing.DriverChecks;
import org.maestro.driver.testing.DriverContract;
import org.maestro.driver.testing.RecordedOutcomes;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.testing.LocalRabbitMq;

/**
 * The STOMP driver against RabbitMQ's STOMP plugin on 127.0.0.1:61613 (see {@link LocalRabbitMq}): the cases of
 * every driver ({@link DriverContract}) and RabbitMQ's own, fan-out through shared subscriptions ({@code x-queue-name})
 * included, in a virtual host of its own that is deleted afterwards, each test on a queue of its own.
 */
class StompRabbitTest extends DriverContract {
    private static String vhost;
    private final StompDriver driver = new StompDriver();
    private final RecordedOutcomes outcomes = new RecordedOutcomes();
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
            DriverProducer producer = sender.createProducer(outcomes);
            producer.send(1, new byte[10], 10);
            await("the outcome of a send to a missing exchange").atMost(AWAIT).until(() -> outcomes.total() >= 1);
            await("RabbitMQ closes the connection after its ERROR frame")
                    .atMost(AWAIT)
                    .until(sender::failed);
        }
        // RabbitMQ's ERROR frame names no receipt, and the connection closes: the send failed, with its reason
        assertEquals(DeliveryOutcome.FAILED, outcomes.outcome(1L));
        assertTrue(outcomes.detail(1L).contains("not_found"), outcomes.detail(1L));
        assertEquals(1, outcomes.total());
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
        try (StompLink dropped = new StompLink(driver, url, received, outcomes)) {
            dropped.send(0, 100, 32);
            dropped.awaitReceived(100, "before the drop");
            assertTrue(LocalRabbitMq.closeConnections(vhost, 2) >= 2, "both connections closed by the broker");
            dropped.awaitBothFailed();
            assertTrue(
                    dropped.sender.failure().getMessage().contains(url.replace("guest:guest", "***")),
                    dropped.sender.failure().getMessage());
            assertThrows(DriverException.class, () -> dropped.producer.send(100, new byte[32], 32));
        }
        try (StompLink again = new StompLink(driver, url, received, outcomes)) {
            again.send(200, 300, 32);
            again.awaitReceived(200, "after reconnecting");
            await().atMost(AWAIT)
                    .untilAsserted(() -> assertTrue(outcomes.total() >= 200, outcomes.total() + " of 200 outcomes"));
        }
        assertEquals(200, received.get());
        assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(299L));
    }

    @Test
    void everySubscriptionOfARabbitMqTopicGetsEveryMessage() throws Exception {
        String sendUrl = url(vhost, "/topic/maestro-" + UUID.randomUUID(), "");
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver, sendUrl, s -> sendUrl + "&subscription=sub-" + s, 2, 2, 400, Duration.ofSeconds(30));
        for (String queue : new String[] {"sub-0", "sub-1"}) {
            DriverChecks.awaitTrue(
                    () -> !LocalRabbitMq.queueExists(vhost, queue),
                    "the queue " + queue + " gone with its last subscriber");
        }
    }
}

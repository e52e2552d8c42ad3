package org.maestro.driver.stomp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.testing.LocalRabbitMq;

/**
 * Fan-out through STOMP shared subscriptions ({@code subscription=<name>}): two subscriptions of a topic of the
 * test's own with two receiver connections each, on an Artemis broker in this JVM (fully qualified queue names) and
 * on RabbitMQ's STOMP plugin on 127.0.0.1:61613 ({@code x-queue-name}, in a virtual host of the test's own); every
 * subscription gets every message once and its connections share them.
 */
class StompSubscriptionTest {
    private static EmbeddedArtemis artemis;
    private final StompDriver driver = new StompDriver();
    private final String topic = "/topic/maestro-" + UUID.randomUUID();

    @BeforeAll
    static void startArtemis() throws Exception {
        artemis = EmbeddedArtemis.builder()
                .stomp()
                .name("maestro-stomp-subscriptions")
                .withoutJmx()
                .start();
    }

    @AfterAll
    static void stopArtemis() throws Exception {
        if (artemis != null) {
            artemis.close();
        }
    }

    @Test
    void everySubscriptionOfAnArtemisTopicGetsEveryMessage() throws Exception {
        String sendUrl = artemis.stompUrl(topic);
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver, sendUrl, s -> sendUrl + "?subscription=sub-" + s, 2, 2, 400, Duration.ofSeconds(30));
        String queue = "probe-" + UUID.randomUUID();
        try (DriverConnection receiver =
                driver.connect(sendUrl + "?subscription=" + queue, MicroClock.system(), Duration.ofSeconds(20))) {
            receiver.createConsumer((body, micros) -> {});
            Queue made = artemis.server().locateQueue(SimpleString.of(queue));
            assertNotNull(made, "the subscription is the queue " + queue);
            assertEquals(topic.substring("/topic/".length()), made.getAddress().toString(), "a queue of the topic");
            assertEquals(RoutingType.MULTICAST, made.getRoutingType());
            // Artemis removes it once unused only with auto-delete-queues, which the embedded broker turns off
            assertTrue(made.isAutoCreated(), "auto-created");
        }
        for (String left : new String[] {"sub-0", "sub-1", queue}) {
            artemis.server().destroyQueue(SimpleString.of(left), null, false);
        }
    }

    @Test
    void everySubscriptionOfARabbitMqTopicGetsEveryMessage() throws Exception {
        LocalRabbitMq.assumeStomp();
        String vhost = LocalRabbitMq.createVhost();
        try {
            String sendUrl = "stomp://guest:guest@" + LocalRabbitMq.HOST + ":" + LocalRabbitMq.STOMP_PORT + topic
                    + "?vhost=" + vhost;
            SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                    driver, sendUrl, s -> sendUrl + "&subscription=sub-" + s, 2, 2, 400, Duration.ofSeconds(30));
            for (String queue : new String[] {"sub-0", "sub-1"}) {
                DriverChecks.awaitTrue(
                        () -> !LocalRabbitMq.queueExists(vhost, queue),
                        "the queue " + queue + " gone with its last subscriber");
            }
        } finally {
            LocalRabbitMq.deleteVhost(vhost);
        }
    }

    @Test
    void refusesASubscriptionOfAQueue() throws Exception {
        assertTrue(driver.deliversToEveryReceiver("stomp://h:61613/topic/orders"));
        assertFalse(driver.deliversToEveryReceiver("stomp://h:61613/topic/orders?subscription=sub-0"));
        assertFalse(driver.deliversToEveryReceiver("stomp://h:61613/queue/orders"));
        assertEquals(
                "sub-0",
                StompUrl.parse("stomp://h/exchange/amq.fanout/k?subscription=sub-0")
                        .subscription());
        SubscriptionChecks.refusedNaming(
                driver,
                "stomp://h:61613/queue/orders?subscription=sub-0",
                "option subscription in URL stomp://h:61613/queue/orders?subscription=sub-0",
                "/queue/orders is neither",
                StompUrl.SUBSCRIPTION_EXAMPLE);
    }

    @Test
    void refusesASubscriptionOnAServerOfUnknownForm() throws Exception {
        StompUrl url = StompUrl.parse("stomp://h:61613/topic/orders?subscription=sub-0");
        DriverException e = assertThrows(DriverException.class, () -> SubscriptionForm.of(url, "ActiveMQ/5.18.3"));
        assertTrue(e.getMessage().contains("the STOMP server says it is 'ActiveMQ/5.18.3'"), e.getMessage());
        assertEquals(
                "/topic/orders::sub-0",
                SubscriptionForm.of(url, "ActiveMQ-Artemis/2.55.0").destination());
        assertEquals(
                "/topic/orders", SubscriptionForm.of(url, "RabbitMQ/3.10.8").destination());
    }
}

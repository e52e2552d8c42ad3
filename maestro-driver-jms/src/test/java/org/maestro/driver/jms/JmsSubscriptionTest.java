package org.maestro.driver.jms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.embedded.AmqpBroker;

/**
 * Fan-out through JMS 2 shared subscriptions against an Artemis broker in this JVM: two subscriptions of a topic
 * with two receiver connections each, every subscription getting every message once, its connections sharing them.
 */
class JmsSubscriptionTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("maestro-jms-subscriptions");

    private final JmsDriver driver = new JmsDriver();
    private final String topic = "orders." + UUID.randomUUID();

    @Test
    void everySubscriptionGetsEveryMessageAndItsConnectionsShareThem() throws Exception {
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver,
                broker.amqpUrl(topic) + "?type=topic",
                s -> broker.amqpUrl(topic) + "?type=topic&subscription=sub-" + s,
                2,
                2,
                400,
                Duration.ofSeconds(30));
        // non-durable shared subscriptions: gone with their last receiver, once the broker handled its detach
        DriverChecks.awaitTrue(
                () -> broker.queueNames(topic).isEmpty(), () -> "no subscription queue left on " + topic);
    }

    @Test
    void aSubscriptionWithoutTypeIsOfATopic() throws Exception {
        assertTrue(driver.deliversToEveryReceiver(broker.amqpUrl(topic) + "?type=topic"));
        assertTrue(!driver.deliversToEveryReceiver(broker.amqpUrl(topic) + "?subscription=sub-0"));
        assertTrue(JmsUrl.parse(broker.amqpUrl(topic) + "?subscription=sub-0").topic());
    }

    @Test
    void refusesASubscriptionOfAQueueOrABadName() {
        SubscriptionChecks.refusedNaming(
                driver,
                "amqp://host:5672/orders?type=queue&subscription=sub-0",
                "option subscription in URL amqp://host:5672/orders?type=queue&subscription=sub-0",
                "a queue has no subscriptions",
                JmsUrl.SUBSCRIPTION_EXAMPLE);
        SubscriptionChecks.refusedNaming(
                driver,
                "amqp://host:5672/orders?type=topic&subscription=sub%200",
                "option subscription=sub 0",
                "subscription=sub-{s}");
    }
}

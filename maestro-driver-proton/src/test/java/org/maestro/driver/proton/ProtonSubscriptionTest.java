package org.maestro.driver.proton;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.embedded.AmqpBroker;

/**
 * Fan-out through shared subscriptions over the Proton-J driver against an Artemis broker in this JVM: two
 * subscriptions of a topic with two receiver connections each, every subscription getting every message once, its
 * connections sharing them; and a Qpid JMS-style subscription queue that goes with its last receiver.
 */
class ProtonSubscriptionTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("maestro-proton-subscriptions");

    private final ProtonDriver driver = new ProtonDriver();
    private final String topic = "orders." + UUID.randomUUID();

    private String url(String query) {
        return "proton://127.0.0.1:" + broker.amqpPort() + "/" + topic + "?" + query;
    }

    @Test
    void everySubscriptionGetsEveryMessageAndItsConnectionsShareThem() throws Exception {
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver, url("type=topic"), s -> url("subscription=sub-" + s), 2, 2, 400, Duration.ofSeconds(30));
        // non-durable shared subscriptions: gone with their last receiver, once the broker handled its detach
        DriverChecks.awaitTrue(
                () -> broker.queueNames(topic).isEmpty(), () -> "no subscription queue left on " + topic);
    }

    @Test
    void onlyAPlainTopicDeliversToEveryReceiver() throws Exception {
        assertTrue(driver.deliversToEveryReceiver(url("type=topic")));
        assertFalse(driver.deliversToEveryReceiver(url("type=topic&subscription=sub-0")));
        assertFalse(driver.deliversToEveryReceiver(url("type=queue")));
        assertTrue(ProtonUrl.parse(url("subscription=sub-0")).topic());
    }

    @Test
    void refusesASubscriptionOfAQueueOrABadName() {
        SubscriptionChecks.refusedNaming(
                driver,
                "proton://host:5672/orders?type=queue&subscription=sub-0",
                "option subscription in URL proton://host:5672/orders?type=queue&subscription=sub-0",
                "a queue has no subscriptions",
                ProtonUrl.SUBSCRIPTION_EXAMPLE);
        SubscriptionChecks.refusedNaming(
                driver,
                "proton://host:5672/orders?subscription=a/b",
                "option subscription=a/b",
                "subscription=sub-{s}");
    }
}

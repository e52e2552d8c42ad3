package org.maestro.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.testing.LocalRabbitMq;

/**
 * Fan-out through subscriptions of an exchange on the machine's RabbitMQ (see {@link LocalRabbitMq}): a fanout
 * exchange of the test's own with two subscriptions (a queue each, declared and bound by the driver) of two receiver
 * connections each; every subscription gets every message once and its connections share them; the subscriptions'
 * queues go with their last consumer.
 */
class RabbitSubscriptionTest {
    private final RabbitDriver driver = new RabbitDriver();
    private String exchange;

    @BeforeEach
    void requireBroker() {
        LocalRabbitMq.assumeRunning();
        exchange = LocalRabbitMq.uniqueName();
    }

    @AfterEach
    void deleteExchangeAndQueues() throws Exception {
        if (exchange == null) {
            return; // skipped: no broker
        }
        LocalRabbitMq.deleteQueue(exchange + "-sub-0");
        LocalRabbitMq.deleteQueue(exchange + "-sub-1");
        LocalRabbitMq.deleteExchange(exchange);
    }

    @Test
    void everySubscriptionGetsEveryMessageAndItsConnectionsShareThem() throws Exception {
        String exchangeQuery = "exchange=" + exchange + "&exchangeType=fanout";
        LocalRabbitMq.assumeManagement();
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver,
                LocalRabbitMq.url(exchangeQuery),
                s -> LocalRabbitMq.url(exchangeQuery + "&subscription=" + exchange + "-sub-" + s + "&prefetch=10"),
                2,
                2,
                400,
                Duration.ofSeconds(30));
        for (int s = 0; s < 2; s++) {
            String queue = exchange + "-sub-" + s;
            DriverChecks.awaitTrue(
                    () -> !LocalRabbitMq.queueExists("/", queue), "the auto-deleted queue " + queue + " is gone");
        }
    }

    @Test
    void refusesASubscriptionWithoutAnExchangeOrWithAQueue() throws Exception {
        assertFalse(driver.deliversToEveryReceiver("rabbitmq://h/?exchange=x&subscription=s-0"));
        SubscriptionChecks.refusedNaming(
                driver,
                "rabbitmq://h/?queue=orders&subscription=sub-0",
                "option subscription in URL rabbitmq://h/?queue=orders&subscription=sub-0",
                "add exchange=<name>",
                RabbitUrl.SUBSCRIPTION_EXAMPLE);
        SubscriptionChecks.refusedNaming(
                driver,
                "rabbitmq://h/?exchange=orders&queue=q&subscription=sub-0",
                "option subscription in URL",
                "leave queue out",
                RabbitUrl.SUBSCRIPTION_EXAMPLE);
        SubscriptionChecks.refusedNaming(
                driver,
                "rabbitmq://h/?exchange=orders&exchangeType=fan&subscription=sub-0",
                "option exchangeType=fan",
                "fanout or topic or direct or headers");
        assertTrue(RabbitUrl.parse("rabbitmq://h/?exchange=o&subscription=s")
                .queue()
                .isEmpty());
    }
}

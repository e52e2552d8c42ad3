package org.maestro.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.testing.DriverContract;
import org.maestro.driver.testing.RecordedOutcomes;
import org.maestro.driver.testing.SubscriptionChecks;
import org.maestro.testing.LocalRabbitMq;

/**
 * The RabbitMQ driver against the real broker on 127.0.0.1:5672 (see {@link LocalRabbitMq}): the cases of every
 * driver ({@link DriverContract}) and RabbitMQ's own, fan-out through two subscriptions of an exchange included. Each
 * test uses a queue and an exchange of its own, deleted afterwards.
 */
class RabbitDriverTest extends DriverContract {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private final RabbitDriver driver = new RabbitDriver();
    private final RecordedOutcomes outcomes = new RecordedOutcomes();
    private String name;

    @BeforeEach
    void requireBroker() {
        LocalRabbitMq.assumeRunning();
        name = LocalRabbitMq.uniqueName();
    }

    @AfterEach
    void deleteQueueAndExchange() throws Exception {
        if (name == null) {
            return; // skipped: no broker
        }
        LocalRabbitMq.deleteQueue(name);
        LocalRabbitMq.deleteExchange(name);
    }

    /** A connection of the client itself, for declaring what a test needs beforehand. */
    private static Connection admin() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(LocalRabbitMq.HOST);
        factory.setPort(LocalRabbitMq.PORT);
        return factory.newConnection("maestro-test-admin");
    }

    @Override
    protected Driver driver() {
        return driver;
    }

    @Override
    protected String acknowledgedUrl() {
        return LocalRabbitMq.url("queue=" + name + "&declare=true&prefetch=100&inflight=200");
    }

    @Override
    protected String unacknowledgedUrl() {
        return LocalRabbitMq.url("queue=" + name + "&declare=true&confirm=false");
    }

    @Override
    protected int count() {
        return 2000;
    }

    @Test
    void everySubscriptionOfAnExchangeGetsEveryMessageAndItsConnectionsShareThem() throws Exception {
        LocalRabbitMq.assumeManagement();
        String exchangeQuery = "exchange=" + name + "&exchangeType=fanout";
        SubscriptionChecks.everySubscriptionGetsEveryMessageOnce(
                driver,
                LocalRabbitMq.url(exchangeQuery),
                s -> LocalRabbitMq.url(exchangeQuery + "&subscription=" + name + "-sub-" + s + "&prefetch=10"),
                2,
                2,
                400,
                TIMEOUT);
        for (int s = 0; s < 2; s++) {
            String queue = name + "-sub-" + s;
            awaitTrue(() -> !LocalRabbitMq.queueExists("/", queue), "the auto-deleted queue " + queue + " is gone");
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
    }

    @Test
    void anUnroutableMandatoryPublishIsReleasedAndAnUnroutableOtherOneAccepted() throws Exception {
        try (Connection admin = admin();
                Channel channel = admin.createChannel()) {
            channel.exchangeDeclare(name, "direct", false, false, null);
        }
        try (DriverConnection sender = driver.connect(
                LocalRabbitMq.url("exchange=" + name + "&routingKey=nowhere"), MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(outcomes);
            for (int i = 0; i < 5; i++) {
                producer.send(i, new byte[10], 10);
            }
            awaitTrue(() -> outcomes.total() >= 5, () -> outcomes.total() + " of 5 outcomes");
        }
        for (long i = 0; i < 5; i++) {
            assertEquals(DeliveryOutcome.RELEASED, outcomes.outcome(i), "no queue is bound: returned, then released");
            assertTrue(outcomes.of(i).resendable(), "a released message may be sent again");
        }
        try (DriverConnection sender = driver.connect(
                LocalRabbitMq.url("exchange=" + name + "&routingKey=nowhere&mandatory=false"),
                MicroClock.system(),
                TIMEOUT)) {
            sender.createProducer(outcomes).send(7, new byte[10], 10);
            awaitTrue(() -> (outcomes.of(7L) != null), () -> "the outcome of a publish without mandatory");
        }
        assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(7L), "without mandatory the broker drops it and acks");
    }

    @Test
    void aFullQueueThatRejectsPublishesHasThemRejected() throws Exception {
        try (Connection admin = admin();
                Channel channel = admin.createChannel()) {
            channel.queueDeclare(name, false, false, false, Map.of("x-max-length", 1, "x-overflow", "reject-publish"));
        }
        try (DriverConnection sender =
                driver.connect(LocalRabbitMq.url("queue=" + name), MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(outcomes);
            for (int i = 0; i < 3; i++) {
                producer.send(i, new byte[10], 10);
            }
            awaitTrue(() -> outcomes.total() >= 3, () -> outcomes.total() + " of 3 outcomes");
        }
        assertEquals(DeliveryOutcome.ACCEPTED, outcomes.outcome(0L));
        assertEquals(DeliveryOutcome.REJECTED, outcomes.outcome(1L), "the queue holds one message at most");
        assertEquals(DeliveryOutcome.REJECTED, outcomes.outcome(2L));
        assertEquals(3, outcomes.total());
    }

    @Test
    void publishingToAMissingExchangeFailsTheConnectionAndThePublish() throws Exception {
        try (DriverConnection sender =
                driver.connect(LocalRabbitMq.url("exchange=" + name), MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = sender.createProducer(outcomes);
            producer.send(1, new byte[10], 10);
            awaitTrue(sender::failed, () -> "the broker closes the channel of a publish to a missing exchange");
            awaitTrue(() -> outcomes.total() >= 1, () -> "the publish's outcome");
            assertEquals(DeliveryOutcome.FAILED, outcomes.outcome(1L));
            assertTrue(
                    sender.failure().getMessage().contains("no exchange"),
                    sender.failure().getMessage());
            assertThrows(DriverException.class, () -> producer.send(2, new byte[10], 10));
        }
        assertEquals(1, outcomes.total(), "a send that threw reports nothing");
    }

    @Test
    void aReceiverOfAMissingQueueIsToldToDeclareIt() throws Exception {
        try (DriverConnection receiver =
                driver.connect(LocalRabbitMq.url("queue=" + name), MicroClock.system(), TIMEOUT)) {
            DriverException e = assertThrows(DriverException.class, () -> receiver.createConsumer((b, m) -> {}));
            assertTrue(e.getMessage().contains("no queue '" + name + "'"), e.getMessage());
            assertTrue(e.getMessage().contains("declare=true"), e.getMessage());
            assertFalse(receiver.failed(), "a failed check does not close the connection's channel");
        }
    }

    @Test
    void declaringAQueueThatExistsWithOtherSettingsSaysWhichOne() throws Exception {
        try (Connection admin = admin();
                Channel channel = admin.createChannel()) {
            channel.queueDeclare(name, false, false, false, null);
        }
        String url = LocalRabbitMq.url("queue=" + name + "&declare=true&durable=true");
        try (DriverConnection receiver = driver.connect(url, MicroClock.system(), TIMEOUT)) {
            DriverException e = assertThrows(DriverException.class, () -> receiver.createConsumer((b, m) -> {}));
            assertTrue(e.getMessage().contains("inequivalent arg 'durable'"), e.getMessage());
            assertTrue(e.getMessage().contains("make durable= match it or leave out declare=true"), e.getMessage());
        }
    }

    @Test
    void aReceiverWhoseQueueIsDeletedCountsAsFailed() throws Exception {
        try (DriverConnection receiver =
                driver.connect(LocalRabbitMq.url("queue=" + name + "&declare=true"), MicroClock.system(), TIMEOUT)) {
            DriverConsumer consumer = receiver.createConsumer((b, m) -> {});
            assertFalse(receiver.failed());
            LocalRabbitMq.deleteQueue(name);
            awaitTrue(receiver::failed, () -> "the broker cancels the consumer of a deleted queue");
            assertTrue(
                    receiver.failure().getMessage().contains("cancelled"),
                    receiver.failure().getMessage());
            consumer.close();
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithoutShowingIt() {
        String url = "rabbitmq://guest:not-the-pa55word@" + LocalRabbitMq.HOST + ":" + LocalRabbitMq.PORT + "/?queue="
                + name;
        DriverException e =
                assertThrows(DriverException.class, () -> driver.connect(url, MicroClock.system(), TIMEOUT));
        assertTrue(e.getMessage().contains("refused the login of user 'guest'"), e.getMessage());
        assertTrue(
                e.getMessage()
                        .contains(
                                "rabbitmq://***@" + LocalRabbitMq.HOST + ":" + LocalRabbitMq.PORT + "/?queue=" + name),
                e.getMessage());
        assertTrue(e.getMessage().contains("check the user name and password"), e.getMessage());
        assertFalse(e.getMessage().contains("not-the-pa55word"), e.getMessage());
    }

    @Test
    void anUnknownVirtualHostIsNamed() {
        DriverException e = assertThrows(
                DriverException.class,
                () -> driver.connect(
                        "rabbitmq://guest:guest@" + LocalRabbitMq.HOST + ":" + LocalRabbitMq.PORT + "/" + name
                                + "?queue=q",
                        MicroClock.system(),
                        TIMEOUT));
        assertTrue(e.getMessage().contains("virtual host '" + name + "'"), e.getMessage());
        assertFalse(e.getMessage().contains("guest:guest"), e.getMessage());
    }

    @Test
    void namesTheUrlWhenNothingListens() throws Exception {
        int port = FreePorts.next();
        String url = "rabbitmq://guest:secret@127.0.0.1:" + port + "/?queue=q";
        DriverException e = assertThrows(
                DriverException.class, () -> driver.connect(url, MicroClock.system(), Duration.ofSeconds(2)));
        assertTrue(e.getMessage().contains("cannot connect to rabbitmq://***@127.0.0.1:" + port), e.getMessage());
        assertTrue(e.getMessage().contains("connection refused: nothing listens on 127.0.0.1:" + port), e.getMessage());
        assertFalse(e.getMessage().contains("secret"), e.getMessage());
    }
}

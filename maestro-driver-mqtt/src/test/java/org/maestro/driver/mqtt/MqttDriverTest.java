package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.base.net.FreePorts;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.testing.DriverContract;
import org.maestro.testing.MosquittoProcess;

/**
 * The MQTT driver against real Mosquitto brokers: one the test starts on a free port (with the cases of every driver,
 * {@link DriverContract}), and the machine's own on 127.0.0.1:1883 when it runs. Each test uses a topic of its own.
 */
class MqttDriverTest extends DriverContract {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @RegisterExtension
    static final MosquittoProcess mosquitto = MosquittoProcess.perTestClass();

    private String topicUrl;

    @BeforeEach
    void nameTheTopic() {
        topicUrl = url("");
    }

    private static String url(String options) {
        return mosquitto.url() + "/maestro/test/" + UUID.randomUUID() + options;
    }

    @Override
    protected Driver driver() {
        return new MqttDriver();
    }

    @Override
    protected String acknowledgedUrl() {
        return topicUrl + "?qos=1&inflight=50";
    }

    @Override
    protected String unacknowledgedUrl() {
        return topicUrl + "?qos=0";
    }

    @Override
    protected int count() {
        return 2000;
    }

    @Override
    protected int unacknowledgedCount() {
        return 100;
    }

    @Test
    void qos2PublishesAreAcceptedOnceEach() throws Exception {
        // the default window at QoS 2 (20): a larger one makes Mosquitto drop publishes it acknowledged
        roundTrip(url("?qos=2"), 300);
    }

    @Test
    void worksAgainstTheMachinesMosquitto() throws Exception {
        roundTrip(MosquittoProcess.localTopicUrl("?qos=1"), 500);
    }

    private static void roundTrip(String url, int count) throws Exception {
        MqttRoundTrip.run(url, count, MqttConnection.class);
    }

    @Test
    void sharedSubscriptionsSplitTheMessagesBetweenReceivers() throws Exception {
        String url = url("?share=maestro");
        AtomicInteger first = new AtomicInteger();
        AtomicInteger second = new AtomicInteger();
        try (DriverConnection one = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection two = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT);
                DriverConnection sender = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            one.createConsumer((body, micros) -> first.incrementAndGet());
            two.createConsumer((body, micros) -> second.incrementAndGet());
            DriverProducer producer = sender.createProducer();
            for (int i = 0; i < 200; i++) {
                producer.send(new byte[40], 40);
            }
            awaitTrue(() -> first.get() + second.get() >= 200, "200 messages between the two receivers");
            Thread.sleep(200); // time passes in which a duplicate would arrive: nothing more may
            assertEquals(200, first.get() + second.get(), "each message reached one receiver only");
            assertTrue(first.get() > 0 && second.get() > 0, first + " and " + second);
        }
    }

    @Test
    void receiversSubscribeAgainAfterTheBrokerRestartsAndSendsFailWhileItIsDown() throws Exception {
        String url = url("?qos=1");
        AtomicInteger received = new AtomicInteger();
        try (DriverConnection receiver = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            try (DriverConnection sender = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
                DriverProducer producer = sender.createProducer();
                mosquitto.stop();
                awaitTrue(() -> throwsOnSend(producer), "a send fails while the broker is down");
                assertFalse(receiver.failed(), "the receiver reconnects by itself");
            } finally {
                mosquitto.restart();
            }
            try (DriverConnection sender = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
                DriverProducer producer = sender.createProducer();
                // the receiver reconnects within 2 s and subscribes again: messages sent from then on reach it
                awaitTrue(
                        () -> {
                            sendQuietly(producer);
                            return received.get() > 0;
                        },
                        "a message after the restart");
            }
        }
    }

    @Test
    void aConnectionPahoCannotReconnectWithinTheDeadlineCountsAsFailed() throws Exception {
        String url = url("?qos=1");
        try (DriverConnection receiver = new MqttDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> {});
            long stopped = System.nanoTime();
            mosquitto.stop();
            try {
                awaitTrue(receiver::failed, "the receiver's connection counts as failed while the broker is down");
                long waited = System.nanoTime() - stopped;
                assertTrue(
                        waited >= TimeUnit.SECONDS.toNanos(ReconnectDeadline.GIVE_UP_SECONDS),
                        "Paho had " + ReconnectDeadline.GIVE_UP_SECONDS + " s to reconnect; failed after "
                                + TimeUnit.NANOSECONDS.toMillis(waited) + " ms");
            } finally {
                mosquitto.restart();
            }
        }
    }

    @Test
    void namesTheUrlWithoutThePasswordWhenTheBrokerCannotBeReached() throws Exception {
        int closed = FreePorts.next();
        String url = "mqtt://maestro:s3cret@127.0.0.1:" + closed + "/t";
        DriverException error = assertThrows(
                DriverException.class, () -> new MqttDriver().connect(url, MicroClock.system(), Duration.ofSeconds(5)));
        assertTrue(
                error.getMessage().contains("cannot connect to mqtt://***@127.0.0.1:" + closed + "/t"),
                error.getMessage());
        assertTrue(error.getMessage().contains("is the MQTT broker running"), error.getMessage());
        assertFalse(error.getMessage().contains("s3cret"), error.getMessage());
    }

    @Test
    void sendersRefuseWildcardTopics() throws Exception {
        try (DriverConnection connection =
                new MqttDriver().connect(mosquitto.url() + "/a/%2B/c", MicroClock.system(), TIMEOUT)) {
            DriverException error = assertThrows(DriverException.class, connection::createProducer);
            assertTrue(error.getMessage().contains("wildcard"), error.getMessage());
        }
    }

    private static boolean throwsOnSend(DriverProducer producer) {
        try {
            producer.send(new byte[40], 40);
            return false;
        } catch (DriverException expected) {
            return true;
        }
    }

    private static void sendQuietly(DriverProducer producer) {
        try {
            producer.send(new byte[40], 40);
        } catch (DriverException e) {
            // tried again by the caller's loop
        }
    }
}

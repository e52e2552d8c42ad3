package org.maestro.driver.nats;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.driver.testing.DriverChecks.awaitTrue;

import io.nats.client.Connection;
import io.nats.client.JetStreamManagement;
import io.nats.client.Nats;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.testing.NatsServerProcess;

/**
 * The NATS driver across a restart of a NATS server the test starts (so the machine's server is left alone):
 * jnats reconnects by itself, and a receiver whose JetStream consumer the restart lost reports its connection
 * failed so that it is opened again.
 */
class NatsReconnectionTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static NatsServerProcess server;

    @BeforeAll
    static void startServer() throws Exception {
        server = NatsServerProcess.start();
    }

    @AfterAll
    static void stopServer() throws Exception {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aCoreReceiverHearsAgainAfterTheServerRestarts() throws Exception {
        hearsAgainAfterARestart(
                server.url() + "/maestro.test.restart",
                "a message after the restart",
                "jnats reconnected and subscribed again");
    }

    @Test
    void aReceiverWhoseConsumerTheServerLostCountsAsFailed() throws Exception {
        String url = server.url() + "/maestro.test.lost?jetstream=true&stream=LOST&create=true";
        try (DriverConnection receiver = new NatsDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> {});
            assertFalse(receiver.failed());
            try (Connection admin = Nats.connect(server.url())) {
                JetStreamManagement management = admin.jetStreamManagement();
                for (String consumer : management.getConsumerNames("LOST")) {
                    management.deleteConsumer("LOST", consumer);
                }
            }
            awaitTrue(Duration.ofSeconds(40), receiver::failed, () -> "the heartbeat alarm of the lost consumer");
            assertTrue(
                    receiver.failure().getMessage().contains("stopped sending heartbeats"),
                    receiver.failure().getMessage());
        }
    }

    @Test
    void anEphemeralConsumerResumesAfterTheServerRestarts() throws Exception {
        hearsAgainAfterARestart(
                server.url() + "/maestro.test.ephemeral?jetstream=true&stream=EPHEMERAL&create=true",
                "a message through the ephemeral consumer after the restart",
                "the ephemeral consumer survived the restart");
    }

    @Test
    void aDurableConsumerResumesAfterTheServerRestarts() throws Exception {
        hearsAgainAfterARestart(
                server.url() + "/maestro.test.durable?jetstream=true&stream=DURABLE&create=true&durable=maestro",
                "a message through the durable consumer after the restart",
                "the durable consumer survived the restart");
    }

    /**
     * A receiver of the URL, the server restarted, then a sender of it that sends until the receiver heard one
     * message ({@code awaited}); the receiver's connection must not have failed ({@code notFailed}).
     */
    private static void hearsAgainAfterARestart(String url, String awaited, String notFailed) throws Exception {
        AtomicInteger received = new AtomicInteger();
        try (DriverConnection receiver = new NatsDriver().connect(url, MicroClock.system(), TIMEOUT)) {
            receiver.createConsumer((body, micros) -> received.incrementAndGet());
            server.restart();
            try (DriverConnection sender = new NatsDriver().connect(url, MicroClock.system(), TIMEOUT)) {
                DriverProducer producer = sender.createProducer();
                awaitTrue(
                        Duration.ofSeconds(40),
                        () -> {
                            sendQuietly(producer);
                            return received.get() > 0;
                        },
                        () -> awaited);
            }
            assertFalse(receiver.failed(), notFailed);
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

package org.maestro.driver.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.driver.testing.DriverChecks;
import org.maestro.driver.testing.DriverContract;
import org.maestro.embedded.AmqpBroker;

/**
 * The Qpid JMS driver against an Artemis broker in this JVM with an AMQP acceptor on a free loopback port: the cases
 * of every driver ({@link DriverContract}, on a queue of each test's own), acknowledged and presettled.
 */
class JmsDriverTest extends DriverContract {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("maestro-jms-test");

    private final String queue = "jms." + UUID.randomUUID();

    @Override
    protected Driver driver() {
        return new JmsDriver();
    }

    @Override
    protected String acknowledgedUrl() {
        return broker.amqpUrl(queue);
    }

    @Override
    protected String unacknowledgedUrl() {
        return broker.amqpUrl(queue) + "?jms.presettlePolicy.presettleAll=true";
    }

    @Test
    void theUrlSchemesFindThisDriver() throws Exception {
        for (String scheme : new String[] {"amqp", "amqps", "amqpws", "amqpwss"}) {
            assertTrue(Drivers.forUrl(scheme + "://h:5672/q") instanceof JmsDriver, scheme);
        }
        assertTrue(Drivers.forUrl("failover:(amqp://a:5672,amqp://b:5672)/q") instanceof JmsDriver);
    }

    @Test
    void eachConsumerReceivesOnOneThreadThatEndsWhenItCloses() throws Exception {
        String url = broker.amqpUrl(queue) + "?ackMode=client";
        Duration timeout = Duration.ofSeconds(20);
        CopyOnWriteArrayList<Integer> lengths = new CopyOnWriteArrayList<>();
        AtomicReference<Thread> receiving = new AtomicReference<>();
        try (DriverConnection receiver = new JmsDriver().connect(url, MicroClock.system(), timeout);
                DriverConnection sender = new JmsDriver().connect(url, MicroClock.system(), timeout)) {
            DriverConsumer consumer = receiver.createConsumer((body, micros) -> {
                Thread current = Thread.currentThread();
                if (!receiving.compareAndSet(null, current) && receiving.get() != current) {
                    lengths.add(-1); // a second thread delivered: the callback is no longer one call at a time
                }
                lengths.add(body.length);
            });
            DriverProducer producer = sender.createProducer((token, outcome, resendable, detail) -> {});
            for (int i = 1; i <= 50; i++) {
                producer.send(i, new byte[i], i);
            }
            DriverChecks.awaitTrue(timeout, () -> lengths.size() >= 50, () -> lengths.size() + " of 50 received");
            consumer.close();
            Thread thread = receiving.get();
            assertNotNull(thread);
            assertFalse(thread.isAlive(), "closing the consumer ends " + thread.getName());
        }
        for (int i = 1; i <= 50; i++) {
            assertEquals(i, lengths.get(i - 1), "message " + i + " in order, on one thread");
        }
    }
}

package org.maestro.driver.jms;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.driver.Driver;
import org.maestro.driver.Drivers;
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
}

package org.maestro.driver.proton;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.driver.testing.DriverContract;
import org.maestro.embedded.AmqpBroker;

/**
 * The Proton-J driver against an Artemis broker in this JVM with an AMQP acceptor on a free loopback port: the cases
 * of every driver ({@link DriverContract}, on a queue of each test's own) and the Proton-J driver's own.
 */
class ProtonDriverTest extends DriverContract {
    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("maestro-proton-test");

    private final String queue = "proton." + UUID.randomUUID();

    private static String url(String address) {
        return "proton://127.0.0.1:" + broker.amqpPort() + "/" + address;
    }

    @Override
    protected Driver driver() {
        return new ProtonDriver();
    }

    @Override
    protected String acknowledgedUrl() {
        return url(queue + "?credit=500");
    }

    @Test
    void theUrlSchemeFindsThisDriverAndUnknownOptionsNameTheKnownOnes() throws Exception {
        assertTrue(Drivers.forUrl(url("q")) instanceof ProtonDriver);
        DriverException option = assertThrows(
                DriverException.class, () -> Drivers.forUrl(url("q?prefetch=5")).check(url("q?prefetch=5")));
        assertTrue(option.getMessage().contains("unknown option 'prefetch'"), option.getMessage());
        assertTrue(option.getMessage().contains("type, durable, credit"), option.getMessage());
    }

    @Test
    void saysTheConnectionFailedWhenTheBrokerGoesAway() throws Exception {
        try (DriverConnection connection = new ProtonDriver().connect(url(queue), MicroClock.system(), TIMEOUT)) {
            DriverProducer producer = connection.createProducer();
            producer.send(new byte[64], 64);
            broker.restart();
            await("failed() after the broker restarted")
                    .atMost(Duration.ofSeconds(30))
                    .until(connection::failed);
            DriverException error = assertThrows(DriverException.class, () -> producer.send(new byte[64], 64));
            assertTrue(error.getMessage().contains("failed"), error.getMessage());
        }
    }
}

package org.maestro.driver.rabbitmq;

import java.time.Duration;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/**
 * A RabbitMQ driver on the RabbitMQ Java client (AMQP 0-9-1): URLs {@code rabbitmq://host:5672/vhost?queue=q} and
 * {@code rabbitmqs://host:5671/vhost?queue=q} with the options of {@link RabbitUrl}; each connection is one AMQP
 * connection with one channel. Thread-safe.
 */
public final class RabbitDriver implements Driver {

    @Override
    public Set<String> schemes() {
        return Set.of("rabbitmq", "rabbitmqs");
    }

    @Override
    public void check(String url) throws DriverException {
        RabbitUrl.parse(url);
    }

    @Override
    public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
        return RabbitConnection.open(RabbitUrl.parse(url), clock, timeout);
    }
}

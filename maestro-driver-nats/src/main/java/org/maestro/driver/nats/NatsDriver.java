package org.maestro.driver.nats;

import java.time.Duration;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/**
 * A NATS driver on the NATS Java client (jnats): URLs {@code nats://host:4222/subject} (core NATS) and
 * {@code ...?jetstream=true&stream=NAME} (JetStream), {@code nats+tls://} for TLS, with the options of {@link NatsUrl};
 * each connection is one jnats connection. Thread-safe.
 */
public final class NatsDriver implements Driver {

    @Override
    public Set<String> schemes() {
        return Set.of("nats", NatsUrl.TLS_SCHEME);
    }

    @Override
    public void check(String url) throws DriverException {
        NatsUrl.parse(url);
    }

    /**
     * A subject without {@code queue=…} is publish-subscribe, and so is a JetStream stream read through ephemeral
     * consumers (neither {@code queue} nor {@code durable}): each connection reads all of it.
     */
    @Override
    public boolean deliversToEveryReceiver(String url) throws DriverException {
        NatsUrl parsed = NatsUrl.parse(url);
        return parsed.queue() == null && (!parsed.jetStream() || parsed.durable() == null);
    }

    @Override
    public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
        return NatsConnection.open(NatsUrl.parse(url), clock, timeout);
    }

    @Override
    public String adviceForScheme(String scheme) {
        return "tls".equals(scheme) ? NatsUrl.TLS_SCHEME_ADVICE : null;
    }
}

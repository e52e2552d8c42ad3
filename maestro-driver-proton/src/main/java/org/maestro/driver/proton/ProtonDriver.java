package org.maestro.driver.proton;

import java.time.Duration;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/**
 * An AMQP 1.0 driver on the Proton-J engine directly, without JMS: one I/O thread per connection, no per-message
 * hand-over and wait between threads. URLs {@code proton://host:port/address} with the options of {@link ProtonUrl};
 * connects with SASL ANONYMOUS, no TLS and no failover (use the Qpid JMS driver for those). Thread-safe.
 */
public final class ProtonDriver implements Driver {

    @Override
    public Set<String> schemes() {
        return Set.of("proton");
    }

    @Override
    public void check(String url) throws DriverException {
        ProtonUrl.parse(url);
    }

    /** A destination of {@code type=topic} is publish-subscribe, unless its receivers share a subscription. */
    @Override
    public boolean deliversToEveryReceiver(String url) throws DriverException {
        ProtonUrl parsed = ProtonUrl.parse(url);
        return parsed.topic() && parsed.subscription() == null;
    }

    @Override
    public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
        return ProtonConnection.open(ProtonUrl.parse(url), clock, timeout);
    }
}

package org.maestro.driver.stomp;

import java.time.Duration;
import java.util.Set;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;

/**
 * A STOMP 1.2 driver on the Eclipse Vert.x STOMP client: URLs {@code stomp://host:61613/queue/q} and, with TLS,
 * {@code stomp+ssl://} or {@code stomps://}, with the options of {@link StompUrl}; each connection is one STOMP
 * connection. Thread-safe.
 */
public final class StompDriver implements Driver {

    @Override
    public Set<String> schemes() {
        return Set.of("stomp", "stomp+ssl", "stomps");
    }

    @Override
    public void check(String url) throws DriverException {
        StompUrl.parse(url);
    }

    /**
     * A {@code /topic/…} destination, or RabbitMQ's {@code /exchange/…} (a queue per subscription), is
     * publish-subscribe, unless its receivers share a subscription ({@code subscription=…}).
     */
    @Override
    public boolean deliversToEveryReceiver(String url) throws DriverException {
        StompUrl parsed = StompUrl.parse(url);
        return StompUrl.publishSubscribe(parsed.destination()) && parsed.subscription() == null;
    }

    @Override
    public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
        return StompConnection.open(StompUrl.parse(url), clock, timeout);
    }
}

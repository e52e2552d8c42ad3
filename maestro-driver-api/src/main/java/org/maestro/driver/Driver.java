package org.maestro.driver;

import java.time.Duration;
import java.util.Set;
import org.maestro.base.time.MicroClock;

/**
 * Connects senders and receivers to one kind of messaging system. Drivers are found by the scheme of the
 * destination URL through {@link java.util.ServiceLoader} (see {@link Drivers}): supporting a new protocol takes one
 * class implementing this interface and one line in {@code META-INF/services/org.maestro.driver.Driver}.
 *
 * <pre>{@code
 * Driver driver = Drivers.forUrl(url);
 * try (DriverConnection connection = driver.connect(url, MicroClock.system(), Duration.ofSeconds(10))) {
 *     DriverProducer producer = connection.createProducer();
 *     producer.send(body, body.length);
 * }
 * }</pre>
 *
 * Implementations must be thread-safe; the connections they return need not be.
 */
public interface Driver {

    /** The URL schemes this driver handles, in lower case, e.g. {@code amqp}, {@code failover}. */
    Set<String> schemes();

    /**
     * Checks a URL without connecting.
     *
     * @throws DriverException naming what is wrong (e.g. an unknown option, and the known ones)
     */
    void check(String url) throws DriverException;

    /**
     * Opens a connection to the destination the URL names, waiting at most {@code timeout} for it to be usable.
     *
     * @param clock the clock that stamps the receive time of messages
     * @throws DriverException when the URL is not valid or the system cannot be reached in time; the message names
     *                         the URL (without credentials)
     */
    DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException;

    /**
     * True when the address the URL names gives every message to every receiver connection (publish-subscribe: a
     * plain MQTT topic, a NATS subject without a queue group, a topic), so that n receiver connections get each message
     * n times; false when they share the messages (a queue, a shared subscription, a queue group, a consumer group).
     *
     * @throws DriverException when the URL is not valid
     */
    default boolean deliversToEveryReceiver(String url) throws DriverException {
        return false;
    }

    /**
     * What to write instead of a URL scheme that no driver takes but that users of this driver may write (e.g. a
     * scheme the driver's client library uses), or null; {@link Drivers#forUrl} adds it to its refusal.
     */
    default String adviceForScheme(String scheme) {
        return null;
    }
}

package org.maestro.driver.stomp;

import io.vertx.ext.stomp.utils.Headers;
import java.util.Locale;
import org.maestro.driver.DriverException;

/**
 * How a receiver subscribes to the shared subscription a URL names ({@code subscription=<name>}), in the form of the
 * STOMP server it is connected to (the {@code server} header of CONNECTED): RabbitMQ's {@code x-queue-name} header,
 * which makes every connection naming it consume from one queue bound to the topic or exchange (auto-deleted with
 * its last subscriber); Artemis's fully qualified queue name {@code <destination>::<name>}, a multicast queue of the
 * address created on first use and removed with its last consumer. Other servers are refused.
 */
final class SubscriptionForm {
    /** RabbitMQ's SUBSCRIBE header naming the queue of a topic or exchange subscription. */
    static final String QUEUE_NAME_HEADER = "x-queue-name";

    private final String destination;
    private final String queueNameHeader;

    private SubscriptionForm(String destination, String queueNameHeader) {
        this.destination = destination;
        this.queueNameHeader = queueNameHeader;
    }

    /** The form for the URL on a server that says it is {@code server} (may be null). */
    static SubscriptionForm of(StompUrl url, String server) throws DriverException {
        if (url.subscription() == null) {
            return new SubscriptionForm(url.destination(), null);
        }
        String name = server == null ? "" : server.toLowerCase(Locale.ROOT);
        if (name.startsWith("rabbitmq")) {
            return new SubscriptionForm(url.destination(), url.subscription());
        }
        if (name.contains("artemis")) {
            return new SubscriptionForm(url.destination() + "::" + url.subscription(), null);
        }
        throw new DriverException("cannot subscribe to subscription '" + url.subscription() + "' at " + url
                + ": the STOMP server says it is '" + server + "', and subscription= is known for RabbitMQ "
                + "(x-queue-name) and Artemis (a fully qualified queue name) only; write the server's own form in the "
                + "path, or leave subscription out");
    }

    /** The destination to subscribe to. */
    String destination() {
        return destination;
    }

    /** Adds the headers of the form to a SUBSCRIBE frame's. */
    void addTo(Headers headers) {
        if (queueNameHeader != null) {
            headers.put(QUEUE_NAME_HEADER, queueNameHeader);
        }
    }
}

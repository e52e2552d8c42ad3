package org.maestro.common.options;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import org.maestro.base.net.UrlRedactor;

/**
 * Where each connection of a flow goes: flow-wide connection j = CONNECTION_OFFSET + i has destination
 * {@code d = j mod DESTINATIONS} and (receivers) subscription {@code s = (j / DESTINATIONS) mod SUBSCRIPTIONS};
 * {@code {n}} in a URL becomes d and {@code {s}} becomes s. Also the check that the URLs name {@code {n}} (and the
 * receive URL {@code {s}}) when there is more than one destination (subscription).
 */
public final class DestinationUrls {
    /** The placeholder of the destination number. */
    public static final String DESTINATION = "{n}";
    /** The placeholder of the subscription number. */
    public static final String SUBSCRIPTION = "{s}";
    /** The most destinations of a flow. */
    public static final int MAX_DESTINATIONS = 100_000;
    /** The most subscriptions of a destination. */
    public static final int MAX_SUBSCRIPTIONS = 1_000;

    private DestinationUrls() {}

    /** The destination of flow-wide connection {@code j}. */
    public static int destination(long j, int destinations) {
        return (int) (j % destinations);
    }

    /** The subscription of flow-wide receiver connection {@code j}. */
    public static int subscription(long j, int destinations, int subscriptions) {
        return (int) ((j / destinations) % subscriptions);
    }

    /** The URL with {@code {n}} replaced by the destination and {@code {s}} by the subscription. */
    public static String resolve(String url, int destination, int subscription) {
        if (url.indexOf('{') < 0) {
            return url;
        }
        return url.replace(DESTINATION, Integer.toString(destination))
                .replace(SUBSCRIPTION, Integer.toString(subscription));
    }

    /**
     * The address a URL names, without credentials: its path without the leading slash ({@code
     * amqp://h:5672/orders-7} → orders-7); a RabbitMQ URL's queue, else its exchange (its path is the virtual host);
     * the URL without credentials when it has no path.
     */
    public static String address(String url) {
        if (url == null || url.isBlank()) {
            return "";
        }
        try {
            URI uri = new URI(url.trim());
            if (uri.getScheme() != null
                    && uri.getScheme().toLowerCase(Locale.ROOT).startsWith("rabbitmq")) {
                String queue = queryValue(uri, "queue");
                return queue != null ? queue : Objects.requireNonNullElse(queryValue(uri, "exchange"), "");
            }
            String path = uri.getPath();
            if (path == null || path.isEmpty()) {
                return UrlRedactor.redact(url.trim());
            }
            return path.startsWith("/") ? path.substring(1) : path;
        } catch (URISyntaxException e) {
            return UrlRedactor.redact(url.trim());
        }
    }

    /** A parameter of a URL's query, percent-decoded; null when absent. */
    private static String queryValue(URI uri, String name) {
        String query = uri.getRawQuery();
        if (query == null) {
            return null;
        }
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            if (equals > 0 && pair.substring(0, equals).equals(name)) {
                return URLDecoder.decode(pair.substring(equals + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    /**
     * Refuses options whose URLs cannot spread the connections: DESTINATIONS above 1 with a send or receive URL
     * without {@code {n}}, SUBSCRIPTIONS above 1 with a receive URL without {@code {s}}.
     *
     * @throws InvalidOptionException naming the URL parameter and giving an example
     */
    static void check(TestOptions options) {
        String example = "amqp://host:5672/orders-{n}";
        if (options.destinations() > 1) {
            String why = "DESTINATIONS=" + options.destinations();
            require(options, OptionCode.SEND_URL, options.sendUrl(), DESTINATION, why, example);
            require(options, OptionCode.RECEIVE_URL, options.receiveUrl(), DESTINATION, why, example);
        }
        if (options.subscriptions() > 1) {
            String why = "SUBSCRIPTIONS=" + options.subscriptions();
            String shared = "mqtt://host:1883/orders-{n}?share=group-{s}";
            require(options, OptionCode.RECEIVE_URL, options.receiveUrl(), SUBSCRIPTION, why, shared);
        }
    }

    private static void require(
            TestOptions options, OptionCode own, Optional<String> url, String placeholder, String why, String example) {
        if (url.isPresent() && !url.get().contains(placeholder)) {
            OptionCode named = options.get(own).isPresent() ? own : OptionCode.BROKER;
            throw new InvalidOptionException(
                    named.parameter(),
                    url.get(),
                    why + " needs " + placeholder + " in the URL, replaced by each connection's "
                            + (placeholder.equals(DESTINATION) ? "destination number" : "subscription number"),
                    "a URL with " + placeholder + ", e.g. " + example);
        }
    }
}

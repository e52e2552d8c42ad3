package org.maestro.driver.rabbitmq;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.maestro.driver.DestinationUri;
import org.maestro.driver.DriverException;
import org.maestro.driver.QueryOptions;

/**
 * A destination URL of the RabbitMQ driver:
 * {@code rabbitmq://user:password@host:5672/vhost?queue=q&exchange=x&routingKey=k&confirm=true&prefetch=500}
 * ({@code rabbitmqs://} for TLS, port 5671 by default). Immutable; {@link #toString()} never shows the password.
 *
 * <p>The path is the virtual host, percent-decoded: no path or {@code /} is the default virtual host {@code /};
 * {@code /%2F} is {@code /} too; {@code /orders} is {@code orders}.
 *
 * @param tls        true for {@code rabbitmqs://}
 * @param vhost      the virtual host
 * @param queue      the queue receivers consume from (and, by default, the routing key of senders); "" if none
 * @param exchange   the exchange senders publish to; "" is the default exchange
 * @param routingKey the routing key of senders' publishes
 * @param confirm    whether senders use publisher confirms, which give each publish an outcome
 * @param mandatory  whether publishes are mandatory: the broker returns those it cannot route to any queue
 * @param durable    whether publishes are persistent and a declared queue is durable
 * @param declare    whether senders and receivers declare the queue (non-exclusive, not auto-deleted) if absent
 * @param prefetch   how many unacknowledged messages the broker gives one receiver at most (basic.qos)
 * @param inflight   how many publishes a sender has unconfirmed at most before a send waits
 * @param connectionName the name each connection gives RabbitMQ (shown by the management UI and
 *                   {@code rabbitmqctl list_connections user_provided_name})
 * @param subscription the queue of receivers that subscribe to {@code exchange}: declared (auto-deleted) and bound
 *                   to it by each receiver connection, shared by the connections naming it; "" if none
 * @param exchangeType the type of {@code exchange} that senders and receivers declare if absent ({@code fanout},
 *                   {@code topic}, {@code direct}, {@code headers}); "" to declare none
 */
public record RabbitUrl(
        boolean tls,
        String host,
        int port,
        String vhost,
        String queue,
        String exchange,
        String routingKey,
        boolean confirm,
        boolean mandatory,
        boolean durable,
        boolean declare,
        int prefetch,
        int inflight,
        String connectionName,
        String user,
        String password,
        String redacted,
        String subscription,
        String exchangeType) {
    /** The options this driver reads. */
    public static final List<String> OPTIONS = List.of(
            "queue",
            "exchange",
            "routingKey",
            "confirm",
            "mandatory",
            "durable",
            "declare",
            "prefetch",
            "inflight",
            "connectionName",
            "subscription",
            "exchangeType");
    /** A receive URL naming a subscription of an exchange, for messages. */
    static final String SUBSCRIPTION_EXAMPLE =
            "rabbitmq://host:5672/?exchange=orders&exchangeType=fanout&subscription=sub-{s}";
    /** The connections' name when the URL gives none. */
    public static final String DEFAULT_CONNECTION_NAME = "maestro";
    /** The AMQP port when a {@code rabbitmq://} URL gives none. */
    public static final int DEFAULT_PORT = 5672;
    /** The AMQPS port when a {@code rabbitmqs://} URL gives none. */
    public static final int DEFAULT_TLS_PORT = 5671;
    /** The receivers' prefetch when the URL gives none. */
    public static final int DEFAULT_PREFETCH = 500;
    /** The senders' window of unconfirmed publishes when the URL gives none. */
    public static final int DEFAULT_INFLIGHT = 1000;
    /** The largest prefetch: basic.qos carries it as an unsigned 16-bit count. */
    public static final int MAX_PREFETCH = 65_535;
    /** The largest window of unconfirmed publishes. */
    public static final int MAX_INFLIGHT = 1_000_000;

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static RabbitUrl parse(String url) throws DriverException {
        DestinationUri uri = DestinationUri.parse(
                url,
                List.of("rabbitmq", "rabbitmqs"),
                "rabbitmq://host:5672/?queue=test",
                "is not a RabbitMQ URL: write rabbitmq://host:5672/?queue=q or " + "rabbitmqs://host:5671/?queue=q");
        uri.refuseFragment("write # in a name as %23");
        String shown = uri.shown();
        String scheme = uri.scheme();
        String vhost = vhost(shown, uri.rawPath());
        String user = uri.user();
        String password = uri.password();
        QueryOptions options = uri.options();
        options.refuseUnknown(OPTIONS);
        String queue = name(options, "queue");
        String exchange = name(options, "exchange");
        String routingKey = options.text("routingKey", null);
        boolean confirm = options.bool("confirm", true);
        boolean mandatory = options.bool("mandatory", true);
        boolean durable = options.bool("durable", false);
        boolean declare = options.bool("declare", false);
        int prefetch = options.count("prefetch", MAX_PREFETCH, DEFAULT_PREFETCH);
        int inflight = options.count("inflight", MAX_INFLIGHT, DEFAULT_INFLIGHT);
        String connectionName = name(options, "connectionName");
        if (connectionName.isEmpty()) {
            connectionName = DEFAULT_CONNECTION_NAME;
        }
        if (queue.isEmpty() && exchange.isEmpty()) {
            throw new DriverException("the URL " + shown + " names no queue and no exchange: add ?queue=<name> "
                    + "(receivers need one), or ?exchange=<name>&routingKey=<key> for senders");
        }
        if (declare && queue.isEmpty()) {
            throw new DriverException(
                    "option declare=true in URL " + shown + " needs a queue to declare: add " + "?queue=<name>");
        }
        String subscription = options.name("subscription", "sub-{s}", "");
        String exchangeType = options.choice("exchangeType", List.of("fanout", "topic", "direct", "headers"), "");
        if (!subscription.isEmpty() && exchange.isEmpty()) {
            throw options.misplaced(
                    "subscription",
                    "a subscription is a queue bound to an exchange, and the URL names none (add exchange=<name>)",
                    SUBSCRIPTION_EXAMPLE);
        }
        if (!subscription.isEmpty() && !queue.isEmpty()) {
            throw options.misplaced(
                    "subscription",
                    "the subscription is the receivers' queue, and the URL names another (queue=" + queue
                            + "): leave queue out",
                    SUBSCRIPTION_EXAMPLE);
        }
        if (!exchangeType.isEmpty() && exchange.isEmpty()) {
            throw options.misplaced(
                    "exchangeType",
                    "it is the type of the exchange to declare, and the URL names none",
                    SUBSCRIPTION_EXAMPLE);
        }
        int port = uri.port(scheme.equals("rabbitmqs") ? DEFAULT_TLS_PORT : DEFAULT_PORT);
        return new RabbitUrl(
                scheme.equals("rabbitmqs"),
                uri.host(),
                port,
                vhost,
                queue,
                exchange,
                routingKey == null ? queue : routingKey,
                confirm,
                mandatory,
                durable,
                declare,
                prefetch,
                inflight,
                connectionName,
                user,
                password,
                shown,
                subscription,
                exchangeType);
    }

    private static String vhost(String url, String rawPath) throws DriverException {
        String path = rawPath == null ? "" : rawPath;
        if (path.isEmpty() || path.equals("/")) {
            return "/";
        }
        String segment = path.substring(1);
        if (segment.contains("/")) {
            throw new DriverException("the URL " + url + " has a path of more than one segment ('" + path + "'): the "
                    + "path is the virtual host; write a '/' inside its name as %2F, e.g. rabbitmq://host/%2Fprod");
        }
        return URLDecoder.decode(segment, StandardCharsets.UTF_8);
    }

    private static String name(QueryOptions options, String option) throws DriverException {
        String value = options.text(option, null);
        if (value == null) {
            return "";
        }
        if (value.isEmpty()) {
            throw new DriverException("option " + option + "= in URL " + options.shownUrl() + " is empty: give a "
                    + "name, or leave the option out");
        }
        if (value.getBytes(StandardCharsets.UTF_8).length > 255) {
            throw new DriverException("option " + option + " in URL " + options.shownUrl() + " is longer than 255 "
                    + "bytes, the most AMQP 0-9-1 allows for a name: use a shorter name");
        }
        return value;
    }

    /** The queue receivers consume from: the subscription's, or the URL's queue. */
    public String consumedQueue() {
        return subscription.isEmpty() ? queue : subscription;
    }

    /** The URL as given, with the user information and password replaced by {@code ***}. */
    @Override
    public String toString() {
        return redacted;
    }
}

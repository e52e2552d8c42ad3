package org.maestro.driver.kafka;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.maestro.base.net.UrlRedactor;
import org.maestro.driver.DriverException;
import org.maestro.driver.QueryOptions;

/**
 * A destination URL of the Kafka driver:
 * {@code kafka://user:password@host:9092,host2:9092/topic?acks=all&group=g&partitions=3&linger.ms=5} plus
 * {@code producer.*}, {@code consumer.*} and {@code client.*} properties of kafka-clients ({@code kafkas://} or
 * {@code kafka+ssl://} for TLS). Immutable; {@link #toString()} never shows the password.
 *
 * @param tls        true for {@code kafkas://} and {@code kafka+ssl://}
 * @param bootstrap  the bootstrap servers, {@code host:port,host:port}
 * @param topic      the topic senders write to and receivers read
 * @param acks       the producers' {@code acks}: {@code all}, {@code 1} or {@code 0}
 * @param group      the receivers' consumer group, or null for one of Maestro's own (see {@link ReceiverGroups})
 * @param partitions the partitions of a topic the driver creates, or 0 for the broker's default
 * @param lingerMs   the producers' {@code linger.ms}, or -1 for the kafka-clients default
 * @param keyed      true when each sender connection writes with a key of its own (one partition per connection)
 * @param producer   kafka-clients producer properties given as {@code producer.*}
 * @param consumer   kafka-clients consumer properties given as {@code consumer.*}
 * @param client     properties for every client, given as {@code client.*} (e.g. TLS settings)
 */
public record KafkaUrl(
        boolean tls,
        String bootstrap,
        String topic,
        String acks,
        String group,
        int partitions,
        int lingerMs,
        boolean keyed,
        Map<String, String> producer,
        Map<String, String> consumer,
        Map<String, String> client,
        String user,
        String password,
        String redacted) {
    /** The plain options this driver reads. */
    public static final List<String> OPTIONS = List.of("acks", "group", "partitions", "linger.ms", "key");
    /** A receive URL naming a consumer group per subscription, for messages. */
    static final String SUBSCRIPTION_EXAMPLE = "kafka://host:9092/orders?group=sub-{s}";
    /** The port when a plain URL gives none. */
    public static final int DEFAULT_PORT = 9092;
    /** The port when a TLS URL gives none. */
    public static final int DEFAULT_TLS_PORT = 9093;
    /** The most partitions a created topic may have. */
    public static final int MAX_PARTITIONS = 10_000;
    /** Properties the driver sets itself, which the URL may not give. */
    private static final Set<String> OWN = Set.of(
            "bootstrap.servers",
            "key.serializer",
            "value.serializer",
            "key.deserializer",
            "value.deserializer",
            "group.id",
            "acks",
            "linger.ms",
            "sasl.jaas.config");

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static KafkaUrl parse(String url) throws DriverException {
        String shown = UrlRedactor.redact(url);
        String text = url == null ? "" : url.trim();
        int schemeEnd = text.indexOf("://");
        String scheme = schemeEnd < 0 ? "" : text.substring(0, schemeEnd).toLowerCase(Locale.ROOT);
        if (!scheme.equals("kafka") && !scheme.equals("kafkas") && !scheme.equals("kafka+ssl")) {
            throw new DriverException("the URL " + shown + " is not a Kafka URL: write kafka://host:9092/topic, or "
                    + "kafkas://host:9093/topic for TLS");
        }
        boolean tls = !scheme.equals("kafka");
        String rest = text.substring(schemeEnd + 3);
        if (rest.contains("#")) {
            throw new DriverException("the URL " + shown + " has a '#' (fragment): write # in a value as %23");
        }
        int question = rest.indexOf('?');
        String query = question < 0 ? null : rest.substring(question + 1);
        String beforeQuery = question < 0 ? rest : rest.substring(0, question);
        int slash = beforeQuery.indexOf('/');
        String authority = slash < 0 ? beforeQuery : beforeQuery.substring(0, slash);
        String path = slash < 0 ? "" : beforeQuery.substring(slash + 1);
        String user = null;
        String password = null;
        int at = authority.lastIndexOf('@');
        if (at >= 0) {
            String info = authority.substring(0, at);
            authority = authority.substring(at + 1);
            int colon = info.indexOf(':');
            user = decode(colon < 0 ? info : info.substring(0, colon));
            password = colon < 0 ? "" : decode(info.substring(colon + 1));
        }
        String bootstrap = servers(shown, authority, tls ? DEFAULT_TLS_PORT : DEFAULT_PORT);
        String topic = topic(shown, decode(path));
        QueryOptions options = QueryOptions.parse(url, query);
        if (options.has("subscription")) {
            throw options.misplaced(
                    "subscription",
                    "a Kafka subscription whose receivers share the records is a consumer group (group=<name>)",
                    SUBSCRIPTION_EXAMPLE);
        }
        options.refuseUnknown(
                OPTIONS,
                name -> name.startsWith("producer.") || name.startsWith("consumer.") || name.startsWith("client."),
                "and kafka-clients properties starting with producer. consumer. " + "client.");
        Map<String, String> producer = new LinkedHashMap<>();
        Map<String, String> consumer = new LinkedHashMap<>();
        Map<String, String> client = new LinkedHashMap<>();
        for (Map.Entry<String, String> option : options.raw().entrySet()) {
            String name = option.getKey();
            String value = decode(option.getValue());
            if (name.startsWith("producer.")) {
                property(shown, name, value, ProducerConfig.configNames(), producer);
            } else if (name.startsWith("consumer.")) {
                property(shown, name, value, ConsumerConfig.configNames(), consumer);
            } else if (name.startsWith("client.")) {
                property(shown, name, value, AdminClientConfig.configNames(), client);
            }
        }
        String acks = options.has("acks") ? acks(options, decode(options.raw().get("acks"))) : "all";
        String group = options.has("group") ? group(shown, decode(options.raw().get("group"))) : null;
        int partitions = number(options, "partitions", 1, MAX_PARTITIONS, 0);
        int lingerMs = number(options, "linger.ms", 0, 3_600_000, -1);
        boolean keyed =
                options.choice("key", List.of("none", "connection"), "none").equals("connection");
        return new KafkaUrl(
                tls,
                bootstrap,
                topic,
                acks,
                group,
                partitions,
                lingerMs,
                keyed,
                Map.copyOf(producer),
                Map.copyOf(consumer),
                Map.copyOf(client),
                user,
                password,
                shown);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    private static String servers(String url, String authority, int defaultPort) throws DriverException {
        if (authority.isEmpty()) {
            throw new DriverException("the URL " + url + " names no host: write e.g. kafka://host:9092/topic");
        }
        List<String> servers = new ArrayList<>();
        for (String server : authority.split(",")) {
            String host = server;
            String port = null;
            int close = server.lastIndexOf(']');
            int colon = server.lastIndexOf(':');
            if (colon > close) {
                host = server.substring(0, colon);
                port = server.substring(colon + 1);
            }
            if (host.isEmpty() || !host.matches("[A-Za-z0-9._\\-]+|\\[[0-9A-Fa-f:.]+]")) {
                throw new DriverException("the server '" + server + "' in URL " + url + " is not a host[:port]: "
                        + "write e.g. kafka://host1:9092,host2:9092/topic");
            }
            if (port != null
                    && (!port.matches("\\d{1,5}") || Integer.parseInt(port) == 0 || Integer.parseInt(port) > 65_535)) {
                throw new DriverException(
                        "the port of '" + server + "' in URL " + url + " is not valid: expected " + "1 to 65535");
            }
            servers.add(host + ":" + (port == null ? defaultPort : port));
        }
        return String.join(",", servers);
    }

    private static String topic(String url, String topic) throws DriverException {
        if (topic.isEmpty()) {
            throw new DriverException(
                    "the URL " + url + " names no topic: add /<topic>, e.g. " + "kafka://host:9092/maestro-test");
        }
        if (!topic.matches("[A-Za-z0-9._\\-]{1,249}") || topic.equals(".") || topic.equals("..")) {
            throw new DriverException("the topic '" + topic + "' in URL " + url + " is not a valid Kafka topic "
                    + "name: use up to 249 letters, digits, '.', '_' and '-'");
        }
        return topic;
    }

    private static void property(String url, String option, String value, Set<String> known, Map<String, String> into)
            throws DriverException {
        String property = option.substring(option.indexOf('.') + 1);
        if (OWN.contains(property)) {
            throw new DriverException("option " + option + " in URL " + url + " cannot be given: "
                    + switch (property) {
                        case "acks", "linger.ms" -> "use the option " + property + "= instead";
                        case "group.id" -> "use the option group= instead";
                        case "sasl.jaas.config" ->
                            "give the user and password as the URL's user information "
                                    + "(kafka://user:password@host:9092/topic), which is never shown";
                        default -> "the driver sets it from the URL";
                    });
        }
        if (!known.contains(property)) {
            throw new DriverException("option " + option + " in URL " + url + " names no kafka-clients "
                    + option.substring(0, option.indexOf('.')) + " property '" + property + "': check its spelling "
                    + "in the Kafka documentation (producer., consumer. and client. properties are passed on)");
        }
        into.put(property, value);
    }

    private static String acks(QueryOptions options, String value) throws DriverException {
        String lower = value.toLowerCase(Locale.ROOT);
        if (lower.equals("-1")) {
            return "all";
        }
        if (!lower.equals("all") && !lower.equals("1") && !lower.equals("0")) {
            throw options.invalid("acks", value, "all, 1 or 0");
        }
        return lower;
    }

    private static String group(String url, String value) throws DriverException {
        if (value.isEmpty()) {
            throw new DriverException("option group= in URL " + url + " is empty: give a consumer group name, or "
                    + "leave the option out for a group of the receiver's own");
        }
        return value;
    }

    private static int number(QueryOptions options, String option, int min, int max, int absent)
            throws DriverException {
        if (!options.has(option)) {
            return absent;
        }
        String value = decode(options.raw().get(option));
        if (value.matches("\\d{1,8}") && Integer.parseInt(value) >= min && Integer.parseInt(value) <= max) {
            return Integer.parseInt(value);
        }
        throw options.invalid(option, value, "a whole number from " + min + " to " + max);
    }

    /** True when a producer hears the broker's acknowledgement of each record ({@code acks} is not 0). */
    public boolean acknowledged() {
        return !acks.equals("0");
    }

    /** The URL as given, with the user information and password options replaced by {@code ***}. */
    @Override
    public String toString() {
        return redacted;
    }
}

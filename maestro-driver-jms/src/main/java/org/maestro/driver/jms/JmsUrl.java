package org.maestro.driver.jms;

import jakarta.jms.Session;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import org.maestro.base.net.UrlRedactor;
import org.maestro.driver.DriverException;
import org.maestro.driver.QueryOptions;
import org.maestro.driver.TopicSubscription;

/**
 * A destination URL of the Qpid JMS driver, split into the Qpid JMS connection URI, the destination and the options
 * Maestro reads itself. Immutable.
 *
 * <p>Forms: {@code amqp://host:5672/queue?type=queue&durable=false&ackMode=auto&jms.prefetchPolicy.all=500} and
 * {@code failover:(amqp://a:5672,amqp://b:5672)/queue?failover.maxReconnectAttempts=20}. Options starting with
 * {@code jms.}, {@code amqp.}, {@code transport.}, {@code failover.} or {@code sasl.} go to Qpid JMS unchanged.
 * {@code subscription=<name>} (a topic) makes receivers consume through the JMS 2 shared subscription of that name.
 *
 * @param subscription the shared subscription receivers consume through, or null for a consumer of the destination
 */
public record JmsUrl(
        String connectionUri,
        String destination,
        boolean topic,
        boolean durable,
        int ackMode,
        String username,
        String password,
        String subscription) {

    /** The options Maestro reads itself. */
    public static final List<String> OPTIONS = List.of("type", "durable", "ackMode", "subscription");
    /** A URL naming a shared subscription, for messages. */
    static final String SUBSCRIPTION_EXAMPLE = "amqp://host:5672/orders?type=topic&subscription=sub-{s}";
    /** The prefixes of options passed to Qpid JMS. */
    public static final List<String> QPID_PREFIXES = List.of("jms.", "amqp.", "transport.", "failover.", "sasl.");

    private static final Map<String, Integer> ACK_MODES = Map.of(
            "auto", Session.AUTO_ACKNOWLEDGE,
            "client", Session.CLIENT_ACKNOWLEDGE,
            "dups_ok", Session.DUPS_OK_ACKNOWLEDGE,
            "individual", 101);

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static JmsUrl parse(String url) throws DriverException {
        String text = url == null ? "" : url.trim();
        String shown = UrlRedactor.redact(text);
        String base;
        String rest;
        String username = null;
        String password = null;
        if (text.regionMatches(true, 0, "failover:(", 0, "failover:(".length())) {
            int close = text.indexOf(')');
            if (close < 0) {
                throw new DriverException("the failover URL " + shown + " has no closing ')': write "
                        + "failover:(amqp://a:5672,amqp://b:5672)/queue");
            }
            base = text.substring(0, close + 1);
            rest = text.substring(close + 1);
        } else {
            URI uri;
            try {
                uri = new URI(text);
            } catch (Exception e) {
                throw new DriverException("'" + shown + "' is not a valid URL: " + e.getMessage());
            }
            if (uri.getHost() == null) {
                throw new DriverException("the URL " + shown + " names no host: write e.g. amqp://host:5672/queue");
            }
            base = uri.getScheme() + "://" + uri.getHost() + (uri.getPort() >= 0 ? ":" + uri.getPort() : "");
            rest = (uri.getRawPath() == null ? "" : uri.getRawPath())
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
            if (uri.getUserInfo() != null) {
                String[] parts = uri.getUserInfo().split(":", 2);
                username = parts[0];
                password = parts.length > 1 ? parts[1] : null;
            }
        }
        int question = rest.indexOf('?');
        String path = question < 0 ? rest : rest.substring(0, question);
        String query = question < 0 ? "" : rest.substring(question + 1);
        String destination = decode(path.startsWith("/") ? path.substring(1) : path);
        if (destination.isEmpty()) {
            throw new DriverException("the URL " + shown + " names no destination: add /<queue or topic name>, "
                    + "e.g. amqp://host:5672/test.queue");
        }

        QueryOptions options = QueryOptions.parse(text, query);
        options.refuseUnknown(
                OPTIONS, JmsUrl::passedToQpid, "and Qpid JMS options starting with " + String.join(" ", QPID_PREFIXES));
        TopicSubscription kind = TopicSubscription.read(options, SUBSCRIPTION_EXAMPLE);
        boolean topic = kind.topic();
        String subscription = kind.subscription();
        boolean durable = options.bool("durable", false);
        int ackMode =
                ACK_MODES.get(options.choice("ackMode", List.of("auto", "client", "dups_ok", "individual"), "auto"));
        StringJoiner qpid = new StringJoiner("&");
        options.raw().forEach((name, value) -> {
            if (passedToQpid(name)) {
                qpid.add(name + "=" + value);
            }
        });
        String connectionUri = qpid.length() == 0 ? base : base + "?" + qpid;
        return new JmsUrl(connectionUri, destination, topic, durable, ackMode, username, password, subscription);
    }

    private static boolean passedToQpid(String option) {
        return QPID_PREFIXES.stream().anyMatch(option::startsWith);
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }

    /**
     * True when Qpid JMS sends this URL's messages presettled ({@code jms.presettlePolicy.presettleAll},
     * {@code presettleProducers}, or {@code presettleTopicProducers} / {@code presettleQueueProducers} for the
     * destination's type): such messages have no outcome.
     */
    public boolean presettledSends() {
        int question = connectionUri.indexOf('?');
        if (question < 0) {
            return false;
        }
        Map<String, String> options = QueryOptions.parse(connectionUri, connectionUri.substring(question + 1))
                .raw();
        String prefix = "jms.presettlePolicy.";
        return isTrue(options, prefix + "presettleAll")
                || isTrue(options, prefix + "presettleProducers")
                || isTrue(options, prefix + (topic ? "presettleTopicProducers" : "presettleQueueProducers"));
    }

    private static boolean isTrue(Map<String, String> options, String name) {
        return "true".equalsIgnoreCase(options.getOrDefault(name, "false").trim());
    }

    @Override
    public String toString() {
        return UrlRedactor.redact(connectionUri) + " " + (topic ? "topic " : "queue ") + destination
                + (subscription == null ? "" : " subscription " + subscription);
    }
}

package org.maestro.driver.mqtt;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.maestro.driver.DestinationUri;
import org.maestro.driver.DriverException;
import org.maestro.driver.QueryOptions;

/**
 * A destination URL of the MQTT driver:
 * {@code mqtt://user:password@host:1883/some/topic?qos=1&version=3&share=group&clean=true&reconnect=true&inflight=1000}
 * ({@code mqtts://} for TLS, port 8883 by default); a path {@code /$share/<group>/<topic>} is the topic with
 * {@code share=<group>}. Immutable; {@link #toString()} never shows the password.
 *
 * @param tls       true for {@code mqtts://}
 * @param topic     the topic name senders publish to and receivers subscribe to (percent-decoded)
 * @param qos       the quality of service of publishes and subscriptions: 0, 1 or 2
 * @param version   the MQTT version: 3 (MQTT 3.1.1) or 5
 * @param share     the shared-subscription group of receivers, or null for a plain subscription
 * @param clean     whether connections start a clean session
 * @param reconnect whether the client reconnects by itself (and subscribes again) after losing its connection
 * @param inflight  how many publishes a connection has on the wire at most before a send waits
 */
public record MqttUrl(
        boolean tls,
        String host,
        int port,
        String topic,
        int qos,
        int version,
        String share,
        boolean clean,
        boolean reconnect,
        int inflight,
        String user,
        String password,
        String redacted) {
    /** The options this driver reads. */
    public static final List<String> OPTIONS = List.of("qos", "version", "share", "clean", "reconnect", "inflight");
    /** How the topic filter of a shared subscription begins ({@code $share/<group>/<topic>}). */
    static final String SHARE_PREFIX = "$share/";
    /** A URL naming a shared subscription, for messages. */
    static final String SHARED_EXAMPLE =
            "mqtt://host:1883/$share/sub-{s}/orders (or mqtt://host:1883/orders?share=sub-{s})";
    /** The MQTT port when a {@code mqtt://} URL gives none. */
    public static final int DEFAULT_PORT = 1883;
    /** The MQTT port when a {@code mqtts://} URL gives none. */
    public static final int DEFAULT_TLS_PORT = 8883;
    /** The quality of service when the URL gives none. */
    public static final int DEFAULT_QOS = 1;
    /** The in-flight window at QoS 0 and 1 when the URL gives none. */
    public static final int DEFAULT_INFLIGHT = 1000;
    /**
     * The in-flight window at QoS 2 when the URL gives none: Mosquitto's default {@code max_inflight_messages}.
     * Mosquitto completes the QoS 2 handshake of MQTT 3.1.1 publishes beyond that limit but does not forward them.
     * Over MQTT 5 the broker's Receive Maximum bounds the window as well.
     */
    public static final int DEFAULT_QOS2_INFLIGHT = 20;
    /** The largest in-flight window: the number of MQTT packet identifiers. */
    public static final int MAX_INFLIGHT = 65_535;

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static MqttUrl parse(String url) throws DriverException {
        DestinationUri uri = DestinationUri.parse(
                url,
                List.of("mqtt", "mqtts"),
                "mqtt://host:1883/some/topic",
                "is not an MQTT URL: write mqtt://host:1883/topic or mqtts://host:8883/topic");
        String shown = uri.shown();
        uri.refuseFragment("write the MQTT wildcard # as %23, e.g. mqtt://host:1883/sensors/%23");
        String path = uri.rawPath();
        String topic = URLDecoder.decode(path.startsWith("/") ? path.substring(1) : path, StandardCharsets.UTF_8);
        if (topic.isEmpty()) {
            throw new DriverException(
                    "the URL " + shown + " names no topic: add /<topic>, " + "e.g. mqtt://host:1883/maestro/test");
        }
        QueryOptions options = uri.options();
        if (options.has("subscription")) {
            throw options.misplaced(
                    "subscription",
                    "an MQTT subscription whose receivers share the messages is a shared subscription "
                            + "($share/<group>/<topic>, or share=<group>)",
                    SHARED_EXAMPLE);
        }
        options.refuseUnknown(OPTIONS);
        int qos = Integer.parseInt(options.choice("qos", List.of("0", "1", "2"), Integer.toString(DEFAULT_QOS)));
        int version = Integer.parseInt(options.choice("version", List.of("3", "5"), "3"));
        String share = options.has("share") ? share(shown, options.text("share", "")) : null;
        if (topic.startsWith(SHARE_PREFIX)) {
            if (share != null) {
                throw options.misplaced(
                        "share",
                        "the path already names the group of a shared subscription ($share/<group>/<topic>)",
                        SHARED_EXAMPLE);
            }
            int slash = topic.indexOf('/', SHARE_PREFIX.length());
            if (slash < 0 || slash == topic.length() - 1) {
                throw new DriverException("the path of " + shown + " names a shared subscription without a topic: "
                        + "write $share/<group>/<topic>, e.g. " + SHARED_EXAMPLE);
            }
            share = share(shown, topic.substring(SHARE_PREFIX.length(), slash));
            topic = topic.substring(slash + 1);
        }
        boolean clean = options.bool("clean", true);
        boolean reconnect = options.bool("reconnect", true);
        int inflight = options.count("inflight", MAX_INFLIGHT, qos == 2 ? DEFAULT_QOS2_INFLIGHT : DEFAULT_INFLIGHT);
        boolean tls = uri.scheme().equals("mqtts");
        return new MqttUrl(
                tls,
                uri.host(),
                uri.port(tls ? DEFAULT_TLS_PORT : DEFAULT_PORT),
                topic,
                qos,
                version,
                share,
                clean,
                reconnect,
                inflight,
                uri.user(),
                uri.password(),
                shown);
    }

    private static String share(String url, String value) throws DriverException {
        if (value.isEmpty() || value.contains("/") || value.contains("+") || value.contains("#")) {
            throw new DriverException("option share=" + value + " in URL " + url + " is not valid: expected a group "
                    + "name without '/', '+' or '#', e.g. share=maestro or share=sub-{s}");
        }
        return value;
    }

    /** The server URI Paho connects to: {@code tcp://host:port} or {@code ssl://host:port}. */
    public String serverUri() {
        String literal = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return (tls ? "ssl://" : "tcp://") + literal + ":" + port;
    }

    /** The topic filter receivers subscribe to: the topic, or {@code $share/<group>/<topic>}. */
    public String subscription() {
        return share == null ? topic : "$share/" + share + "/" + topic;
    }

    /** The URL as given, with the user information and password replaced by {@code ***}. */
    @Override
    public String toString() {
        return redacted;
    }
}

package org.maestro.driver.stomp;

import java.util.List;
import org.maestro.driver.DestinationUri;
import org.maestro.driver.DriverException;
import org.maestro.driver.QueryOptions;

/**
 * A destination URL of the STOMP driver:
 * {@code stomp://user:password@host:61613/queue/orders?ack=client-individual&receipt=true&prefetch=500}
 * ({@code stomp+ssl://} or {@code stomps://} for TLS). Immutable; {@link #toString()} never shows the password.
 *
 * <p>The path, percent-decoded and with its leading {@code /}, is the STOMP destination: {@code /queue/orders},
 * {@code /topic/prices}, {@code /amq/queue/orders}.
 *
 * @param tls         true for {@code stomp+ssl://} and {@code stomps://}
 * @param destination the {@code destination} header of SEND and SUBSCRIBE frames
 * @param ack         the receivers' acknowledgement mode: {@code auto}, {@code client} or {@code client-individual}
 * @param receipt     whether each SEND asks for a RECEIPT, which gives it an outcome
 * @param durable     whether messages are sent with {@code persistent:true}
 * @param prefetch    the {@code prefetch-count} of a subscription with client acknowledgements (RabbitMQ)
 * @param inflight    how many sends a connection has without receipt at most before a send waits
 * @param vhost       the {@code host} header of CONNECT (RabbitMQ's virtual host), or null to send none
 * @param heartbeatMillis the heart-beat both ways in ms; 0 for none
 * @param subscription the shared subscription of a {@code /topic/…} or {@code /exchange/…} destination that receivers
 *                    consume through (see {@link SubscriptionForm}), or null
 */
public record StompUrl(
        boolean tls,
        String host,
        int port,
        String destination,
        String ack,
        boolean receipt,
        boolean durable,
        int prefetch,
        int inflight,
        String vhost,
        int heartbeatMillis,
        String user,
        String password,
        String redacted,
        String subscription) {
    /** The options this driver reads. */
    public static final List<String> OPTIONS =
            List.of("ack", "receipt", "durable", "prefetch", "inflight", "vhost", "heartbeat", "subscription");
    /** A receive URL naming a shared subscription of a topic, for messages. */
    static final String SUBSCRIPTION_EXAMPLE = "stomp://host:61613/topic/orders?subscription=sub-{s}";
    /** The acknowledgement modes of STOMP 1.2. */
    public static final List<String> ACK_MODES = List.of("auto", "client", "client-individual");
    /** The STOMP port when the URL gives none, with or without TLS. */
    public static final int DEFAULT_PORT = 61613;
    /** The receivers' prefetch when the URL gives none. */
    public static final int DEFAULT_PREFETCH = 500;
    /** The senders' window of sends without receipt when the URL gives none. */
    public static final int DEFAULT_INFLIGHT = 1000;
    /** The heart-beat when the URL gives none, in ms. */
    public static final int DEFAULT_HEARTBEAT_MILLIS = 10_000;
    /** The largest prefetch. */
    public static final int MAX_PREFETCH = 65_535;
    /** The largest window of sends without receipt. */
    public static final int MAX_INFLIGHT = 1_000_000;
    /** The longest heart-beat, in ms. */
    public static final int MAX_HEARTBEAT_MILLIS = 3_600_000;

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static StompUrl parse(String url) throws DriverException {
        DestinationUri uri = DestinationUri.parse(
                url,
                List.of("stomp", "stomp+ssl", "stomps"),
                "stomp://host:61613/queue/test",
                "is not a STOMP URL: write stomp://host:61613/queue/q, or " + "stomp+ssl://host:61614/queue/q for TLS");
        uri.refuseFragment("write # in a name as %23");
        String shown = uri.shown();
        boolean tls = !uri.scheme().equals("stomp");
        String path = uri.rawPath();
        if (path.isEmpty() || path.equals("/")) {
            throw new DriverException("the URL " + shown + " names no destination: the path is the STOMP "
                    + "destination, e.g. stomp://host:61613/queue/orders (see docs/drivers.md)");
        }
        String destination = DestinationUri.decode(path);
        String user = uri.user();
        String password = uri.password();
        QueryOptions options = uri.options();
        options.refuseUnknown(OPTIONS);
        String ack = options.text("ack", "client-individual");
        if (!ACK_MODES.contains(ack)) {
            throw options.invalid("ack", ack, String.join(", ", ACK_MODES));
        }
        boolean receipt = options.bool("receipt", true);
        boolean durable = options.bool("durable", false);
        int prefetch = options.count("prefetch", MAX_PREFETCH, DEFAULT_PREFETCH);
        int inflight = options.count("inflight", MAX_INFLIGHT, DEFAULT_INFLIGHT);
        String vhost = options.text("vhost", null);
        if (vhost != null && vhost.isEmpty()) {
            throw new DriverException("option vhost= in URL " + shown + " is empty: give a virtual host, e.g. "
                    + "vhost=/, or leave the option out");
        }
        int heartbeat = DEFAULT_HEARTBEAT_MILLIS;
        if (options.has("heartbeat")) {
            String value = options.text("heartbeat", "");
            if (!value.matches("\\d{1,7}") || Integer.parseInt(value) > MAX_HEARTBEAT_MILLIS) {
                throw options.invalid("heartbeat", value, "a whole number of ms from 0 to " + MAX_HEARTBEAT_MILLIS);
            }
            heartbeat = Integer.parseInt(value);
        }
        String subscription = options.name("subscription", "sub-{s}", null);
        if (subscription != null && !publishSubscribe(destination)) {
            throw options.misplaced(
                    "subscription",
                    "it names a shared subscription of a /topic/… or /exchange/… destination, and " + destination
                            + " is neither (the receivers of a queue already share its messages)",
                    SUBSCRIPTION_EXAMPLE);
        }
        return new StompUrl(
                tls,
                uri.host(),
                uri.port(DEFAULT_PORT),
                destination,
                ack,
                receipt,
                durable,
                prefetch,
                inflight,
                vhost,
                heartbeat,
                user,
                password,
                shown,
                subscription);
    }

    /** True for the destinations that give every subscriber every message: {@code /topic/…}, {@code /exchange/…}. */
    static boolean publishSubscribe(String destination) {
        return destination.startsWith("/topic/") || destination.startsWith("/exchange/");
    }

    /** True when receivers acknowledge each message themselves (ack=client or client-individual). */
    public boolean clientAcks() {
        return !ack.equals("auto");
    }

    /** The URL as given, with the user information and password replaced by {@code ***}. */
    @Override
    public String toString() {
        return redacted;
    }
}

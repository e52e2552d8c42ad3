package org.maestro.driver.nats;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import org.maestro.base.net.UrlRedactor;
import org.maestro.driver.DestinationUri;
import org.maestro.driver.DriverException;
import org.maestro.driver.QueryOptions;

/**
 * A destination URL of the NATS driver: {@code nats://user:password@host:4222/some.subject?queue=group} for core
 * NATS and {@code nats://host:4222/some.subject?jetstream=true&stream=NAME&create=true&durable=name} for JetStream
 * ({@code nats+tls://} for TLS). Immutable; {@link #toString()} never shows the password or token.
 *
 * @param tls       true for {@code nats+tls://}
 * @param subject   the subject senders publish to and receivers subscribe to
 * @param queue     the queue group of receivers (each message goes to one member), or null
 * @param jetStream true when publishes go to a JetStream stream and receivers read it through a consumer
 * @param stream    the stream's name (JetStream only), or null
 * @param create    whether to create the stream over the subject when it does not exist
 * @param memory    whether a created stream keeps its messages in memory rather than in files
 * @param durable   the durable consumer name of receivers (JetStream only), or null for an ephemeral consumer
 * @param deliverAll whether a new consumer starts at the stream's first message rather than at the next one
 * @param inflight  how many JetStream publishes a connection has unacknowledged at most before a send waits
 * @param user      the user name, or null
 * @param password  the password, or null
 * @param token     the authentication token (user information without a colon), or null
 */
public record NatsUrl(
        boolean tls,
        String host,
        int port,
        String subject,
        String queue,
        boolean jetStream,
        String stream,
        boolean create,
        boolean memory,
        String durable,
        boolean deliverAll,
        int inflight,
        String user,
        String password,
        String token,
        String redacted) {
    /** The options this driver reads. */
    public static final List<String> OPTIONS =
            List.of("queue", "jetstream", "stream", "create", "storage", "durable", "deliver", "inflight");
    /** The scheme of NATS over TLS; jnats itself calls it {@code tls}. */
    public static final String TLS_SCHEME = "nats+tls";
    /** Why a {@code tls://} URL is refused, and what to write instead. */
    public static final String TLS_SCHEME_ADVICE =
            "the scheme tls:// is not taken by any driver: write " + "nats+tls://host:4222/subject for NATS over TLS";
    /** A receive URL naming a queue group per subscription, for messages. */
    static final String SUBSCRIPTION_EXAMPLE = "nats://host:4222/orders?queue=sub-{s}";
    /** The NATS port when the URL gives none. */
    public static final int DEFAULT_PORT = 4222;
    /** The JetStream publish window when the URL gives none. */
    public static final int DEFAULT_INFLIGHT = 1000;
    /** The largest JetStream publish window. */
    public static final int MAX_INFLIGHT = 100_000;

    /** Parses a URL; throws naming the offending part and what is accepted. */
    public static NatsUrl parse(String url) throws DriverException {
        if (url != null && url.trim().toLowerCase(Locale.ROOT).startsWith("tls:")) {
            throw new DriverException(TLS_SCHEME_ADVICE + ": " + UrlRedactor.redact(url));
        }
        DestinationUri uri = DestinationUri.parse(
                url,
                List.of("nats", TLS_SCHEME),
                "nats://host:4222/some.subject",
                "is not a NATS URL: write nats://host:4222/subject or nats+tls://host:4222/subject");
        String shown = uri.shown();
        String scheme = uri.scheme();
        String path = uri.rawPath();
        String subject = URLDecoder.decode(path.startsWith("/") ? path.substring(1) : path, StandardCharsets.UTF_8);
        if (subject.isEmpty()) {
            throw new DriverException(
                    "the URL " + shown + " names no subject: add /<subject>, " + "e.g. nats://host:4222/maestro.test");
        }
        if (!subject.matches("[^\\s/]+")
                || subject.startsWith(".")
                || subject.endsWith(".")
                || subject.contains("..")) {
            throw new DriverException("the subject '" + subject + "' in URL " + shown + " is not a valid NATS "
                    + "subject: write tokens separated by dots, without spaces or '/', e.g. maestro.test");
        }
        String user = null;
        String password = null;
        String token = null;
        if (uri.rawUserInfo() != null) {
            if (uri.password() == null) {
                token = uri.user();
            } else {
                user = uri.user();
                password = uri.password();
            }
        }
        QueryOptions options = uri.options();
        if (options.has("subscription")) {
            throw options.misplaced(
                    "subscription",
                    "a NATS subscription whose receivers share the messages is a queue group (queue=<group>)",
                    SUBSCRIPTION_EXAMPLE);
        }
        options.refuseUnknown(OPTIONS);
        String queue = name(options, "queue", "maestro");
        boolean jetStream = options.bool("jetstream", false);
        String stream = name(options, "stream", "MAESTRO");
        boolean create = options.bool("create", false);
        boolean memory =
                options.choice("storage", List.of("file", "memory"), "file").equals("memory");
        String durable = name(options, "durable", "maestro");
        boolean deliverAll =
                options.choice("deliver", List.of("new", "all"), "new").equals("all");
        int inflight = options.count("inflight", MAX_INFLIGHT, DEFAULT_INFLIGHT);
        if (jetStream && stream == null) {
            throw new DriverException("the URL " + shown + " asks for JetStream but names no stream: add "
                    + "stream=<name> (and create=true to create it over the subject)");
        }
        if (!jetStream && (stream != null || create || durable != null || deliverAll || memory)) {
            throw new DriverException("the URL " + shown + " has JetStream options (stream, create, storage, "
                    + "durable, deliver) without jetstream=true: add jetstream=true or remove them");
        }
        int port = uri.port(DEFAULT_PORT);
        return new NatsUrl(
                scheme.equals(TLS_SCHEME),
                uri.host(),
                port,
                subject,
                queue,
                jetStream,
                stream,
                create,
                memory,
                durable,
                deliverAll,
                inflight,
                user,
                password,
                token,
                shown);
    }

    private static String name(QueryOptions options, String option, String example) throws DriverException {
        String value = options.text(option, null);
        if (value != null && !value.matches("[A-Za-z0-9_-]+")) {
            throw options.invalid(
                    option,
                    value,
                    "letters, digits, '_' or '-', e.g. " + option + "=" + example
                            + (option.equals("queue") ? " or queue=sub-{s} ({s}: the subscription number)" : ""));
        }
        return value;
    }

    /** True when the subject has a wildcard ({@code *} or {@code >} token), which only receivers may use. */
    public boolean wildcard() {
        for (String part : subject.split("\\.")) {
            if (part.equals("*") || part.equals(">")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The server URL jnats connects to, without credentials: {@code nats://host:port}, or {@code tls://host:port}
     * (jnats's scheme for TLS) for a {@code nats+tls://} URL.
     */
    public String serverUrl() {
        String literal = host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host;
        return (tls ? "tls://" : "nats://") + literal + ":" + port;
    }

    /** The URL as given, with the user information and password replaced by {@code ***}. */
    @Override
    public String toString() {
        return redacted;
    }
}

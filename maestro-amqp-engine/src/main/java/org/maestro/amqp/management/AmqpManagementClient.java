package org.maestro.amqp.management;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.nio.BufferOverflowException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.apache.qpid.proton.amqp.messaging.Accepted;
import org.apache.qpid.proton.amqp.messaging.AmqpValue;
import org.apache.qpid.proton.amqp.messaging.ApplicationProperties;
import org.apache.qpid.proton.amqp.messaging.Rejected;
import org.apache.qpid.proton.amqp.messaging.Source;
import org.apache.qpid.proton.amqp.messaging.Target;
import org.apache.qpid.proton.amqp.transport.ErrorCondition;
import org.apache.qpid.proton.engine.Connection;
import org.apache.qpid.proton.engine.Delivery;
import org.apache.qpid.proton.engine.Endpoint;
import org.apache.qpid.proton.engine.EndpointState;
import org.apache.qpid.proton.engine.Event;
import org.apache.qpid.proton.engine.Receiver;
import org.apache.qpid.proton.engine.Sender;
import org.apache.qpid.proton.engine.Session;
import org.apache.qpid.proton.message.Message;
import org.maestro.amqp.engine.AmqpEndpoint;
import org.maestro.amqp.engine.AmqpEngine;
import org.maestro.amqp.engine.PeerClosedException;
import org.maestro.base.net.ManagementUrl;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A blocking AMQP 1.0 management client (the request/response pattern of AMQP management, as Qpid Dispatch's
 * {@code qdmanage} uses it): requests go to the {@code $management} node with application properties
 * {@code operation=QUERY}, {@code type=org.amqp.management}, {@code name=self}, {@code entityType=…}, and the replies
 * come back on a dynamic receiver link whose address is each request's reply-to.
 *
 * <pre>{@code
 * try (AmqpManagementClient client = AmqpManagementClient.to(ManagementUrl.parse("amqp://router:5672"))
 *         .timeout(Duration.ofSeconds(5)).clientName("maestro-inspector").urlSetting("MANAGEMENT_INTERFACE")
 *         .connect()) {
 *     ManagementReply links = client.query("org.apache.qpid.dispatch.router.link"); // any status
 *     ManagementReply nodes = client.queryOk("org.apache.qpid.dispatch.router.node"); // throws unless 200
 * }
 * }</pre>
 *
 * <p>Not thread-safe: one thread makes one request at a time, each waiting at most the timeout for its reply;
 * {@link #close()} may be called from another thread to abort a request. Built on the shared Proton-J engine
 * ({@link AmqpEngine}) over a plain (or TLS for {@code amqps}) socket, with SASL ANONYMOUS, or PLAIN when the URL
 * names a user.
 */
public final class AmqpManagementClient implements AutoCloseable {
    /** The address of the management node. */
    public static final String MANAGEMENT_NODE = "$management";

    private static final Logger LOG = LoggerFactory.getLogger(AmqpManagementClient.class);
    private static final int READ_WAIT_MILLIS = 20;
    private static final int REPLY_CREDIT = 10;

    private final ManagementUrl url;
    private final Duration timeout;
    private final String clientName;
    private final String urlSetting;
    private final AmqpEngine engine;
    private Sender sender;
    private Receiver receiver;
    private String replyAddress;
    private long requests;
    private Message reply;
    private Object expectedCorrelation;
    private AmqpManagementException failure;
    private volatile boolean closed;

    private AmqpManagementClient(Connector settings, AmqpEngine engine) {
        this.url = settings.url;
        this.timeout = settings.timeout;
        this.clientName = settings.clientName;
        this.urlSetting = settings.urlSetting;
        this.engine = engine;
    }

    /**
     * Starts connecting to the AMQP endpoint of the URL ({@code amqp://[user:password@]host[:5672]} or
     * {@code amqps://…}): set the options, then {@link Connector#connect()}.
     */
    public static Connector to(ManagementUrl url) {
        return new Connector(url);
    }

    /** The options of a connection; {@link #connect()} opens it. */
    public static final class Connector {
        private final ManagementUrl url;
        private Duration timeout = Duration.ofSeconds(5);
        private String clientName = "maestro";
        private String urlSetting = "the management URL";

        private Connector(ManagementUrl url) {
            this.url = url;
        }

        /** The longest wait for connecting and for each reply (5 s unless set). */
        public Connector timeout(Duration replyTimeout) {
            this.timeout = replyTimeout;
            return this;
        }

        /** The prefix of the container id, link names and message ids the peer sees ({@code maestro} unless set). */
        public Connector clientName(String name) {
            this.clientName = name;
            return this;
        }

        /** What error messages tell the user to check when the URL seems wrong, e.g. {@code MANAGEMENT_INTERFACE}. */
        public Connector urlSetting(String setting) {
            this.urlSetting = setting;
            return this;
        }

        /**
         * Connects and opens the request and reply links.
         *
         * @throws AmqpManagementException when the endpoint cannot be reached, refuses the credentials or the links,
         *     or does not answer within the timeout
         * @throws IllegalArgumentException when the URL is not {@code amqp} or {@code amqps}
         */
        public AmqpManagementClient connect() throws AmqpManagementException {
            return AmqpManagementClient.connect(this);
        }
    }

    private static AmqpManagementClient connect(Connector settings) throws AmqpManagementException {
        ManagementUrl url = settings.url;
        Duration timeout = settings.timeout;
        String check = "; is the router running and is " + settings.urlSetting + " right?";
        boolean tls = url.scheme().equals("amqps");
        if (!tls && !url.scheme().equals("amqp")) {
            throw new IllegalArgumentException(
                    "an AMQP management URL is amqp or amqps, such as " + "amqp://router:5672, not " + url.redacted());
        }
        int port = url.port(tls ? 5671 : 5672);
        AmqpEndpoint endpoint = new AmqpEndpoint(
                url.host(),
                port,
                tls,
                url.user().orElse(null),
                url.password().orElse(""),
                settings.clientName + "-" + UUID.randomUUID());
        AmqpManagementClient client;
        try {
            client = new AmqpManagementClient(settings, AmqpEngine.connect(endpoint, timeout));
        } catch (ConnectException e) {
            throw new AmqpManagementException(
                    "cannot connect to " + url.redacted() + " (" + e.getMessage() + ")" + check, e);
        } catch (SocketTimeoutException e) {
            throw new AmqpManagementException(
                    url.redacted() + " did not accept a connection within " + timeout.toMillis() + " ms" + check,
                    AmqpManagementException.Reason.TIMEOUT,
                    e);
        } catch (IOException e) {
            throw new AmqpManagementException("cannot connect to " + url.redacted() + ": " + e, e);
        }
        try {
            client.open();
            return client;
        } catch (AmqpManagementException | RuntimeException e) {
            client.close();
            throw e;
        }
    }

    private void open() throws AmqpManagementException {
        Connection connection = engine.connection();
        connection.open();
        Session session = connection.session();
        session.open();

        receiver = session.receiver(clientName + "-replies");
        Source dynamic = new Source();
        dynamic.setDynamic(true);
        receiver.setSource(dynamic);
        receiver.setTarget(new Target());
        receiver.open();
        receiver.flow(REPLY_CREDIT);

        sender = session.sender(clientName + "-requests");
        Target management = new Target();
        management.setAddress(MANAGEMENT_NODE);
        sender.setTarget(management);
        sender.setSource(new Source());
        sender.open();

        long deadline = deadline(timeout);
        pumpUntil(
                "open the management links",
                timeout,
                deadline,
                () -> sender.getRemoteState() == EndpointState.ACTIVE
                        && receiver.getRemoteState() == EndpointState.ACTIVE);
        if (!(receiver.getRemoteSource() instanceof Source source) || source.getAddress() == null) {
            throw new AmqpManagementException(url.redacted() + " gave no address to the dynamic reply link; "
                    + "is it an AMQP management endpoint such as a Qpid Dispatch router?");
        }
        replyAddress = source.getAddress();
        LOG.debug("management links to {} open, replies to {}", url.redacted(), replyAddress);
    }

    /** The address replies come to (the dynamic link's). */
    public String replyAddress() {
        return replyAddress;
    }

    /** True until a request failed in a way that leaves the connection unusable, or the peer closed it. */
    public boolean usable() {
        if (failure != null || closed) {
            return false;
        }
        try {
            pumpOnce(); // takes in a close the router sent since the last request (e.g. its idle timeout)
            return failure == null;
        } catch (AmqpManagementException e) {
            return false;
        }
    }

    /**
     * Queries all entities of a type with all their attributes, waiting at most the connection's timeout; the reply
     * may have any status.
     *
     * @throws AmqpManagementException when no reply came within the timeout or the connection failed; the client
     *     is then no longer {@link #usable()}
     */
    public ManagementReply query(String entityType) throws AmqpManagementException {
        return query(entityType, timeout);
    }

    /** {@link #query(String)}, waiting at most {@code replyTimeout} for the reply. */
    public ManagementReply query(String entityType, Duration replyTimeout) throws AmqpManagementException {
        if (failure != null) {
            throw failure;
        }
        String id = clientName + "-" + (++requests);
        Message request = Message.Factory.create();
        request.setMessageId(id);
        request.setCorrelationId(id);
        request.setAddress(MANAGEMENT_NODE);
        request.setReplyTo(replyAddress);
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("operation", "QUERY");
        properties.put("type", "org.amqp.management");
        properties.put("name", "self");
        properties.put("entityType", entityType);
        request.setApplicationProperties(new ApplicationProperties(properties));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("attributeNames", new ArrayList<String>());
        request.setBody(new AmqpValue(body));

        long deadline = deadline(replyTimeout);
        reply = null;
        expectedCorrelation = id;
        String what = "answer the QUERY of " + entityType;
        pumpUntil(what, replyTimeout, deadline, () -> sender.getCredit() > 0);
        byte[] encoded = encode(request);
        Delivery delivery = sender.delivery(id.getBytes(StandardCharsets.US_ASCII));
        sender.send(encoded, 0, encoded.length);
        sender.advance();
        pumpUntil(what, replyTimeout, deadline, () -> reply != null);
        Message answer = reply;
        reply = null;
        if (delivery.getRemoteState() instanceof Rejected rejected) {
            throw new AmqpManagementException(
                    url.redacted() + " rejected the QUERY of " + entityType + ": " + describe(rejected.getError()));
        }
        return toReply(entityType, answer);
    }

    /**
     * Like {@link #query(String)}, but a reply whose status is not 200 is thrown, with its status code: the connection
     * stays usable.
     */
    public ManagementReply queryOk(String entityType) throws AmqpManagementException {
        return queryOk(entityType, timeout);
    }

    /** {@link #queryOk(String)}, waiting at most {@code replyTimeout} for the reply. */
    public ManagementReply queryOk(String entityType, Duration replyTimeout) throws AmqpManagementException {
        ManagementReply answer = query(entityType, replyTimeout);
        if (!answer.ok()) {
            throw new AmqpManagementException(
                    url.redacted() + " answered " + answer.statusCode() + " " + answer.statusDescription()
                            + " to a QUERY of " + entityType,
                    answer.statusCode());
        }
        return answer;
    }

    private ManagementReply toReply(String entityType, Message answer) throws AmqpManagementException {
        Map<?, ?> properties = answer.getApplicationProperties() == null
                ? Map.of()
                : answer.getApplicationProperties().getValue();
        Object code = properties.get("statusCode");
        if (!(code instanceof Number number)) {
            throw new AmqpManagementException(url.redacted() + " answered the QUERY of " + entityType
                    + " without a statusCode; is it an AMQP management endpoint?");
        }
        String description = String.valueOf(properties.get("statusDescription"));
        if (number.intValue() != 200) {
            return new ManagementReply(number.intValue(), description, List.of(), List.of());
        }
        Object body = answer.getBody() instanceof AmqpValue value ? value.getValue() : null;
        if (!(body instanceof Map<?, ?> map)
                || !(map.get("attributeNames") instanceof List<?> names)
                || !(map.get("results") instanceof List<?> results)) {
            throw new AmqpManagementException(url.redacted() + " answered the QUERY of " + entityType
                    + " with a body that is not a map of attributeNames and results");
        }
        List<String> attributeNames = new ArrayList<>(names.size());
        names.forEach(name -> attributeNames.add(String.valueOf(name)));
        List<List<Object>> rows = new ArrayList<>(results.size());
        for (Object result : results) {
            if (result instanceof List<?> values) {
                rows.add(new ArrayList<>(values));
            }
        }
        return new ManagementReply(200, description, attributeNames, rows);
    }

    private static long deadline(Duration wait) {
        return System.nanoTime() + wait.toNanos();
    }

    private void pumpUntil(String what, Duration wait, long deadline, BooleanSupplier done)
            throws AmqpManagementException {
        try {
            while (true) {
                pumpOnce();
                if (failure != null) {
                    throw failure;
                }
                if (done.getAsBoolean()) {
                    engine.write();
                    return;
                }
                if (System.nanoTime() - deadline > 0) {
                    throw fail(new AmqpManagementException(
                            url.redacted() + " did not " + what + " within " + wait.toMillis()
                                    + " ms; the router may be overloaded or restarting",
                            AmqpManagementException.Reason.TIMEOUT));
                }
            }
        } catch (IOException e) {
            throw fail(
                    closed
                            ? stopped()
                            : new AmqpManagementException("the connection to " + url.redacted() + " failed: " + e, e));
        }
    }

    private AmqpManagementException stopped() {
        return new AmqpManagementException(
                "the management requests to " + url.redacted() + " were stopped",
                AmqpManagementException.Reason.STOPPED);
    }

    /** Writes what is pending, reads what arrived (waiting a little), and handles the events. */
    private void pumpOnce() throws AmqpManagementException {
        try {
            engine.pump(READ_WAIT_MILLIS, () -> true, this::handle);
            checkLogin();
        } catch (PeerClosedException e) {
            engine.dispatch(this::handle);
            checkLogin();
            if (failure == null) {
                fail(new AmqpManagementException(
                        url.redacted() + " closed the connection", AmqpManagementException.Reason.UNREACHABLE));
            }
        } catch (IOException e) {
            throw fail(
                    closed
                            ? stopped()
                            : new AmqpManagementException("the connection to " + url.redacted() + " failed: " + e, e));
        }
    }

    private void handle(Event event) {
        checkLogin(); // a refused login comes as a remote open and close: name the login, not the close
        switch (event.getType()) {
            case DELIVERY -> delivery(event.getDelivery());
            case CONNECTION_REMOTE_CLOSE -> remoteClosed("closed the connection", event.getConnection());
            case SESSION_REMOTE_CLOSE -> remoteClosed("closed the session", event.getSession());
            case LINK_REMOTE_CLOSE, LINK_REMOTE_DETACH ->
                remoteClosed(
                        event.getLink() == sender
                                ? "refused or closed the link to " + MANAGEMENT_NODE
                                : "refused or closed the dynamic reply link",
                        event.getLink());
            case TRANSPORT_ERROR -> transportError();
            default -> {
                // other events need no action
            }
        }
    }

    private void checkLogin() {
        if (engine.loginRefused() && failure == null) {
            fail(new AmqpManagementException(
                    url.redacted()
                            + (url.user().isPresent()
                                    ? " refused the credentials of user '"
                                            + url.user().get() + "' (SASL); check the user and " + "password in "
                                            + urlSetting
                                    : " refused anonymous access (SASL); give a user and password in " + urlSetting
                                            + ", e.g. " + "amqp://user:password@" + url.host() + ":" + url.port(5672)),
                    AmqpManagementException.Reason.UNAUTHORIZED));
        }
    }

    private void delivery(Delivery delivery) {
        if (delivery.getLink() == sender) {
            if (delivery.remotelySettled()) {
                delivery.settle();
            }
            return;
        }
        if (!delivery.isReadable() || delivery.isPartial()) {
            return;
        }
        byte[] bytes = new byte[delivery.pending()];
        int read = receiver.recv(bytes, 0, bytes.length);
        receiver.advance();
        if (!delivery.remotelySettled()) {
            delivery.disposition(Accepted.getInstance());
        }
        delivery.settle();
        receiver.flow(1);
        Message message = Message.Factory.create();
        message.decode(bytes, 0, read);
        Object correlation = message.getCorrelationId();
        if (correlation != null && !correlation.equals(expectedCorrelation)) {
            LOG.debug(
                    "dropped a late reply from {} (correlation {}, waiting for {})",
                    url.redacted(),
                    correlation,
                    expectedCorrelation);
            return;
        }
        reply = message;
    }

    private void remoteClosed(String what, Endpoint endpoint) {
        if (failure == null) {
            ErrorCondition condition = endpoint.getRemoteCondition();
            fail(new AmqpManagementException(
                    url.redacted() + " " + what
                            + (condition == null || condition.getCondition() == null ? "" : ": " + describe(condition)),
                    AmqpManagementException.Reason.UNREACHABLE));
        }
    }

    private void transportError() {
        if (failure == null) {
            ErrorCondition condition = engine.transport().getCondition();
            fail(new AmqpManagementException(
                    "the AMQP connection to " + url.redacted() + " failed"
                            + (condition == null || condition.getCondition() == null ? "" : ": " + describe(condition)),
                    AmqpManagementException.Reason.UNREACHABLE));
        }
    }

    private static String describe(ErrorCondition condition) {
        if (condition == null || condition.getCondition() == null) {
            return "no reason given";
        }
        return condition.getCondition() + (condition.getDescription() == null ? "" : " " + condition.getDescription());
    }

    private AmqpManagementException fail(AmqpManagementException error) {
        if (failure == null) {
            failure = error;
        }
        return failure;
    }

    private static byte[] encode(Message message) {
        int size = 1024;
        while (true) {
            byte[] buffer = new byte[size];
            try {
                int length = message.encode(buffer, 0, buffer.length);
                byte[] exact = new byte[length];
                System.arraycopy(buffer, 0, exact, 0, length);
                return exact;
            } catch (BufferOverflowException e) {
                size *= 2;
            }
        }
    }

    /** Closes the socket at once (safe from any thread); a request in progress fails as stopped. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        engine.close();
    }
}

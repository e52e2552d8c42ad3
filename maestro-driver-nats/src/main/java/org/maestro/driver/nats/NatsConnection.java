package org.maestro.driver.nats;

import static org.maestro.driver.Causes.describe;

import io.nats.client.AuthenticationException;
import io.nats.client.Connection;
import io.nats.client.ConnectionListener;
import io.nats.client.Consumer;
import io.nats.client.Dispatcher;
import io.nats.client.ErrorListener;
import io.nats.client.JetStreamApiException;
import io.nats.client.JetStreamManagement;
import io.nats.client.JetStreamSubscription;
import io.nats.client.Message;
import io.nats.client.MessageHandler;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.PushSubscribeOptions;
import io.nats.client.api.AckPolicy;
import io.nats.client.api.ConsumerConfiguration;
import io.nats.client.api.DeliverPolicy;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.io.IOException;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.ThrottledWarning;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One jnats connection to one subject (and, with JetStream, one stream), with at most one producer or consumer.
 * jnats reconnects by itself and subscribes again; the connection counts as {@link #failed()} once jnats closed it
 * after giving up reconnecting ({@value #MAX_RECONNECTS} attempts {@value #RECONNECT_WAIT_MILLIS} ms apart), once the
 * JetStream consumer of its receiver stopped sending heartbeats, or once it was closed. jnats calls back on its own threads; {@link #close()} and {@link #failed()} may be called from any
 * thread.
 */
final class NatsConnection implements DriverConnection, ConnectionListener, ErrorListener {
    private static final Logger LOG = LoggerFactory.getLogger(NatsConnection.class);
    /** How many reconnection attempts jnats makes before closing the connection for good. */
    static final int MAX_RECONNECTS = 60;
    /** The wait between two reconnection attempts. */
    static final long RECONNECT_WAIT_MILLIS = 1_000;
    /** How often a JetStream consumer without a queue group sends a heartbeat when it has no message to send. */
    static final Duration IDLE_HEARTBEAT = Duration.ofSeconds(2);
    /** How long the server keeps an ephemeral consumer whose receiver is away (e.g. while jnats reconnects). */
    static final Duration EPHEMERAL_INACTIVE = Duration.ofMinutes(2);
    /** JetStream's error code when a consumer of that name is being created by another connection. */
    private static final int CONSUMER_NAME_IN_USE = 10013;
    /** The JetStream API error code of a stream that does not exist. */
    private static final int STREAM_NOT_FOUND = 10059;
    /** The JetStream API error code of a stream name in use (created by another connection meanwhile). */
    private static final int STREAM_NAME_IN_USE = 10058;

    private final NatsUrl url;
    private final MicroClock clock;
    private final ThrottledWarning losses;
    private final ThrottledWarning errors;
    private volatile Connection connection;
    private volatile NatsProducer producer;
    private volatile Throwable failure;
    private volatile boolean failed;
    private volatile boolean closed;
    /** False while the first connection is being made: its failure is the caller's exception, not an event. */
    private volatile boolean established;

    private NatsConnection(NatsUrl url, MicroClock clock) {
        this.url = url;
        this.clock = clock;
        this.losses = new ThrottledWarning(LOG, "lost connections to " + url, TimeUnit.SECONDS.toNanos(10));
        this.errors = new ThrottledWarning(LOG, "errors on the connection to " + url, TimeUnit.SECONDS.toNanos(10));
    }

    /** Connects to the URL's server within {@code timeout} and checks (or creates) the stream of a JetStream URL. */
    static NatsConnection open(NatsUrl url, MicroClock clock, Duration timeout) throws DriverException {
        NatsConnection opened = new NatsConnection(url, clock);
        Options.Builder options = new Options.Builder()
                .server(url.serverUrl())
                .connectionName("maestro")
                .connectionTimeout(timeout.isZero() || timeout.isNegative() ? Duration.ofSeconds(1) : timeout)
                .maxReconnects(MAX_RECONNECTS)
                .reconnectWait(Duration.ofMillis(RECONNECT_WAIT_MILLIS))
                .connectionListener(opened)
                .errorListener(opened);
        if (url.user() != null) {
            options.userInfo(url.user(), url.password());
        }
        if (url.token() != null) {
            options.token(url.token().toCharArray());
        }
        try {
            opened.connection = Nats.connect(options.build());
            opened.established = true;
        } catch (IOException | RuntimeException e) {
            if (loginRefused(e)) {
                throw new DriverException(loginRefusedMessage(url, e), e);
            }
            throw new DriverException(
                    "cannot connect to " + url + " within " + timeout.toMillis() + " ms: "
                            + describe(e)
                            + ": is the NATS server running and reachable, and are the user name and password "
                            + "(or token) right?",
                    e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while connecting to " + url);
        }
        if (url.jetStream()) {
            try {
                opened.ensureStream();
            } catch (DriverException e) {
                opened.close();
                throw e;
            }
        }
        return opened;
    }

    private void ensureStream() throws DriverException {
        try {
            JetStreamManagement management = connection.jetStreamManagement();
            try {
                management.getStreamInfo(url.stream());
                return;
            } catch (JetStreamApiException e) {
                if (e.getApiErrorCode() != STREAM_NOT_FOUND) {
                    throw e;
                }
            }
            if (!url.create()) {
                throw new DriverException("the JetStream stream '" + url.stream() + "' of " + url + " does not "
                        + "exist: create it over the subject '" + url.subject() + "' or add create=true to the URL");
            }
            try {
                management.addStream(StreamConfiguration.builder()
                        .name(url.stream())
                        .subjects(url.subject())
                        .storageType(url.memory() ? StorageType.Memory : StorageType.File)
                        .build());
                LOG.info("created the JetStream stream '{}' over '{}' at {}", url.stream(), url.subject(), url);
            } catch (JetStreamApiException e) {
                if (e.getApiErrorCode() != STREAM_NAME_IN_USE) {
                    throw e;
                }
            }
        } catch (JetStreamApiException e) {
            throw new DriverException(
                    "the JetStream stream '" + url.stream() + "' of " + url + " cannot be used: "
                            + describe(e) + ": is JetStream enabled on the server (nats-server -js), and does no other "
                            + "stream capture the subject '" + url.subject() + "'?",
                    e);
        } catch (IOException | RuntimeException e) {
            throw new DriverException(
                    "cannot reach JetStream at " + url + ": " + describe(e)
                            + ": is JetStream enabled on the server (nats-server -js)?",
                    e);
        }
    }

    /** True when the server refused the login: jnats's {@link AuthenticationException}, or its error text. */
    private static boolean loginRefused(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof AuthenticationException
                    || (cause.getMessage() != null
                            && cause.getMessage().toLowerCase(Locale.ROOT).contains("authorization violation"))) {
                return true;
            }
        }
        return false;
    }

    private static String loginRefusedMessage(NatsUrl url, Throwable error) {
        if (url.user() != null) {
            return "NATS at " + url + " refused the login of user '" + url.user() + "' (" + describe(error)
                    + "): check the user name and password in the URL";
        }
        if (url.token() != null) {
            return "NATS at " + url + " refused the token (" + describe(error) + "): check the token in the URL";
        }
        return "NATS at " + url + " refused the connection without credentials (" + describe(error) + "): give "
                + "them in the URL, e.g. nats://user:password@" + url.host() + ":" + url.port() + "/"
                + url.subject();
    }

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        if (url.wildcard()) {
            throw new DriverException("cannot publish to " + url + ": the subject '" + url.subject()
                    + "' has a wildcard (* or >); senders need a subject without wildcards");
        }
        NatsProducer created;
        try {
            created = new NatsProducer(
                    connection, url.jetStream() ? connection.jetStream() : null, url, outcomes, this::failed);
        } catch (IOException e) {
            throw new DriverException(
                    "cannot use JetStream at " + url + ": " + describe(e)
                            + ": is JetStream enabled on the server (nats-server -js)?",
                    e);
        }
        producer = created;
        return created;
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        Dispatcher dispatcher = connection.createDispatcher();
        try {
            if (url.jetStream()) {
                subscribeToStreamSharingTheConsumer(dispatcher, callback);
            } else {
                MessageHandler handler = message -> deliver(message, callback, false);
                if (url.queue() == null) {
                    dispatcher.subscribe(url.subject(), handler);
                } else {
                    dispatcher.subscribe(url.subject(), url.queue(), handler);
                }
                // the server has the subscription once it answered the flush's PING
                connection.flush(Duration.ofSeconds(30));
            }
        } catch (DriverException e) {
            connection.closeDispatcher(dispatcher);
            throw e;
        } catch (Exception e) {
            connection.closeDispatcher(dispatcher);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new DriverException(
                    "cannot subscribe to '" + url.subject() + "' at " + url + ": " + describe(e)
                            + (url.jetStream()
                                    ? ": check the stream, and that an existing durable consumer of that name has "
                                            + "the same settings (or delete it, or choose another durable name)"
                                    : ""),
                    e);
        }
        return () -> {
            if (!closed && connection.getStatus() != Connection.Status.CLOSED) {
                connection.closeDispatcher(dispatcher);
            }
        };
    }

    /**
     * Subscribes to the stream; when connections of a queue group create their shared consumer at the same moment,
     * the server refuses all but one ("consumer name already in use"), and the others bind to it on a new attempt.
     */
    private void subscribeToStreamSharingTheConsumer(Dispatcher dispatcher, ConsumerCallback callback)
            throws Exception {
        for (int attempt = 1; ; attempt++) {
            try {
                subscribeToStream(dispatcher, callback);
                return;
            } catch (JetStreamApiException e) {
                if (e.getApiErrorCode() != CONSUMER_NAME_IN_USE || attempt >= 5) {
                    throw e;
                }
                Thread.sleep(50L * attempt);
            }
        }
    }

    private void subscribeToStream(Dispatcher dispatcher, ConsumerCallback callback) throws Exception {
        String durable = url.durable() != null ? url.durable() : url.queue();
        ConsumerConfiguration.Builder consumer = ConsumerConfiguration.builder()
                .ackPolicy(AckPolicy.Explicit)
                .deliverPolicy(url.deliverAll() ? DeliverPolicy.All : DeliverPolicy.New);
        PushSubscribeOptions.Builder options = PushSubscribeOptions.builder().stream(url.stream());
        if (durable != null) {
            options.durable(durable);
        } else {
            consumer.inactiveThreshold(EPHEMERAL_INACTIVE);
        }
        if (url.queue() != null) {
            options.deliverGroup(url.queue());
        } else {
            // the server sends heartbeats while it has nothing to deliver; jnats raises heartbeatAlarm when they stop
            consumer.idleHeartbeat(IDLE_HEARTBEAT);
        }
        options.configuration(consumer.build());
        MessageHandler handler = message -> deliver(message, callback, true);
        if (url.queue() == null) {
            connection.jetStream().subscribe(url.subject(), dispatcher, handler, false, options.build());
        } else {
            connection.jetStream().subscribe(url.subject(), url.queue(), dispatcher, handler, false, options.build());
        }
    }

    private void deliver(Message message, ConsumerCallback callback, boolean acknowledge) {
        long receiveMicros = clock.nowMicros();
        try {
            callback.onMessage(message.getData(), receiveMicros);
        } catch (RuntimeException e) {
            LOG.error("recording a message from {} failed", url, e);
        }
        if (acknowledge) {
            message.ack();
        }
    }

    @Override
    public boolean failed() {
        return failed || closed;
    }

    @Override
    public Throwable failure() {
        return failure;
    }

    @Override
    public void connectionEvent(Connection conn, Events type) {
        if (!established) {
            return;
        }
        switch (type) {
            case DISCONNECTED -> losses.record("disconnected; reconnecting");
            case RECONNECTED -> LOG.info("connected again to {}", url);
            case CLOSED -> {
                if (!closed) {
                    failure = new DriverException("the connection to " + url + " was closed after " + MAX_RECONNECTS
                            + " failed reconnection attempts: is the NATS server running?");
                    failed = true;
                    LOG.warn("{}", failure.getMessage());
                }
            }
            default -> {
                // connected, servers discovered, lame duck: nothing to do
            }
        }
    }

    @Override
    public void errorOccurred(Connection conn, String error) {
        if (!established) {
            return;
        }
        errors.record(error);
    }

    @Override
    public void exceptionOccurred(Connection conn, Exception exp) {
        if (!established) {
            return;
        }
        errors.record(describe(exp));
    }

    @Override
    public void heartbeatAlarm(
            Connection conn, JetStreamSubscription subscription, long lastStreamSequence, long lastConsumerSequence) {
        if (!established || closed || failed) {
            return;
        }
        failure = new DriverException("the JetStream consumer of stream '" + url.stream() + "' at " + url
                + " stopped sending heartbeats (last stream sequence " + lastStreamSequence + "): the server no longer "
                + "has it (deleted, or lost in a restart); the connection will be opened again with a new consumer");
        failed = true;
        LOG.warn("{}", failure.getMessage());
    }

    @Override
    public void slowConsumerDetected(Connection conn, Consumer consumer) {
        errors.record("slow consumer: the client drops messages its receiver has not taken yet");
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        NatsProducer sending = producer;
        Connection open = connection;
        try {
            if (sending != null) {
                sending.awaitPending(TimeUnit.SECONDS.toMillis(5));
            }
            if (open != null) {
                flushQuietly(open);
                open.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (sending != null) {
            sending.failPending(
                    "the connection to " + url + " was closed before the server acknowledged the " + "message");
        }
    }

    /**
     * Waits up to 5 s until the server has every publish jnats still buffers (a PING answered after them): jnats's
     * {@code close()} drops what it has not written yet, so core publishes sent just before would be lost.
     */
    private static void flushQuietly(Connection open) throws InterruptedException {
        if (open.getStatus() != Connection.Status.CONNECTED) {
            return;
        }
        try {
            open.flush(Duration.ofSeconds(5));
        } catch (java.util.concurrent.TimeoutException | IllegalStateException e) {
            // the server did not answer in time or the connection went: what was not written counts as lost
        }
    }
}

package org.maestro.driver.rabbitmq;

import com.rabbitmq.client.AMQP;
import com.rabbitmq.client.AuthenticationFailureException;
import com.rabbitmq.client.BlockedListener;
import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import com.rabbitmq.client.Method;
import com.rabbitmq.client.ShutdownSignalException;
import com.rabbitmq.client.impl.DefaultExceptionHandler;
import java.io.IOException;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLContext;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.Causes;
import org.maestro.driver.ConnectFailures;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.ThrottledWarning;
import org.maestro.driver.TlsFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One AMQP 0-9-1 connection to RabbitMQ with one channel, used by at most one producer or one consumer. The client's
 * automatic recovery is off: a connection or channel closed by anything but {@link #close()} counts as
 * {@link #failed()} for good, and Maestro opens a new one. The client calls back on its own threads; {@link #close()}
 * and {@link #failed()} may be called from any thread.
 */
final class RabbitConnection implements DriverConnection {
    private static final Logger LOG = LoggerFactory.getLogger(RabbitConnection.class);
    /** How long closing waits for the confirms of publishes on the wire. */
    static final long CLOSE_CONFIRM_MILLIS = 5_000;
    /** How long closing waits for the broker to answer connection.close. */
    static final int CLOSE_TIMEOUT_MILLIS = 5_000;
    /** How long declaring or attaching waits for the broker. */
    static final long ATTACH_TIMEOUT_MILLIS = 30_000;

    /**
     * The client's handler, except that an error of a connection's I/O thread (e.g. a server that answered in another
     * protocol) is not logged with its stack trace: the connection fails, and the driver reports why in one line.
     */
    private static final DefaultExceptionHandler QUIET_DRIVER_ERRORS = new DefaultExceptionHandler() {
        @Override
        public void handleUnexpectedConnectionDriverException(Connection connection, Throwable exception) {
            LOG.debug("RabbitMQ connection I/O failed: {}", exception.toString());
        }
    };

    private final RabbitUrl url;
    private final MicroClock clock;
    private final Connection connection;
    private final Channel channel;
    private final ThrottledWarning losses;
    private volatile RabbitProducer producer;
    private volatile Throwable failure;
    private volatile boolean failed;
    private volatile boolean closed;

    private RabbitConnection(RabbitUrl url, MicroClock clock, Connection connection, Channel channel) {
        this.url = url;
        this.clock = clock;
        this.connection = connection;
        this.channel = channel;
        this.losses = new ThrottledWarning(
                LOG, "connections to " + url + " closed by RabbitMQ or lost", TimeUnit.SECONDS.toNanos(10));
    }

    /** Connects to the URL's broker and opens a channel within {@code timeout}; throws naming the URL and why. */
    static RabbitConnection open(RabbitUrl url, MicroClock clock, Duration timeout) throws DriverException {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(url.host());
        factory.setPort(url.port());
        factory.setVirtualHost(url.vhost());
        if (url.user() != null) {
            factory.setUsername(url.user());
        }
        if (url.password() != null) {
            factory.setPassword(url.password());
        }
        factory.setExceptionHandler(QUIET_DRIVER_ERRORS);
        factory.setAutomaticRecoveryEnabled(false);
        factory.setTopologyRecoveryEnabled(false);
        int millis = (int) Math.min(Integer.MAX_VALUE, Math.max(1, timeout.toMillis()));
        factory.setConnectionTimeout(millis);
        factory.setHandshakeTimeout(millis);
        factory.setChannelRpcTimeout((int) ATTACH_TIMEOUT_MILLIS);
        if (url.tls()) {
            try {
                factory.useSslProtocol(SSLContext.getDefault());
            } catch (NoSuchAlgorithmException e) {
                throw new DriverException(
                        "cannot use TLS for " + url + ": the JVM has no default SSL context (" + e.getMessage()
                                + "): check the JVM's javax.net.ssl settings",
                        e);
            }
            factory.enableHostnameVerification();
        }
        Connection connection;
        try {
            connection = factory.newConnection(url.connectionName());
        } catch (AuthenticationFailureException e) {
            throw new DriverException(
                    "RabbitMQ at " + url + " refused the login of user '" + factory.getUsername() + "' (" + describe(e)
                            + "): check the user name and password in the URL",
                    e);
        } catch (IOException | TimeoutException | RuntimeException e) {
            String tls = TlsFailures.explain(e, url.host());
            if (tls != null) {
                throw new DriverException("cannot connect to " + url + ": " + tls, e);
            }
            String explained = ConnectFailures.explain(e, url.host() + ":" + url.port());
            if (explained != null) {
                throw new DriverException("cannot connect to " + url + ": " + explained, e);
            }
            throw new DriverException(
                    "cannot connect to " + url + " within " + millis + " ms: " + describe(e)
                            + ": is RabbitMQ running and reachable, does the virtual host '" + url.vhost()
                            + "' exist and may the user use it?",
                    e);
        }
        Channel channel;
        try {
            channel = connection.createChannel();
        } catch (IOException | RuntimeException e) {
            closeQuietly(connection);
            throw new DriverException("cannot open a channel on " + url + ": " + describe(e), e);
        }
        if (channel == null) {
            closeQuietly(connection);
            throw new DriverException("cannot open a channel on " + url + ": the broker's channel limit is reached: "
                    + "raise channel_max or use fewer connections");
        }
        RabbitConnection opened = new RabbitConnection(url, clock, connection, channel);
        connection.addShutdownListener(opened::shutdown);
        channel.addShutdownListener(opened::shutdown);
        connection.addBlockedListener(new BlockedListener() {
            @Override
            public void handleBlocked(String reason) {
                LOG.warn(
                        "RabbitMQ at {} blocks publishing: {} (a resource alarm; sends wait until it clears)",
                        url,
                        reason);
            }

            @Override
            public void handleUnblocked() {
                LOG.info("RabbitMQ at {} no longer blocks publishing", url);
            }
        });
        return opened;
    }

    /** The broker's reply text when it closed the channel or connection, else the exception and its cause. */
    static String describe(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof ShutdownSignalException signal) {
                Method reason = signal.getReason();
                if (reason instanceof AMQP.Channel.Close close) {
                    return close.getReplyText() + " (reply code " + close.getReplyCode() + ")";
                }
                if (reason instanceof AMQP.Connection.Close close) {
                    return close.getReplyText() + " (reply code " + close.getReplyCode() + ")";
                }
            }
        }
        return Causes.describe(e);
    }

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        declareOrCheck("send to");
        ExchangeTopology.declareExchange(channel, url);
        RabbitProducer created = new RabbitProducer(channel, url, outcomes, this::failed);
        if (url.confirm()) {
            try {
                channel.confirmSelect();
            } catch (IOException | RuntimeException e) {
                throw new DriverException(
                        "cannot turn on publisher confirms on " + url + ": " + describe(e)
                                + "; add confirm=false to send without outcomes",
                        e);
            }
        }
        channel.addConfirmListener(created);
        channel.addReturnListener(created);
        producer = created;
        return created;
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        if (!url.subscription().isEmpty()) {
            ExchangeTopology.declareSubscription(channel, url);
        } else if (url.queue().isEmpty()) {
            throw new DriverException("cannot receive from " + url + ": receivers consume from a queue; add "
                    + "?queue=<name> (and declare=true to declare it, bound to the default exchange), or "
                    + "subscription=<name> for a queue of their own bound to the exchange");
        } else {
            declareOrCheck("receive from");
        }
        String tag;
        try {
            channel.basicQos(url.prefetch());
            tag = channel.basicConsume(url.consumedQueue(), false, new Delivery(callback));
        } catch (IOException | RuntimeException e) {
            throw new DriverException(
                    "cannot consume from queue '" + url.consumedQueue() + "' at " + url + ": " + describe(e), e);
        }
        return () -> {
            if (channel.isOpen()) {
                try {
                    channel.basicCancel(tag);
                } catch (IOException | RuntimeException e) {
                    LOG.debug("cancelling the consumer of {}: {}", url, e.getMessage());
                }
            }
        };
    }

    /**
     * Declares the URL's queue with {@code declare=true}; otherwise checks that a receiver's queue exists, on a
     * channel of its own, since the broker closes the channel of a failed check.
     */
    private void declareOrCheck(String what) throws DriverException {
        if (url.declare()) {
            try {
                channel.queueDeclare(url.queue(), url.durable(), false, false, null);
            } catch (IOException | RuntimeException e) {
                throw new DriverException(
                        "cannot declare queue '" + url.queue() + "' at " + url + ": " + describe(e)
                                + ": if the queue exists with other settings, make durable= match it or leave out declare=true",
                        e);
            }
            return;
        }
        if (!what.startsWith("receive")) {
            return;
        }
        try (Channel check = connection.createChannel()) {
            check.queueDeclarePassive(url.queue());
        } catch (IOException | TimeoutException | RuntimeException e) {
            throw new DriverException(
                    "cannot " + what + " queue '" + url.queue() + "' at " + url + ": " + describe(e)
                            + ": create the queue, or add declare=true to the URL",
                    e);
        }
    }

    private void shutdown(ShutdownSignalException cause) {
        synchronized (this) {
            // the channel and then the connection report the same loss: keep and count the first
            if (!closed && !failed) {
                failure = cause;
                failed = true;
                losses.record(describe(cause));
            }
        }
        RabbitProducer sending = producer;
        if (sending != null) {
            sending.failPending(
                    "the connection to " + url + " closed before the broker confirmed the message: " + describe(cause));
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
    public void close() {
        if (closed) {
            return;
        }
        RabbitProducer sending = producer;
        if (sending != null && !failed) {
            sending.awaitConfirms(CLOSE_CONFIRM_MILLIS);
        }
        closed = true;
        closeQuietly(connection);
        if (sending != null) {
            sending.failPending("the connection to " + url + " was closed before the broker confirmed the message");
        }
    }

    private static void closeQuietly(Connection connection) {
        try {
            if (connection.isOpen()) {
                connection.close(CLOSE_TIMEOUT_MILLIS);
            }
        } catch (IOException | RuntimeException e) {
            LOG.debug("closing a connection to RabbitMQ: {}", e.getMessage());
        }
    }

    /** Hands each delivery to the callback, stamped on arrival, then acknowledges it. */
    private final class Delivery extends DefaultConsumer {
        private final ConsumerCallback callback;

        Delivery(ConsumerCallback callback) {
            super(channel);
            this.callback = callback;
        }

        @Override
        public void handleDelivery(String consumerTag, Envelope envelope, AMQP.BasicProperties properties, byte[] body)
                throws IOException {
            long receiveMicros = clock.nowMicros();
            try {
                callback.onMessage(body, receiveMicros);
            } catch (RuntimeException e) {
                // an exception thrown to the client would close the channel: log it and keep receiving
                LOG.error("recording a message from {} failed", url, e);
            }
            getChannel().basicAck(envelope.getDeliveryTag(), false);
        }

        @Override
        public void handleCancel(String consumerTag) {
            failure = new DriverException("RabbitMQ cancelled the consumer of queue '" + url.consumedQueue() + "' at "
                    + url + " (was the queue deleted?)");
            failed = true;
            LOG.warn("{}", failure.getMessage());
        }
    }
}

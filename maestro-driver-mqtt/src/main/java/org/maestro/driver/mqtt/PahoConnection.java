package org.maestro.driver.mqtt;

import static org.maestro.driver.Causes.describe;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.maestro.base.time.MicroClock;
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
 * What the connections of both MQTT versions share: one Paho client (in-memory persistence) to one topic, with at most
 * one producer or one consumer; the subscription made, made again after Paho reconnected, and undone; lost
 * connections counted and logged one line per 10 s; delivery to the consumer; closing, which fails the publishes
 * still unacknowledged. With {@code reconnect=true} Paho reconnects by itself, and the connection only counts as
 * {@link #failed()} when it was closed, its subscription could not be made again, or Paho has not reconnected
 * within {@value ReconnectDeadline#GIVE_UP_SECONDS} s. A subclass speaks to its version's Paho client. Paho calls
 * back on its own threads; {@link #close()} and {@link #failed()} may be called from any thread.
 */
abstract class PahoConnection implements DriverConnection {
    private static final Logger LOG = LoggerFactory.getLogger(PahoConnection.class);
    /** The longest wait between two of Paho's reconnection attempts. */
    static final int MAX_RECONNECT_DELAY_MILLIS = 2_000;
    /** How long closing waits for publishes on the wire to complete. */
    static final long CLOSE_QUIESCE_MILLIS = 5_000;
    /** How long subscribing waits for the broker's answer. */
    static final long SUBSCRIBE_MILLIS = TimeUnit.SECONDS.toMillis(30);

    /** The connection's URL. */
    protected final MqttUrl url;

    private final MicroClock clock;
    private final ThrottledWarning losses;
    private final ReconnectDeadline reconnecting = new ReconnectDeadline();
    private volatile ConsumerCallback consumer;
    private volatile PahoProducer producer;
    private volatile Throwable failure;
    private volatile boolean failed;
    private volatile boolean closed;

    PahoConnection(MqttUrl url, MicroClock clock) {
        this.url = url;
        this.clock = clock;
        this.losses = new ThrottledWarning(LOG, "lost connections to " + url, TimeUnit.SECONDS.toNanos(10));
    }

    /** A client id no other connection uses: {@code maestro-} and 12 random hex digits. */
    static String newClientId() {
        return "maestro-" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    /** Why the broker refused the login, naming the user and the URL without the password. */
    static String loginRefused(MqttUrl url, Exception e) {
        return url.user() == null
                ? "the MQTT broker at " + url + " refused the connection without credentials (" + describe(e)
                        + "): give a user and password in the URL, e.g. mqtt://user:password@host:1883/topic"
                : "the MQTT broker at " + url + " refused the login of user '" + url.user() + "' (" + describe(e)
                        + "): check the user name and password in the URL";
    }

    /** The wait for a Paho client's connection, up to a number of milliseconds. */
    @FunctionalInterface
    interface Connect {
        void waitUpTo(long millis) throws Exception;
    }

    /**
     * Connects through {@code connect}, waiting up to {@code timeout}; when it fails, closes this connection and
     * throws naming the URL and why: the broker refused the login ({@code loginRefused} tells that failure), TLS
     * failed, or else the failure and {@code checks}, what to check.
     *
     * @param over    how the connection was attempted, after the timeout in the message (e.g. " over MQTT 5"), or ""
     */
    final void connect(Connect connect, Duration timeout, Predicate<Exception> loginRefused, String over, String checks)
            throws DriverException {
        try {
            connect.waitUpTo(Math.max(1, timeout.toMillis()));
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            close();
            if (loginRefused.test(e)) {
                throw new DriverException(loginRefused(url, e), e);
            }
            String tls = TlsFailures.explain(e, url.host());
            if (tls != null) {
                throw new DriverException("cannot connect to " + url + ": " + tls, e);
            }
            throw new DriverException(
                    "cannot connect to " + url + " within " + timeout.toMillis() + " ms" + over + ": " + describe(e)
                            + ": " + checks,
                    e);
        }
    }

    /** A publisher on this connection's client, whose publishes fail once the connection is gone. */
    protected abstract PahoProducer newProducer(OutcomeListener outcomes) throws DriverException;

    /**
     * Subscribes to the URL's subscription at its QoS and waits up to {@code millis} for the broker's answer: null
     * when the broker granted it, else what the refusal says beyond its fact ({@code ""} over MQTT 3.1.1,
     * {@code " with reason code 0x87 (Not authorized)"} over MQTT 5).
     */
    protected abstract String subscribe(long millis) throws Exception;

    /** Subscribes again after Paho reconnected, without waiting; calls one of the two when the broker answered. */
    protected abstract void resubscribe(Runnable done, java.util.function.Consumer<Throwable> failed) throws Exception;

    /** Undoes the subscription, without waiting. */
    protected abstract void unsubscribe() throws Exception;

    /** True while the client is connected. */
    protected abstract boolean connected();

    /** Disconnects, letting publishes on the wire complete for up to {@code quiesceMillis}, and waits for it. */
    protected abstract void disconnect(long quiesceMillis) throws Exception;

    /** Closes the client for good. */
    protected abstract void closeClient() throws Exception;

    @Override
    public final DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        if (url.topic().contains("+") || url.topic().contains("#")) {
            throw new DriverException("cannot publish to " + url + ": the topic '" + url.topic()
                    + "' has a wildcard (+ or #); senders need a topic name without wildcards");
        }
        PahoProducer created = newProducer(outcomes);
        producer = created;
        return created;
    }

    @Override
    public final DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        consumer = callback;
        String refused;
        try {
            refused = subscribe(SUBSCRIBE_MILLIS);
        } catch (Exception e) {
            consumer = null;
            throw new DriverException(
                    "cannot subscribe to '" + url.subscription() + "' at " + url + ": " + describe(e), e);
        }
        if (refused != null) {
            consumer = null;
            throw new DriverException("the broker refused the subscription to '" + url.subscription() + "' at "
                    + url + refused + ": check the broker's access control for this topic"
                    + (url.share() != null ? " and that it supports shared subscriptions" : ""));
        }
        return () -> {
            consumer = null;
            if (connected()) {
                try {
                    unsubscribe();
                } catch (Exception e) {
                    LOG.debug("unsubscribing from {} at {}: {}", url.subscription(), url, e.getMessage());
                }
            }
        };
    }

    @Override
    public final boolean failed() {
        return failed || closed || reconnecting.passed();
    }

    @Override
    public final Throwable failure() {
        return failure;
    }

    /** On Paho's thread: the connection was lost; Paho reconnects by itself with {@code reconnect=true}. */
    protected final void lost(Throwable cause) {
        failure = cause;
        reconnecting.lost();
        losses.record(describe(cause) + (url.reconnect() ? "; reconnecting" : ""));
        if (!url.reconnect()) {
            failed = true;
        }
    }

    /** On Paho's thread: connected, at first or again; after a reconnection the consumer subscribes again. */
    protected final void connected(boolean again) {
        reconnecting.connected();
        if (!again || consumer == null || closed) {
            return;
        }
        try {
            resubscribe(
                    () -> LOG.info("connected again to {} and subscribed to '{}'", url, url.subscription()),
                    this::resubscribeFailed);
        } catch (Exception e) {
            resubscribeFailed(e);
        }
    }

    private void resubscribeFailed(Throwable e) {
        failure = e;
        failed = true;
        LOG.warn(
                "connected again to {} but could not subscribe to '{}' again: {}",
                url,
                url.subscription(),
                describe(e));
    }

    /**
     * On Paho's thread: hands a message to the consumer (none yet: dropped), stamped now; an exception thrown to Paho
     * would close the connection, so a failed recording is logged and receiving goes on.
     */
    protected final void arrived(byte[] payload) {
        long receiveMicros = clock.nowMicros();
        ConsumerCallback callback = consumer;
        if (callback == null) {
            return;
        }
        try {
            callback.onMessage(payload, receiveMicros);
        } catch (RuntimeException e) {
            LOG.error("recording a message from {} failed", url, e);
        }
    }

    @Override
    public final void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (connected()) {
                disconnect(CLOSE_QUIESCE_MILLIS);
            }
        } catch (Exception e) {
            LOG.debug("disconnecting from {}: {}", url, e.getMessage());
        }
        try {
            closeClient();
        } catch (Exception e) {
            LOG.debug("closing the client of {}: {}", url, e.getMessage());
        }
        PahoProducer sending = producer;
        if (sending != null) {
            sending.failPending("the connection to " + url + " was closed before the broker acknowledged the message");
        }
    }
}

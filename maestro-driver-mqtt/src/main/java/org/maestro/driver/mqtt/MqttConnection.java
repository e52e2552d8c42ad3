package org.maestro.driver.mqtt;

import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.maestro.driver.ConsumerCallback;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverConsumer;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.MicroClock;
import org.maestro.driver.OutcomeListener;
import org.maestro.driver.ThrottledWarning;
import org.maestro.driver.TlsFailures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MQTT 3.1.1 connection (one Paho client with in-memory persistence) to one topic, with at most one consumer. With
 * {@code reconnect=true} Paho reconnects by itself and the consumer's subscription is made again; the connection then
 * only counts as {@link #failed()} when it was closed or Paho has not reconnected within
 * {@value ReconnectDeadline#GIVE_UP_SECONDS} s. Paho calls back on its own threads; {@link #close()} and
 * {@link #failed()} may be called from any thread.
 */
final class MqttConnection implements DriverConnection, MqttCallbackExtended {
    private static final Logger LOG = LoggerFactory.getLogger(MqttConnection.class);
    /** The longest wait between two of Paho's reconnection attempts. */
    static final int MAX_RECONNECT_DELAY_MILLIS = 2_000;
    /** How long closing waits for publishes on the wire to complete. */
    static final long CLOSE_QUIESCE_MILLIS = 5_000;

    private final MqttUrl url;
    private final MicroClock clock;
    private final MqttAsyncClient client;
    private final ThrottledWarning losses;
    private volatile ConsumerCallback consumer;
    private volatile MqttProducer producer;
    private volatile Throwable failure;
    private volatile boolean failed;
    private volatile boolean closed;
    private final ReconnectDeadline reconnecting = new ReconnectDeadline();

    private MqttConnection(MqttUrl url, MicroClock clock, MqttAsyncClient client) {
        this.url = url;
        this.clock = clock;
        this.client = client;
        this.losses = new ThrottledWarning(LOG, "lost connections to " + url, TimeUnit.SECONDS.toNanos(10));
    }

    /** Connects to the URL's broker within {@code timeout}; throws naming the URL and the broker's answer. */
    static MqttConnection open(MqttUrl url, MicroClock clock, Duration timeout) throws DriverException {
        MqttAsyncClient client;
        try {
            client = new MqttAsyncClient(url.serverUri(), newClientId(), new MemoryPersistence());
        } catch (MqttException | IllegalArgumentException e) {
            throw new DriverException("cannot use " + url + ": " + e.getMessage(), e);
        }
        MqttConnection connection = new MqttConnection(url, clock, client);
        client.setCallback(connection);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setCleanSession(url.clean());
        options.setAutomaticReconnect(url.reconnect());
        options.setMaxReconnectDelay(MAX_RECONNECT_DELAY_MILLIS);
        options.setConnectionTimeout((int) Math.max(1, timeout.toSeconds()));
        // the producer keeps its own window of url.inflight() publishes; Paho's limit must never refuse one
        options.setMaxInflight(MqttUrl.MAX_INFLIGHT);
        if (url.user() != null) {
            options.setUserName(url.user());
        }
        if (url.password() != null) {
            options.setPassword(url.password().toCharArray());
        }
        try {
            client.connect(options).waitForCompletion(Math.max(1, timeout.toMillis()));
        } catch (MqttException e) {
            connection.close();
            if (e.getReasonCode() == MqttException.REASON_CODE_FAILED_AUTHENTICATION
                    || e.getReasonCode() == MqttException.REASON_CODE_NOT_AUTHORIZED) {
                throw new DriverException(loginRefused(url, e), e);
            }
            String tls = TlsFailures.explain(e, url.host());
            if (tls != null) {
                throw new DriverException("cannot connect to " + url + ": " + tls, e);
            }
            throw new DriverException("cannot connect to " + url + " within " + timeout.toMillis() + " ms: "
                    + describe(e) + ": is the MQTT broker running and reachable, and are the user name and password "
                    + "right?", e);
        }
        return connection;
    }

    /** Why the broker refused the login, naming the user and the URL without the password. */
    static String loginRefused(MqttUrl url, Exception e) {
        return url.user() == null
                ? "the MQTT broker at " + url + " refused the connection without credentials (" + describe(e)
                        + "): give a user and password in the URL, e.g. mqtt://user:password@host:1883/topic"
                : "the MQTT broker at " + url + " refused the login of user '" + url.user() + "' (" + describe(e)
                        + "): check the user name and password in the URL";
    }

    /** A client id no other connection uses: {@code maestro-} and 12 random hex digits. */
    static String newClientId() {
        return "maestro-" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    }

    /** Paho's message with the cause that says more, e.g. "Unable to connect to server (Connection refused)". */
    static String describe(Throwable e) {
        String text = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        Throwable cause = e.getCause();
        if (cause != null && cause != e && cause.getMessage() != null && !text.contains(cause.getMessage())) {
            text += " (" + cause.getMessage() + ")";
        }
        return text;
    }

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        if (url.topic().contains("+") || url.topic().contains("#")) {
            throw new DriverException("cannot publish to " + url + ": the topic '" + url.topic()
                    + "' has a wildcard (+ or #); senders need a topic name without wildcards");
        }
        MqttProducer created = new MqttProducer(client, url, outcomes, this::closedOrFailed);
        producer = created;
        return created;
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        consumer = callback;
        try {
            IMqttToken token = client.subscribe(url.subscription(), url.qos());
            token.waitForCompletion(TimeUnit.SECONDS.toMillis(30));
            int[] granted = token.getGrantedQos();
            if (granted != null && granted.length > 0 && granted[0] == 0x80) {
                consumer = null;
                throw new DriverException("the broker refused the subscription to '" + url.subscription() + "' at "
                        + url + ": check the broker's access control for this topic"
                        + (url.share() != null ? " and that it supports shared subscriptions" : ""));
            }
        } catch (MqttException e) {
            consumer = null;
            throw new DriverException("cannot subscribe to '" + url.subscription() + "' at " + url + ": "
                    + describe(e), e);
        }
        return () -> {
            consumer = null;
            if (client.isConnected()) {
                try {
                    client.unsubscribe(url.subscription());
                } catch (MqttException e) {
                    LOG.debug("unsubscribing from {} at {}: {}", url.subscription(), url, e.getMessage());
                }
            }
        };
    }

    private boolean closedOrFailed() {
        return closed || failed;
    }

    @Override
    public boolean failed() {
        return failed || closed || reconnecting.passed();
    }

    @Override
    public Throwable failure() {
        return failure;
    }

    @Override
    public void connectionLost(Throwable cause) {
        failure = cause;
        reconnecting.lost();
        losses.record(describe(cause) + (url.reconnect() ? "; reconnecting" : ""));
        if (!url.reconnect()) {
            failed = true;
        }
    }

    @Override
    public void connectComplete(boolean reconnect, String serverUri) {
        reconnecting.connected();
        if (!reconnect || consumer == null || closed) {
            return;
        }
        try {
            client.subscribe(url.subscription(), url.qos(), null, new IMqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    LOG.info("connected again to {} and subscribed to '{}'", url, url.subscription());
                }

                @Override
                public void onFailure(IMqttToken token, Throwable e) {
                    failure = e;
                    failed = true;
                    LOG.warn("connected again to {} but could not subscribe to '{}' again: {}", url,
                            url.subscription(), describe(e));
                }
            });
        } catch (MqttException e) {
            failure = e;
            failed = true;
            LOG.warn("connected again to {} but could not subscribe to '{}' again: {}", url, url.subscription(),
                    describe(e));
        }
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        deliver(consumer, message.getPayload(), clock.nowMicros(), url);
    }

    /**
     * Hands a message to the consumer (none yet: dropped), for both MQTT versions; an exception thrown to Paho would
     * close the connection, so a failed recording is logged and receiving goes on.
     */
    static void deliver(ConsumerCallback callback, byte[] payload, long receiveMicros, MqttUrl url) {
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
    public void deliveryComplete(IMqttDeliveryToken token) {
        // outcomes are heard through each publish's own listener (MqttProducer)
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (client.isConnected()) {
                client.disconnect(CLOSE_QUIESCE_MILLIS).waitForCompletion(CLOSE_QUIESCE_MILLIS + 1_000);
            }
        } catch (MqttException e) {
            LOG.debug("disconnecting from {}: {}", url, e.getMessage());
        }
        try {
            client.close(true);
        } catch (MqttException e) {
            LOG.debug("closing the client of {}: {}", url, e.getMessage());
        }
        MqttProducer sending = producer;
        if (sending != null) {
            sending.failPending("the connection to " + url + " was closed before the broker acknowledged the message");
        }
    }
}

package org.maestro.driver.mqtt;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.client.MqttCallback;
import org.eclipse.paho.mqttv5.client.MqttConnectionOptions;
import org.eclipse.paho.mqttv5.client.MqttDisconnectResponse;
import org.eclipse.paho.mqttv5.client.persist.MemoryPersistence;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
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
 * One MQTT 5 connection (one Paho MQTT v5 client with in-memory persistence) to one topic, with at most one
 * consumer. With {@code reconnect=true} Paho reconnects by itself and the consumer's subscription is made again; the
 * connection then only counts as {@link #failed()} when it was closed or Paho has not reconnected within
 * {@value ReconnectDeadline#GIVE_UP_SECONDS} s. Paho calls back on its own threads; {@link #close()} and
 * {@link #failed()} may be called from any thread.
 */
final class Mqtt5Connection implements DriverConnection, MqttCallback {
    private static final Logger LOG = LoggerFactory.getLogger(Mqtt5Connection.class);
    /** How long the broker keeps the session of a {@code clean=false} connection after it is gone, in seconds. */
    static final long KEPT_SESSION_SECONDS = 600;
    /** The Receive Maximum a broker that announces none allows (MQTT 5: 65,535). */
    static final int PROTOCOL_RECEIVE_MAXIMUM = 65_535;

    private final MqttUrl url;
    private final MicroClock clock;
    private final MqttAsyncClient client;
    private final ThrottledWarning losses;
    private volatile int serverReceiveMaximum = PROTOCOL_RECEIVE_MAXIMUM;
    private volatile ConsumerCallback consumer;
    private volatile Mqtt5Producer producer;
    private volatile Throwable failure;
    private volatile boolean failed;
    private volatile boolean closed;
    private final ReconnectDeadline reconnecting = new ReconnectDeadline();

    private Mqtt5Connection(MqttUrl url, MicroClock clock, MqttAsyncClient client) {
        this.url = url;
        this.clock = clock;
        this.client = client;
        this.losses = new ThrottledWarning(LOG, "lost connections to " + url, TimeUnit.SECONDS.toNanos(10));
    }

    /** Connects to the URL's broker within {@code timeout}; throws naming the URL and the broker's answer. */
    static Mqtt5Connection open(MqttUrl url, MicroClock clock, Duration timeout) throws DriverException {
        MqttAsyncClient client;
        try {
            client = new MqttAsyncClient(url.serverUri(), MqttConnection.newClientId(), new MemoryPersistence());
        } catch (MqttException | IllegalArgumentException e) {
            throw new DriverException("cannot use " + url + ": " + e.getMessage(), e);
        }
        Mqtt5Connection connection = new Mqtt5Connection(url, clock, client);
        client.setCallback(connection);
        MqttConnectionOptions options = new MqttConnectionOptions();
        options.setCleanStart(url.clean());
        if (!url.clean()) {
            options.setSessionExpiryInterval(KEPT_SESSION_SECONDS);
        }
        options.setAutomaticReconnect(url.reconnect());
        options.setAutomaticReconnectDelay(1, (int) TimeUnit.MILLISECONDS.toSeconds(
                MqttConnection.MAX_RECONNECT_DELAY_MILLIS));
        options.setConnectionTimeout((int) Math.max(1, timeout.toSeconds()));
        if (url.user() != null) {
            options.setUserName(url.user());
        }
        if (url.password() != null) {
            options.setPassword(url.password().getBytes(StandardCharsets.UTF_8));
        }
        try {
            IMqttToken connected = client.connect(options);
            connected.waitForCompletion(Math.max(1, timeout.toMillis()));
            MqttProperties answer = connected.getResponseProperties();
            if (answer != null && answer.getReceiveMaximum() != null) {
                connection.serverReceiveMaximum = answer.getReceiveMaximum();
            }
        } catch (MqttException e) {
            connection.close();
            String tls = TlsFailures.explain(e, url.host());
            if (tls != null) {
                throw new DriverException("cannot connect to " + url + ": " + tls, e);
            }
            throw new DriverException("cannot connect to " + url + " within " + timeout.toMillis() + " ms over MQTT 5: "
                    + MqttConnection.describe(e) + ": is the MQTT broker running and reachable, does it speak MQTT 5 "
                    + "(else leave version=5 out), and are the user name and password right?", e);
        }
        return connection;
    }

    @Override
    public DriverProducer createProducer(OutcomeListener outcomes) throws DriverException {
        if (url.topic().contains("+") || url.topic().contains("#")) {
            throw new DriverException("cannot publish to " + url + ": the topic '" + url.topic()
                    + "' has a wildcard (+ or #); senders need a topic name without wildcards");
        }
        int window = Math.min(url.inflight(), serverReceiveMaximum);
        if (window < url.inflight()) {
            LOG.info("{}: the broker accepts at most {} unacknowledged publishes (its Receive Maximum), fewer than "
                    + "inflight={}; sends wait for room beyond that", url, window, url.inflight());
        }
        Mqtt5Producer created = new Mqtt5Producer(client, url, window, outcomes, this::failed);
        producer = created;
        return created;
    }

    @Override
    public DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException {
        consumer = callback;
        try {
            IMqttToken token = client.subscribe(url.subscription(), url.qos());
            token.waitForCompletion(TimeUnit.SECONDS.toMillis(30));
            int[] codes = token.getReasonCodes();
            if (codes != null && codes.length > 0 && ReasonCodes.refused(codes[0])) {
                consumer = null;
                throw new DriverException("the broker refused the subscription to '" + url.subscription() + "' at "
                        + url + " with reason code " + ReasonCodes.describe(codes[0])
                        + ": check the broker's access control for this topic"
                        + (url.share() != null ? " and that it supports shared subscriptions" : ""));
            }
        } catch (MqttException e) {
            consumer = null;
            throw new DriverException("cannot subscribe to '" + url.subscription() + "' at " + url + ": "
                    + MqttConnection.describe(e), e);
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

    @Override
    public boolean failed() {
        return failed || closed || reconnecting.passed();
    }

    @Override
    public Throwable failure() {
        return failure;
    }

    @Override
    public void disconnected(MqttDisconnectResponse response) {
        Throwable cause = response.getException() != null ? response.getException()
                : new DriverException("the broker disconnected with reason code "
                        + ReasonCodes.describe(response.getReturnCode())
                        + (response.getReasonString() == null ? "" : ": " + response.getReasonString()));
        failure = cause;
        reconnecting.lost();
        losses.record(MqttConnection.describe(cause) + (url.reconnect() ? "; reconnecting" : ""));
        if (!url.reconnect()) {
            failed = true;
        }
    }

    @Override
    public void mqttErrorOccurred(MqttException e) {
        LOG.warn("MQTT error on {}: {}", url, MqttConnection.describe(e));
    }

    @Override
    public void connectComplete(boolean reconnect, String serverUri) {
        reconnecting.connected();
        if (!reconnect || consumer == null || closed) {
            return;
        }
        try {
            client.subscribe(url.subscription(), url.qos(), null, new MqttActionListener() {
                @Override
                public void onSuccess(IMqttToken token) {
                    LOG.info("connected again to {} and subscribed to '{}'", url, url.subscription());
                }

                @Override
                public void onFailure(IMqttToken token, Throwable e) {
                    resubscribeFailed(e);
                }
            });
        } catch (MqttException e) {
            resubscribeFailed(e);
        }
    }

    private void resubscribeFailed(Throwable e) {
        failure = e;
        failed = true;
        LOG.warn("connected again to {} but could not subscribe to '{}' again: {}", url, url.subscription(),
                MqttConnection.describe(e));
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        MqttConnection.deliver(consumer, message.getPayload(), clock.nowMicros(), url);
    }

    @Override
    public void deliveryComplete(IMqttToken token) {
        // outcomes are heard through each publish's own listener (Mqtt5Producer)
    }

    @Override
    public void authPacketArrived(int reasonCode, MqttProperties properties) {
        // the driver uses no enhanced authentication
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (client.isConnected()) {
                client.disconnect(MqttConnection.CLOSE_QUIESCE_MILLIS)
                        .waitForCompletion(MqttConnection.CLOSE_QUIESCE_MILLIS + 1_000);
            }
        } catch (MqttException e) {
            LOG.debug("disconnecting from {}: {}", url, e.getMessage());
        }
        try {
            client.close(true);
        } catch (MqttException e) {
            LOG.debug("closing the client of {}: {}", url, e.getMessage());
        }
        Mqtt5Producer sending = producer;
        if (sending != null) {
            sending.failPending("the connection to " + url + " was closed before the broker acknowledged the message");
        }
    }
}

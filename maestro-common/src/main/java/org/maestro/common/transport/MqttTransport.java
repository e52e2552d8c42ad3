package org.maestro.common.transport;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.maestro.common.protocol.NoteCodec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Moves bytes between Maestro nodes over an MQTT 3.1.1 broker (Eclipse Paho): publishes, subscribes, reconnects
 * automatically and subscribes again after a reconnect, and leaves a last-will message with the broker. A message
 * larger than {@link NoteCodec#MAX_NOTE_BYTES} is dropped (and logged) before a handler sees it.
 *
 * <p>Thread-safe. Handlers are called on Paho's callback thread and must hand work off quickly; they must not
 * publish with QoS &gt; 0 and wait for it on that thread.
 */
public final class MqttTransport implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MqttTransport.class);

    private final MqttEndpoint endpoint;
    private final MqttAsyncClient client;
    private final Map<String, Subscription> subscriptions = new ConcurrentHashMap<>();
    private final Duration operationTimeout;
    private volatile Runnable onReconnect = () -> {};

    private record Subscription(int qos, BiConsumer<String, byte[]> handler) {}

    private MqttTransport(MqttEndpoint endpoint, MqttAsyncClient client, Duration operationTimeout) {
        this.endpoint = endpoint;
        this.client = client;
        this.operationTimeout = operationTimeout;
    }

    /** Options of a connection: client id, last will, keep-alive and timeouts. */
    public record Options(
            String clientId,
            String willTopic,
            byte[] willPayload,
            int willQos,
            Duration keepAlive,
            Duration connectTimeout) {
        /** Options without a last will: keep-alive 10 s, connect timeout 5 s. */
        public static Options of(String clientId) {
            return new Options(clientId, null, null, 0, Duration.ofSeconds(10), Duration.ofSeconds(5));
        }

        /** The same options with a last-will message. */
        public Options withWill(String topic, byte[] payload, int qos) {
            return new Options(clientId, topic, payload, qos, keepAlive, connectTimeout);
        }

        /** The same options with another keep-alive interval. */
        public Options withKeepAlive(Duration interval) {
            return new Options(clientId, willTopic, willPayload, willQos, interval, connectTimeout);
        }
    }

    /**
     * Connects to the broker.
     *
     * @throws TransportException naming the URL (never the password) and saying what to do when the broker cannot be
     *     reached within the connect timeout, refuses the login, or the TLS handshake fails
     */
    public static MqttTransport connect(MqttEndpoint endpoint, Options options) throws TransportException {
        MqttAsyncClient client;
        try {
            client = new MqttAsyncClient(endpoint.pahoUri(), options.clientId(), new MemoryPersistence());
        } catch (MqttException e) {
            throw new TransportException("cannot create an MQTT client for " + endpoint + ": " + e.getMessage(), e);
        }
        MqttTransport transport =
                new MqttTransport(endpoint, client, options.connectTimeout().plusSeconds(5));
        client.setCallback(transport.new Callback());
        MqttConnectOptions connect = new MqttConnectOptions();
        connect.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        connect.setCleanSession(true);
        connect.setAutomaticReconnect(true);
        connect.setMaxReconnectDelay(2000);
        connect.setKeepAliveInterval((int) Math.max(1, options.keepAlive().toSeconds()));
        connect.setConnectionTimeout((int) Math.max(1, options.connectTimeout().toSeconds()));
        connect.setMaxInflight(1000);
        connect.setSocketFactory(endpoint.tls() ? NoDelaySockets.tls() : NoDelaySockets.plain());
        if (endpoint.user() != null) {
            connect.setUserName(endpoint.user());
        }
        if (endpoint.password() != null) {
            connect.setPassword(endpoint.password());
        }
        if (options.willTopic() != null) {
            connect.setWill(options.willTopic(), options.willPayload(), options.willQos(), false);
        }
        try {
            client.connect(connect)
                    .waitForCompletion(options.connectTimeout().plusSeconds(1).toMillis());
        } catch (MqttException e) {
            closeQuietly(client);
            throw new TransportException(ConnectFailure.explain(endpoint, e), e);
        }
        LOG.debug("connected to {} as {}", endpoint, options.clientId());
        return transport;
    }

    /** Subscribes a handler to a topic; the subscription is renewed after every reconnect. */
    public void subscribe(String topic, int qos, BiConsumer<String, byte[]> handler) throws TransportException {
        subscriptions.put(topic, new Subscription(qos, handler));
        try {
            client.subscribe(topic, qos).waitForCompletion(operationTimeout.toMillis());
        } catch (MqttException e) {
            throw new TransportException(ConnectFailure.refusedSubscription(endpoint, topic, e), e);
        }
    }

    /**
     * Publishes bytes and waits until the broker has taken them (QoS 1/2) or they are sent (QoS 0).
     *
     * @throws TransportException when the broker is unreachable for longer than the operation timeout
     */
    public void publish(String topic, byte[] payload, int qos) throws TransportException {
        long deadline = System.nanoTime() + operationTimeout.toNanos();
        while (true) {
            try {
                MqttMessage message = new MqttMessage(payload);
                message.setQos(qos);
                client.publish(topic, message).waitForCompletion(operationTimeout.toMillis());
                return;
            } catch (MqttException e) {
                boolean retryable = e.getReasonCode() == MqttException.REASON_CODE_CLIENT_NOT_CONNECTED
                        || e.getReasonCode() == MqttException.REASON_CODE_MAX_INFLIGHT
                        || e.getReasonCode() == MqttException.REASON_CODE_CONNECTION_LOST;
                if (!retryable || System.nanoTime() > deadline) {
                    throw new TransportException(
                            "cannot publish to " + topic + " on " + endpoint + ": " + describe(e), e);
                }
                sleepQuietly(100);
            }
        }
    }

    /** Sets what to do after an automatic reconnect (after the subscriptions are renewed). */
    public void onReconnect(Runnable action) {
        this.onReconnect = action;
    }

    /** True while connected to the broker. */
    public boolean isConnected() {
        return client.isConnected();
    }

    /** The broker this transport talks to. */
    public MqttEndpoint endpoint() {
        return endpoint;
    }

    /**
     * Drops the connection without an MQTT DISCONNECT, as a crash would: the broker then publishes the last will.
     * For fault-injection tests.
     */
    public void dropConnection() {
        try {
            client.disconnectForcibly(0, 1000, false);
        } catch (MqttException e) {
            LOG.debug("forced disconnect of {}: {}", endpoint, e.getMessage());
        }
        closeQuietly(client);
    }

    /** Disconnects cleanly (the last will is not published). */
    @Override
    public void close() {
        subscriptions.clear();
        try {
            if (client.isConnected()) {
                client.disconnect(1000).waitForCompletion(2000);
            }
        } catch (MqttException | RuntimeException e) {
            LOG.debug("disconnect from {}: {}", endpoint, e.getMessage());
            try {
                client.disconnectForcibly(0, 1000, true);
            } catch (MqttException | RuntimeException ignored) {
                // already gone; Paho throws a NullPointerException when its connection was never set up or is
                // being set up again at that moment
            }
        }
        closeQuietly(client);
    }

    private static void closeQuietly(MqttAsyncClient client) {
        try {
            client.setCallback(null);
            client.close(true);
        } catch (MqttException | RuntimeException e) {
            LOG.trace("close: {}", e.getMessage());
        }
    }

    private static String describe(MqttException e) {
        return ConnectFailure.describe(e);
    }

    private static void sleepQuietly(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private final class Callback implements MqttCallbackExtended {
        @Override
        public void connectComplete(boolean reconnect, String serverUri) {
            if (!reconnect) {
                return;
            }
            LOG.info("reconnected to {}; subscribing again", endpoint);
            for (Map.Entry<String, Subscription> entry : subscriptions.entrySet()) {
                try {
                    client.subscribe(entry.getKey(), entry.getValue().qos());
                } catch (MqttException e) {
                    LOG.warn("cannot subscribe again to {} on {}: {}", entry.getKey(), endpoint, describe(e));
                }
            }
            onReconnect.run();
        }

        @Override
        public void connectionLost(Throwable cause) {
            LOG.warn("lost the connection to the control broker {}: {}; reconnecting", endpoint, cause.toString());
        }

        @Override
        public void messageArrived(String topic, MqttMessage message) {
            Subscription subscription = subscriptions.get(topic);
            if (subscription == null) {
                return;
            }
            if (message.getPayload().length > NoteCodec.MAX_NOTE_BYTES) {
                LOG.warn(
                        "dropped a message of {} bytes on {}: larger than the limit of {} bytes for one note",
                        message.getPayload().length,
                        topic,
                        NoteCodec.MAX_NOTE_BYTES);
                return;
            }
            try {
                subscription.handler().accept(topic, message.getPayload());
            } catch (RuntimeException e) {
                LOG.error("handler of {} failed: {}", topic, e.toString(), e);
            }
        }

        @Override
        public void deliveryComplete(IMqttDeliveryToken token) {
            // nothing to do: publish waits for completion
        }
    }
}

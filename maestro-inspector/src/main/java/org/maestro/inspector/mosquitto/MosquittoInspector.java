package org.maestro.inspector.mosquitto;

import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.AbstractInspector;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionException.Kind;
import org.maestro.inspector.Sample;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Inspects a Mosquitto broker through its {@code $SYS/#} topics: one MQTT connection (Paho) subscribed to them keeps
 * the last value of each, and a poll writes those values, so a poll makes no request. Mosquitto publishes them every
 * {@code sys_interval} seconds (10 by default, 0 turns them off) and keeps them retained, so the first values arrive
 * as soon as the subscription is made. The connection is made again at the next poll after it was lost.
 */
public final class MosquittoInspector extends AbstractInspector {
    /** The name used in START_INSPECTOR and INSPECTOR_NAME. */
    public static final String NAME = "mosquitto";

    private static final Logger LOG = LoggerFactory.getLogger(MosquittoInspector.class);
    private static final String SYS = "$SYS/broker/";

    private final ManagementUrl url;
    private final Duration timeout;
    private final Map<String, String> values = new ConcurrentHashMap<>();
    private MqttClient client;
    private volatile boolean closed;

    /** An inspector of the broker at {@code mqtt://host:1883} or {@code mqtts://host:8883}; no connection yet. */
    public MosquittoInspector(ManagementUrl url, Duration timeout) {
        super(NAME, MosquittoDataSets.ALL, "Mosquitto");
        if (!url.hasScheme("mqtt")) {
            throw new IllegalArgumentException("the mosquitto inspector subscribes to $SYS/# over MQTT: set "
                    + "MANAGEMENT_INTERFACE to a URL such as mqtt://broker:1883, not " + url.redacted());
        }
        this.url = url;
        this.timeout = timeout;
    }

    @Override
    public synchronized void connect() throws InspectionException {
        if (closed) {
            throw new InspectionException(Kind.STOPPED, "the inspection of " + url.redacted() + " was stopped");
        }
        disconnect();
        String serverUri = (url.scheme().equals("mqtts") ? "ssl://" : "tcp://") + url.host() + ":"
                + url.port(url.scheme().equals("mqtts") ? 8883 : 1883);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setAutomaticReconnect(false);
        options.setConnectionTimeout((int) Math.max(1, (timeout.toMillis() + 999) / 1000));
        options.setKeepAliveInterval(30);
        url.user().ifPresent(options::setUserName);
        url.password().ifPresent(password -> options.setPassword(password.toCharArray()));
        try {
            MqttClient connecting =
                    new MqttClient(serverUri, "maestro-inspector-" + UUID.randomUUID(), new MemoryPersistence());
            connecting.setTimeToWait(timeout.toMillis());
            client = connecting;
            connecting.connect(options);
            connecting.subscribe(
                    "$SYS/#",
                    0,
                    (topic, message) ->
                            values.put(topic, new String(message.getPayload(), StandardCharsets.UTF_8).trim()));
        } catch (MqttException e) {
            disconnect();
            throw failure(e);
        }
        awaitVersion();
        facts.put("sut.version", values.get(SYS + "version").replaceFirst("^mosquitto version ", ""));
    }

    /** Waits for the retained {@code $SYS/broker/version} that Mosquitto sends at once on subscription. */
    private void awaitVersion() throws InspectionException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!values.containsKey(SYS + "version")) {
            if (closed) {
                disconnect();
                throw new InspectionException(Kind.STOPPED, "the inspection of " + url.redacted() + " was stopped");
            }
            if (System.nanoTime() - deadline > 0) {
                disconnect();
                throw new InspectionException(
                        Kind.BAD_REPLY,
                        url.redacted() + " sent no $SYS/broker/version within "
                                + timeout.toMillis()
                                + " ms of subscribing to $SYS/#; is it Mosquitto, with sys_interval "
                                + "above 0 and $SYS readable by this user?");
            }
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                disconnect();
                throw new InspectionException(Kind.STOPPED, "the inspection of " + url.redacted() + " was stopped");
            }
        }
    }

    private InspectionException failure(MqttException e) {
        Throwable cause = e.getCause();
        int code = e.getReasonCode();
        if (code == MqttException.REASON_CODE_FAILED_AUTHENTICATION
                || code == MqttException.REASON_CODE_NOT_AUTHORIZED) {
            return new InspectionException(
                    Kind.UNAUTHORIZED,
                    url.redacted()
                            + (url.user().isPresent()
                                    ? " refused the credentials of user '"
                                            + url.user().get() + "'; check the user and password"
                                            + " in MANAGEMENT_INTERFACE"
                                    : " refused an anonymous client; give a user and password in "
                                            + "MANAGEMENT_INTERFACE, e.g. mqtt://user:password@" + url.host() + ":"
                                            + url.port(1883)),
                    e);
        }
        if (code == MqttException.REASON_CODE_CLIENT_TIMEOUT || cause instanceof SocketTimeoutException) {
            return new InspectionException(
                    Kind.TIMEOUT,
                    url.redacted() + " did not answer within " + timeout.toMillis()
                            + " ms; the broker may be overloaded or restarting",
                    e);
        }
        if (closed) {
            return new InspectionException(Kind.STOPPED, "the inspection of " + url.redacted() + " was stopped", e);
        }
        if (code == MqttException.REASON_CODE_SERVER_CONNECT_ERROR
                || code == MqttException.REASON_CODE_CONNECTION_LOST
                || cause instanceof ConnectException
                || cause instanceof UnknownHostException) {
            return new InspectionException(
                    Kind.UNREACHABLE,
                    "cannot connect to " + url.redacted() + " ("
                            + (cause != null && cause.getMessage() != null ? cause.getMessage() : e.getMessage())
                            + "); is the broker running and is MANAGEMENT_INTERFACE right?",
                    e);
        }
        return new InspectionException(
                Kind.BAD_REPLY,
                url.redacted() + " refused the MQTT connection or the " + "subscription to $SYS/#: " + e.getMessage()
                        + " (reason " + code + ")",
                e);
    }

    @Override
    public synchronized Sample poll() throws InspectionException {
        if (client == null || !client.isConnected()) {
            if (client != null) {
                LOG.debug("MQTT connection to {} lost; connecting again", url.redacted());
            }
            connect();
        }
        Sample sample = new Sample();
        sample.add(MosquittoDataSets.BROKER, numbers(MosquittoDataSets.BROKER_TOPICS));
        sample.add(MosquittoDataSets.TRAFFIC, numbers(MosquittoDataSets.TRAFFIC_TOPICS));
        for (String window : MosquittoDataSets.WINDOWS) {
            List<Object> row = new ArrayList<>();
            row.add(window);
            for (String topic : MosquittoDataSets.LOAD_TOPICS) {
                row.add(number(topic + "/" + window));
            }
            sample.add(MosquittoDataSets.LOAD, row);
        }
        return sample;
    }

    private List<Object> numbers(List<String> topics) {
        List<Object> row = new ArrayList<>(topics.size());
        for (String topic : topics) {
            row.add(
                    topic.equals("clients/connected") && !values.containsKey(SYS + topic)
                            ? number("clients/active")
                            : number(topic));
        }
        return row;
    }

    /**
     * The number at the start of a {@code $SYS/broker/} topic's last value ({@code 12}, {@code 0.53},
     * {@code 42 seconds}), or null (an empty cell) when the broker publishes no such topic.
     */
    private Object number(String topic) {
        String value = values.get(SYS + topic);
        if (value == null) {
            return null;
        }
        String leading = value.split("\\s+", 2)[0];
        try {
            return leading.contains(".") ? (Object) Double.parseDouble(leading) : (Object) Long.parseLong(leading);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private void disconnect() {
        MqttClient current = client;
        client = null;
        if (current == null) {
            return;
        }
        try {
            if (current.isConnected()) {
                current.disconnectForcibly(0, Math.max(1, timeout.toMillis()));
            }
        } catch (MqttException e) {
            LOG.debug("closing the MQTT connection to {}: {}", url.redacted(), e.getMessage());
        }
        try {
            current.close(true);
        } catch (MqttException e) {
            LOG.debug("closing the MQTT client of {}: {}", url.redacted(), e.getMessage());
        }
    }

    @Override
    public void close() {
        closed = true;
        synchronized (this) {
            disconnect();
        }
    }
}

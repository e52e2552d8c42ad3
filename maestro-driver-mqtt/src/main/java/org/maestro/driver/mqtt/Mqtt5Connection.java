package org.maestro.driver.mqtt;

import static org.maestro.driver.Causes.describe;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
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
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverException;
import org.maestro.driver.OutcomeListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One MQTT 5 connection: a {@link PahoConnection} over Paho's MQTT v5 client, whose acknowledgements carry reason
 * codes, and whose publish window is never larger than the Receive Maximum the broker announced.
 */
final class Mqtt5Connection extends PahoConnection implements MqttCallback {
    private static final Logger LOG = LoggerFactory.getLogger(Mqtt5Connection.class);
    /** How long the broker keeps the session of a {@code clean=false} connection after it is gone, in seconds. */
    static final long KEPT_SESSION_SECONDS = 600;
    /** The Receive Maximum a broker that announces none allows (MQTT 5: 65,535). */
    static final int PROTOCOL_RECEIVE_MAXIMUM = 65_535;
    /** CONNACK reason codes of a refused login: Bad User Name or Password, Not authorized. */
    private static final int BAD_LOGIN = 0x86;

    private static final int NOT_AUTHORIZED = 0x87;

    private final MqttAsyncClient client;
    private volatile int serverReceiveMaximum = PROTOCOL_RECEIVE_MAXIMUM;

    private Mqtt5Connection(MqttUrl url, MicroClock clock, MqttAsyncClient client) {
        super(url, clock);
        this.client = client;
    }

    /** Connects to the URL's broker within {@code timeout}; throws naming the URL and the broker's answer. */
    static Mqtt5Connection open(MqttUrl url, MicroClock clock, Duration timeout) throws DriverException {
        MqttAsyncClient client;
        try {
            client = new MqttAsyncClient(url.serverUri(), newClientId(), new MemoryPersistence());
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
        options.setAutomaticReconnectDelay(1, (int) TimeUnit.MILLISECONDS.toSeconds(MAX_RECONNECT_DELAY_MILLIS));
        options.setConnectionTimeout((int) Math.max(1, timeout.toSeconds()));
        if (url.user() != null) {
            options.setUserName(url.user());
        }
        if (url.password() != null) {
            options.setPassword(url.password().getBytes(StandardCharsets.UTF_8));
        }
        connection.connect(
                millis -> {
                    IMqttToken connected = client.connect(options);
                    connected.waitForCompletion(millis);
                    MqttProperties answer = connected.getResponseProperties();
                    if (answer != null && answer.getReceiveMaximum() != null) {
                        connection.serverReceiveMaximum = answer.getReceiveMaximum();
                    }
                },
                timeout,
                e -> e instanceof MqttException refused
                        && (refused.getReasonCode() == BAD_LOGIN || refused.getReasonCode() == NOT_AUTHORIZED),
                " over MQTT 5",
                "is the MQTT broker running and reachable, does it speak MQTT 5 (else leave version=5 out), and are the"
                        + " user name and password right?");
        return connection;
    }

    @Override
    protected PahoProducer newProducer(OutcomeListener outcomes) {
        int window = Math.min(url.inflight(), serverReceiveMaximum);
        if (window < url.inflight()) {
            LOG.info(
                    "{}: the broker accepts at most {} unacknowledged publishes (its Receive Maximum), fewer than "
                            + "inflight={}; sends wait for room beyond that",
                    url,
                    window,
                    url.inflight());
        }
        return new Mqtt5Producer(client, url, window, outcomes, this::failed);
    }

    @Override
    protected String subscribe(long millis) throws MqttException {
        IMqttToken token = client.subscribe(url.subscription(), url.qos());
        token.waitForCompletion(millis);
        int[] codes = token.getReasonCodes();
        return codes != null && codes.length > 0 && ReasonCodes.refused(codes[0])
                ? " with reason code " + ReasonCodes.describe(codes[0])
                : null;
    }

    @Override
    protected void resubscribe(Runnable done, Consumer<Throwable> failed) throws MqttException {
        client.subscribe(url.subscription(), url.qos(), null, new MqttActionListener() {
            @Override
            public void onSuccess(IMqttToken token) {
                done.run();
            }

            @Override
            public void onFailure(IMqttToken token, Throwable e) {
                failed.accept(e);
            }
        });
    }

    @Override
    protected void unsubscribe() throws MqttException {
        client.unsubscribe(url.subscription());
    }

    @Override
    protected boolean connected() {
        return client.isConnected();
    }

    @Override
    protected void disconnect(long quiesceMillis) throws MqttException {
        client.disconnect(quiesceMillis).waitForCompletion(quiesceMillis + 1_000);
    }

    @Override
    protected void closeClient() throws MqttException {
        client.close(true);
    }

    @Override
    public void disconnected(MqttDisconnectResponse response) {
        lost(
                response.getException() != null
                        ? response.getException()
                        : new DriverException("the broker disconnected with reason code "
                                + ReasonCodes.describe(response.getReturnCode())
                                + (response.getReasonString() == null ? "" : ": " + response.getReasonString())));
    }

    @Override
    public void mqttErrorOccurred(MqttException e) {
        LOG.warn("MQTT error on {}: {}", url, describe(e));
    }

    @Override
    public void connectComplete(boolean reconnect, String serverUri) {
        connected(reconnect);
    }

    @Override
    public void messageArrived(String topic, MqttMessage message) {
        arrived(message.getPayload());
    }

    @Override
    public void deliveryComplete(IMqttToken token) {
        // outcomes are heard through each publish's own listener (Mqtt5Producer)
    }

    @Override
    public void authPacketArrived(int reasonCode, MqttProperties properties) {
        // the driver uses no enhanced authentication
    }
}

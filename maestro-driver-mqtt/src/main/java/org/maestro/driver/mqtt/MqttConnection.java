package org.maestro.driver.mqtt;

import java.time.Duration;
import java.util.function.Consumer;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallbackExtended;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.maestro.base.time.MicroClock;
import org.maestro.driver.DriverException;
import org.maestro.driver.OutcomeListener;

/**
 * One MQTT 3.1.1 connection: a {@link PahoConnection} over Paho's MQTT 3.1.1 client, whose SUBACK grants a QoS or
 * refuses with 0x80.
 */
final class MqttConnection extends PahoConnection implements MqttCallbackExtended {
    private final MqttAsyncClient client;

    private MqttConnection(MqttUrl url, MicroClock clock, MqttAsyncClient client) {
        super(url, clock);
        this.client = client;
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
        connection.connect(
                millis -> client.connect(options).waitForCompletion(millis),
                timeout,
                e -> e instanceof MqttException refused
                        && (refused.getReasonCode() == MqttException.REASON_CODE_FAILED_AUTHENTICATION
                                || refused.getReasonCode() == MqttException.REASON_CODE_NOT_AUTHORIZED),
                "",
                "is the MQTT broker running and reachable, and are the user name and password right?");
        return connection;
    }

    @Override
    protected PahoProducer newProducer(OutcomeListener outcomes) {
        return new MqttProducer(client, url, outcomes, this::failed);
    }

    @Override
    protected String subscribe(long millis) throws MqttException {
        IMqttToken token = client.subscribe(url.subscription(), url.qos());
        token.waitForCompletion(millis);
        int[] granted = token.getGrantedQos();
        return granted != null && granted.length > 0 && granted[0] == 0x80 ? "" : null;
    }

    @Override
    protected void resubscribe(Runnable done, Consumer<Throwable> failed) throws MqttException {
        client.subscribe(url.subscription(), url.qos(), null, new IMqttActionListener() {
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
    public void connectionLost(Throwable cause) {
        lost(cause);
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
    public void deliveryComplete(IMqttDeliveryToken token) {
        // outcomes are heard through each publish's own listener (MqttProducer)
    }
}

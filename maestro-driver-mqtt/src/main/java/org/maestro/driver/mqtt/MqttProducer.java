package org.maestro.driver.mqtt;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;

/**
 * Publishes over MQTT 3.1.1 to the URL's topic without waiting for acknowledgements, keeping at most
 * {@code inflight} publishes unfinished (a send waits for room). At QoS 1 and 2 each publish reports one outcome:
 * accepted when the broker acknowledged it (PUBACK, or PUBCOMP at QoS 2), failed when Paho gave it up or the
 * connection was closed first; at QoS 0 there is no acknowledgement and no outcome. One sender thread sends; Paho's
 * threads complete the publishes.
 */
final class MqttProducer implements DriverProducer {
    private final MqttAsyncClient client;
    private final MqttUrl url;
    private final PublishWindow window;

    MqttProducer(MqttAsyncClient client, MqttUrl url, OutcomeListener outcomes, BooleanSupplier gone) {
        this.client = client;
        this.url = url;
        this.window = new PublishWindow(url, url.inflight(), outcomes, gone, client::isConnected);
    }

    @Override
    public void send(byte[] body, int length) throws DriverException {
        send(-1, body, length);
    }

    @Override
    public void send(long token, byte[] body, int length) throws DriverException {
        publish(token, body, length);
    }

    @Override
    public boolean reportsOutcomes() {
        return url.qos() > 0;
    }

    private void publish(long token, byte[] body, int length) throws DriverException {
        MqttMessage message = new MqttMessage(Arrays.copyOf(body, length));
        message.setQos(url.qos());
        PublishWindow.Publish publish = window.open(token);
        try {
            client.publish(url.topic(), message, null, new IMqttActionListener() {
                @Override
                public void onSuccess(IMqttToken paho) {
                    publish.finish(DeliveryOutcome.ACCEPTED, null);
                }

                @Override
                public void onFailure(IMqttToken paho, Throwable e) {
                    publish.finish(DeliveryOutcome.FAILED, MqttConnection.describe(e));
                }
            });
        } catch (MqttException | RuntimeException e) {
            publish.abandon();
            throw new DriverException("cannot publish to " + url + ": " + MqttConnection.describe(e), e);
        }
    }

    /** Reports every publish still unfinished as failed, with {@code reason}. */
    void failPending(String reason) {
        window.failPending(reason);
    }
}

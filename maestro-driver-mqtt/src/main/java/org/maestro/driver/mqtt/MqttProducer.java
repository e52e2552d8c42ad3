package org.maestro.driver.mqtt;

import java.util.function.BooleanSupplier;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.maestro.driver.Causes;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.OutcomeListener;

/**
 * Publishes over MQTT 3.1.1 to the URL's topic without waiting for acknowledgements, keeping at most
 * {@code inflight} publishes unfinished (a send waits for room). At QoS 1 and 2 each publish reports one outcome:
 * accepted when the broker acknowledged it (PUBACK, or PUBCOMP at QoS 2), failed when Paho gave it up or the
 * connection was closed first; at QoS 0 there is no acknowledgement and no outcome. One sender thread sends; Paho's
 * threads complete the publishes.
 */
final class MqttProducer extends PahoProducer {
    private final MqttAsyncClient client;

    MqttProducer(MqttAsyncClient client, MqttUrl url, OutcomeListener outcomes, BooleanSupplier gone) {
        super(url, url.inflight(), outcomes, gone, client::isConnected);
        this.client = client;
    }

    @Override
    protected void publish(byte[] payload, PublishWindow.Publish publish) throws MqttException {
        MqttMessage message = new MqttMessage(payload);
        message.setQos(url.qos());
        client.publish(url.topic(), message, null, new IMqttActionListener() {
            @Override
            public void onSuccess(IMqttToken paho) {
                publish.finish(DeliveryOutcome.ACCEPTED, null);
            }

            @Override
            public void onFailure(IMqttToken paho, Throwable e) {
                publish.finish(DeliveryOutcome.FAILED, Causes.describe(e));
            }
        });
    }
}

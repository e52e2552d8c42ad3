package org.maestro.driver.mqtt;

import java.util.function.BooleanSupplier;
import org.eclipse.paho.mqttv5.client.IMqttToken;
import org.eclipse.paho.mqttv5.client.MqttActionListener;
import org.eclipse.paho.mqttv5.client.MqttAsyncClient;
import org.eclipse.paho.mqttv5.common.MqttException;
import org.eclipse.paho.mqttv5.common.MqttMessage;
import org.eclipse.paho.mqttv5.common.packet.MqttProperties;
import org.maestro.driver.Causes;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.OutcomeListener;

/**
 * Publishes over MQTT 5 to the URL's topic without waiting for acknowledgements, keeping at most {@code inflight}
 * publishes unfinished, and never more than the broker's Receive Maximum. At QoS 1 and 2 each publish reports one
 * outcome: accepted when the broker's PUBACK (QoS 1) or PUBCOMP (QoS 2) carries a reason code below 0x80, rejected
 * with the reason named when it carries one of 0x80 or more (or the PUBREC of a QoS 2 publish does), failed when
 * Paho gave it up or the connection was closed first; at QoS 0 there is none. One sender thread sends; Paho's
 * threads complete the publishes.
 */
final class Mqtt5Producer extends PahoProducer {
    private final MqttAsyncClient client;

    Mqtt5Producer(MqttAsyncClient client, MqttUrl url, int windowSize, OutcomeListener outcomes, BooleanSupplier gone) {
        super(url, windowSize, outcomes, gone, client::isConnected);
        this.client = client;
    }

    @Override
    protected void publish(byte[] payload, PublishWindow.Publish publish) throws MqttException {
        MqttMessage message = new MqttMessage(payload);
        message.setQos(url.qos());
        client.publish(url.topic(), message, null, new MqttActionListener() {
            @Override
            public void onSuccess(IMqttToken paho) {
                String refusal = refusal(paho);
                if (refusal == null) {
                    publish.finish(DeliveryOutcome.ACCEPTED, null);
                } else {
                    publish.finish(DeliveryOutcome.REJECTED, refusal);
                }
            }

            @Override
            public void onFailure(IMqttToken paho, Throwable e) {
                if (e instanceof MqttException refused
                        && ReasonCodes.refused(refused.getReasonCode())
                        && refused.getReasonCode() <= ReasonCodes.LAST) {
                    // a PUBREC refusing a QoS 2 publish: Paho drops the connection and fails what was in flight
                    publish.finish(
                            DeliveryOutcome.REJECTED,
                            "the broker refused a QoS 2 publish to '"
                                    + url.topic() + "' with reason code "
                                    + ReasonCodes.describe(refused.getReasonCode())
                                    + " (PUBREC); Paho then dropped the connection, so publishes in flight with it count "
                                    + "as refused too");
                } else {
                    publish.finish(DeliveryOutcome.FAILED, Causes.describe(e));
                }
            }
        });
    }

    /** The broker's refusal in an acknowledgement (a reason code of 0x80 or more, and its reason string), or null. */
    private String refusal(IMqttToken paho) {
        int[] codes = paho.getReasonCodes();
        if (codes == null) {
            return null;
        }
        for (int code : codes) {
            if (ReasonCodes.refused(code)) {
                MqttProperties properties = paho.getResponseProperties();
                String reason = properties == null ? null : properties.getReasonString();
                return "the broker refused the publish to '" + url.topic() + "' with reason code "
                        + ReasonCodes.describe(code) + (reason == null ? "" : ": " + reason);
            }
        }
        return null;
    }
}

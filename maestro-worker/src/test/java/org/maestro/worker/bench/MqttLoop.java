package org.maestro.worker.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import org.eclipse.paho.client.mqttv3.IMqttActionListener;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.IMqttToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;

/**
 * A bare Eclipse Paho loop: asynchronous publishes at one QoS with a window of {@link SendWindow#SIZE} unfinished
 * ones per connection, and subscribers at the same QoS, on a topic of its own at the broker on 127.0.0.1:1883.
 */
final class MqttLoop implements ClientLoop {
    private static final String SERVER = "tcp://127.0.0.1:1883";
    private static final long WAIT_MILLIS = 10_000;

    private final String topic;
    private final int qos;
    private final List<MqttAsyncClient> clients = new ArrayList<>();
    private final List<MqttAsyncClient> senders = new ArrayList<>();
    private final List<SendWindow> windows = new ArrayList<>();

    MqttLoop(String name, int qos) {
        this.topic = "maestro-bench/" + name;
        this.qos = qos;
    }

    @Override
    public String maestroUrl() {
        return "mqtt://127.0.0.1:1883/" + topic + "?qos=" + qos;
    }

    @Override
    public void openReceivers(int connections, Consumer<byte[]> onMessage) throws Exception {
        for (int i = 0; i < connections; i++) {
            MqttAsyncClient client = connect();
            client.setCallback(new MqttCallback() {
                @Override
                public void connectionLost(Throwable cause) {
                    System.err.println("a bare MQTT subscriber lost its connection: " + cause);
                }

                @Override
                public void messageArrived(String arrivedOn, MqttMessage message) {
                    onMessage.accept(message.getPayload());
                }

                @Override
                public void deliveryComplete(IMqttDeliveryToken token) {
                    // subscribers publish nothing
                }
            });
            client.subscribe(topic, qos).waitForCompletion(WAIT_MILLIS);
        }
    }

    @Override
    public void openSenders(int connections) throws Exception {
        for (int i = 0; i < connections; i++) {
            senders.add(connect());
            windows.add(new SendWindow());
        }
    }

    private MqttAsyncClient connect() throws MqttException {
        String id = "bare-" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
        MqttAsyncClient client = new MqttAsyncClient(SERVER, id, new MemoryPersistence());
        clients.add(client);
        MqttConnectOptions options = new MqttConnectOptions();
        options.setMqttVersion(MqttConnectOptions.MQTT_VERSION_3_1_1);
        options.setCleanSession(true);
        options.setMaxInflight(65_535);
        client.connect(options).waitForCompletion(WAIT_MILLIS);
        return client;
    }

    @Override
    public void send(int connection, byte[] body) throws Exception {
        SendWindow window = windows.get(connection);
        window.take();
        senders.get(connection).publish(topic, body, qos, false, null, new IMqttActionListener() {
            @Override
            public void onSuccess(IMqttToken token) {
                window.release(1);
            }

            @Override
            public void onFailure(IMqttToken token, Throwable e) {
                window.release(1);
            }
        });
    }

    @Override
    public void close() {
        for (MqttAsyncClient client : clients) {
            try {
                if (client.isConnected()) {
                    client.disconnect(WAIT_MILLIS).waitForCompletion(WAIT_MILLIS + 1_000);
                }
                client.close(true);
            } catch (MqttException e) {
                System.err.println("closing a bare MQTT client: " + e.getMessage());
            }
        }
    }

    @Override
    public void removeDestination() {
        // a topic without retained messages or persistent sessions leaves nothing on the broker
    }
}

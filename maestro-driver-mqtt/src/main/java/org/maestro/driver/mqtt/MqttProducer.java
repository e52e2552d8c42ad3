package org.maestro.driver.mqtt;

import java.util.Arrays;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
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
 * Publishes to the URL's topic without waiting for acknowledgements, keeping at most {@code inflight} publishes
 * unfinished (a send waits for room). At QoS 1 and 2 each publish reports one outcome: accepted when the broker
 * acknowledged it (PUBACK, or PUBCOMP at QoS 2), failed when Paho gave it up or the connection was closed first; at
 * QoS 0 there is no acknowledgement and no outcome. One sender thread sends; Paho's threads complete the publishes.
 */
final class MqttProducer implements DriverProducer {
    private static final long POLL_MILLIS = 100;

    private final MqttAsyncClient client;
    private final MqttUrl url;
    private final OutcomeListener outcomes;
    private final BooleanSupplier gone;
    private final Semaphore window;
    private final Set<Publish> pending = ConcurrentHashMap.newKeySet();

    MqttProducer(MqttAsyncClient client, MqttUrl url, OutcomeListener outcomes, BooleanSupplier gone) {
        this.client = client;
        this.url = url;
        this.outcomes = outcomes;
        this.gone = gone;
        this.window = new Semaphore(url.inflight());
    }

    @Override
    public void send(byte[] body, int length) throws DriverException {
        send(-1, body, length);
    }

    @Override
    public void send(long token, byte[] body, int length) throws DriverException {
        publish(new Publish(token), body, length);
    }

    @Override
    public boolean reportsOutcomes() {
        return url.qos() > 0;
    }

    private void publish(Publish publish, byte[] body, int length) throws DriverException {
        MqttMessage message = new MqttMessage(Arrays.copyOf(body, length));
        message.setQos(url.qos());
        awaitRoom();
        pending.add(publish);
        try {
            client.publish(url.topic(), message, null, publish);
        } catch (MqttException | RuntimeException e) {
            publish.abandon();
            throw new DriverException("cannot publish to " + url + ": " + MqttConnection.describe(e), e);
        }
    }

    private void awaitRoom() throws DriverException {
        try {
            while (!window.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (gone.getAsBoolean()) {
                    throw new DriverException("the connection to " + url + " is closed or failed");
                }
                if (!client.isConnected()) {
                    throw new DriverException("not connected to " + url + " (" + url.inflight()
                            + " publishes unacknowledged; the client is reconnecting)");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to publish to " + url);
        }
    }

    /** Reports every publish still unfinished as failed, with {@code reason}. */
    void failPending(String reason) {
        for (Publish publish : pending) {
            publish.finish(DeliveryOutcome.FAILED, reason);
        }
    }

    /** One publish: finished exactly once, by Paho's listener, by closing, or abandoned when publishing threw. */
    private final class Publish implements IMqttActionListener {
        private final long token;
        private final AtomicBoolean finished = new AtomicBoolean();

        Publish(long token) {
            this.token = token;
        }

        @Override
        public void onSuccess(IMqttToken paho) {
            finish(DeliveryOutcome.ACCEPTED, null);
        }

        @Override
        public void onFailure(IMqttToken paho, Throwable e) {
            finish(DeliveryOutcome.FAILED, MqttConnection.describe(e));
        }

        void abandon() {
            if (finished.compareAndSet(false, true)) {
                pending.remove(this);
                window.release();
            }
        }

        void finish(DeliveryOutcome outcome, String detail) {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            pending.remove(this);
            window.release();
            if (url.qos() > 0) {
                outcomes.onOutcome(token, outcome, false, detail);
            }
        }
    }
}

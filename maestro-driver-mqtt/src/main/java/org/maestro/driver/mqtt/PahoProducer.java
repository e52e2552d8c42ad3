package org.maestro.driver.mqtt;

import java.util.Arrays;
import java.util.function.BooleanSupplier;
import org.maestro.driver.Causes;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.OutcomeListener;

/**
 * What the publishers of both MQTT versions share: publishes to the URL's topic without waiting for
 * acknowledgements, within a {@link PublishWindow} (a send waits for room), each reporting one outcome at QoS 1 and
 * 2 and none at QoS 0. A subclass hands one message to its version's Paho client. One sender thread sends; Paho's
 * threads complete the publishes.
 */
abstract class PahoProducer implements DriverProducer {
    /** The connection's URL. */
    protected final MqttUrl url;

    private final PublishWindow window;

    /**
     * @param windowSize how many publishes may be unfinished at once
     * @param gone       true once the connection is closed or failed for good
     * @param connected  false while the client is reconnecting
     */
    PahoProducer(
            MqttUrl url, int windowSize, OutcomeListener outcomes, BooleanSupplier gone, BooleanSupplier connected) {
        this.url = url;
        this.window = new PublishWindow(url, windowSize, outcomes, gone, connected);
    }

    @Override
    public final void send(byte[] body, int length) throws DriverException {
        send(-1, body, length);
    }

    @Override
    public final void send(long token, byte[] body, int length) throws DriverException {
        PublishWindow.Publish publish = window.open(token);
        try {
            publish(Arrays.copyOf(body, length), publish);
        } catch (Exception e) {
            publish.abandon();
            throw new DriverException("cannot publish to " + url + ": " + Causes.describe(e), e);
        }
    }

    /**
     * Hands one message to the client at the URL's QoS, with a listener that finishes {@code publish} when the
     * client completes it; throws when the client did not take it.
     */
    protected abstract void publish(byte[] payload, PublishWindow.Publish publish) throws Exception;

    @Override
    public final boolean reportsOutcomes() {
        return url.qos() > 0;
    }

    /** How many publishes may be unacknowledged at once. */
    final int windowSize() {
        return window.size();
    }

    /** Reports every publish still unfinished as failed, with {@code reason}. */
    final void failPending(String reason) {
        window.failPending(reason);
    }
}

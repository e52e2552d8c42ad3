package org.maestro.driver.mqtt;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.maestro.driver.DeliveryOutcome;
import org.maestro.driver.DriverException;
import org.maestro.driver.OutcomeListener;

/**
 * The unfinished publishes of one MQTT sender connection (either MQTT version): at most {@code size} of them at once
 * (a new one waits for room), each finished exactly once, by the client's acknowledgement, by closing, or abandoned
 * when publishing threw. Opened on the sender's thread, finished on the client's threads.
 */
final class PublishWindow {
    private static final long POLL_MILLIS = 100;

    private final MqttUrl url;
    private final OutcomeListener outcomes;
    private final BooleanSupplier gone;
    private final BooleanSupplier connected;
    private final int size;
    private final Semaphore room;
    private final Set<Publish> pending = ConcurrentHashMap.newKeySet();

    /**
     * @param gone      true once the connection is closed or failed for good
     * @param connected false while the client is reconnecting
     */
    PublishWindow(MqttUrl url, int size, OutcomeListener outcomes, BooleanSupplier gone, BooleanSupplier connected) {
        this.url = url;
        this.size = size;
        this.outcomes = outcomes;
        this.gone = gone;
        this.connected = connected;
        this.room = new Semaphore(size);
    }

    /** How many publishes may be unfinished at once. */
    int size() {
        return size;
    }

    /**
     * Waits for room and opens one publish; throws when the connection is gone or not connected while the window is
     * full.
     */
    Publish open(long token) throws DriverException {
        try {
            while (!room.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (gone.getAsBoolean()) {
                    throw new DriverException("the connection to " + url + " is closed or failed");
                }
                if (!connected.getAsBoolean()) {
                    throw new DriverException("not connected to " + url + " (" + size
                            + " publishes unacknowledged; the client is reconnecting)");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DriverException("interrupted while waiting to publish to " + url);
        }
        Publish publish = new Publish(token);
        pending.add(publish);
        return publish;
    }

    /** Reports every publish still unfinished as failed, with {@code reason}. */
    void failPending(String reason) {
        for (Publish publish : pending) {
            publish.finish(DeliveryOutcome.FAILED, reason);
        }
    }

    /** One publish and its token for the outcome listener. */
    final class Publish {
        private final long token;
        private final AtomicBoolean finished = new AtomicBoolean();

        private Publish(long token) {
            this.token = token;
        }

        /** Gives the room back without an outcome: publishing threw, and the sender counts the failed attempt. */
        void abandon() {
            if (finished.compareAndSet(false, true)) {
                pending.remove(this);
                room.release();
            }
        }

        /** Reports the outcome (at QoS 1 and 2); only the first call counts. */
        void finish(DeliveryOutcome outcome, String detail) {
            if (!finished.compareAndSet(false, true)) {
                return;
            }
            pending.remove(this);
            room.release();
            if (url.qos() > 0) {
                outcomes.onOutcome(token, outcome, false, detail);
            }
        }
    }
}

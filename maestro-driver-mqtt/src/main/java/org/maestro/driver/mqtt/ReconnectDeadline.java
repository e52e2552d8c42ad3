package org.maestro.driver.mqtt;

import java.util.concurrent.TimeUnit;

/**
 * How long a connection has been waiting for Paho's own reconnection: once that takes longer than
 * {@link #GIVE_UP_SECONDS}, the connection counts as failed and Maestro opens a new one, so a reconnection cycle that
 * stalls does not leave a receiver deaf for the rest of the run. Thread-safe.
 */
final class ReconnectDeadline {
    /** How long Paho may take to reconnect (about three attempts, 1 to 2 s apart). */
    static final long GIVE_UP_SECONDS = 5;

    private volatile boolean lost;
    private volatile long lostAtNanos;

    /** The connection was lost; Paho reconnects. Keeps the first moment of a series of losses. */
    void lost() {
        if (!lost) {
            lostAtNanos = System.nanoTime();
            lost = true;
        }
    }

    /** The connection is up (again). */
    void connected() {
        lost = false;
    }

    /** True when the connection has been lost for longer than {@link #GIVE_UP_SECONDS}. */
    boolean passed() {
        return lost && System.nanoTime() - lostAtNanos > TimeUnit.SECONDS.toNanos(GIVE_UP_SECONDS);
    }
}

package org.maestro.driver.kafka;

import java.time.Duration;

/**
 * The one deadline of opening a Kafka connection: the connect timeout the worker gives, counted from
 * {@code connect}, shared by the topic check and the receiver's group join that follows it, so that together
 * they end within the time the worker waits. A consumer created once the deadline passed gets a whole timeout
 * of its own.
 *
 * @param timeout    the connect timeout
 * @param startNanos when the connect began, in {@link System#nanoTime()}
 */
record ConnectDeadline(Duration timeout, long startNanos) {
    /** A deadline starting now. */
    static ConnectDeadline start(Duration timeout) {
        return new ConnectDeadline(timeout, System.nanoTime());
    }

    /** The time left, or the whole timeout once it passed; never less than 1 ms. */
    Duration remaining() {
        long left = timeout.toNanos() - (System.nanoTime() - startNanos);
        return left <= 0 ? timeout : Duration.ofNanos(Math.max(1_000_000, left));
    }
}

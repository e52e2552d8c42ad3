package org.maestro.driver;

/** Sends messages to one destination. Not thread-safe: one sender thread uses it. */
public interface DriverProducer {

    /**
     * Sends the first {@code length} bytes of {@code body} as one message and returns when the system's
     * delivery guarantees for the URL's settings are met (e.g. at once for non-durable messages, after the
     * broker's acknowledgement for durable ones). The bytes are copied: the caller may reuse the array.
     */
    void send(byte[] body, int length) throws DriverException;

    /**
     * Sends like {@link #send(byte[], int)} and reports the outcome of the send to the producer's
     * {@link OutcomeListener} with {@code token}: exactly once when the send returns normally and the message was
     * not presettled, never when it throws (the message then was not sent, or a send that waits lost its
     * connection before the outcome). The default reports nothing.
     */
    default void send(long token, byte[] body, int length) throws DriverException {
        send(body, length);
    }

    /**
     * True when this producer reports an outcome for every send that returned normally; false when it reports none
     * (messages sent presettled, or a driver that cannot tell).
     */
    default boolean reportsOutcomes() {
        return false;
    }
}

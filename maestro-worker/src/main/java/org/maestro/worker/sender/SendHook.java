package org.maestro.worker.sender;

/**
 * Called by a sender connection just before it stamps and sends each message, after waiting for its intended
 * time. Production code uses {@link #NONE}; tests use it to stall a sender. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface SendHook {
    /** Does nothing. */
    SendHook NONE = (connection, sequence) -> {};

    /** Called on the connection's thread before message {@code sequence} is sent. */
    void beforeSend(int connection, long sequence) throws InterruptedException;
}

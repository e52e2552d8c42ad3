package org.maestro.worker.driver;

import java.util.concurrent.CompletableFuture;

/** Sends messages to one destination. Not thread-safe: one sender thread uses it. */
public interface DriverProducer {

    /**
     * Sends the first {@code length} bytes of {@code body} as one message and returns when the system's
     * delivery guarantees for the URL's settings are met (e.g. at once for non-durable messages, after the
     * broker's acknowledgement for durable ones). The bytes are copied: the caller may reuse the array.
     */
    void send(byte[] body, int length) throws DriverException;

    /**
     * Sends without waiting for the acknowledgement; the future completes when the system has accepted the
     * message, or exceptionally with a {@link DriverException}. The bytes are copied before this returns.
     */
    CompletableFuture<Void> sendAsync(byte[] body, int length);
}

package org.maestro.worker.bench;

import java.util.function.Consumer;

/**
 * A bare loop of one messaging client library against one destination of its own, for {@code bench/drivers.sh}:
 * the plain sends and receives an application would write, and the Maestro URL that does the same through a driver.
 * {@link #send} is called by one thread per sender connection; consumers call back on the library's threads.
 */
interface ClientLoop extends AutoCloseable {
    /** The URL that makes a Maestro sender and receiver use the same destination, with the same settings. */
    String maestroUrl();

    /** Creates the destination if it needs creating, and opens one consumer connection each. */
    void openReceivers(int connections, Consumer<byte[]> onMessage) throws Exception;

    /** Opens the sender connections. */
    void openSenders(int connections) throws Exception;

    /** Sends one message on sender connection {@code connection}, waiting (with a deadline) for room if need be. */
    void send(int connection, byte[] body) throws Exception;

    /** Closes every connection this loop opened. */
    @Override
    void close();

    /** Removes the destination (queue, stream), whoever used it; nothing for those that leave nothing behind. */
    void removeDestination();
}

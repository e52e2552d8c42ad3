package org.maestro.driver;

/**
 * One connection to a destination, from which a sender makes one producer or a receiver one consumer. Used by one
 * thread at a time, except {@link #close()} and {@link #failed()}, which any thread may call.
 */
public interface DriverConnection extends AutoCloseable {

    /**
     * Creates a producer sending to the URL's destination that tells {@code outcomes} how the system settled each
     * send (drivers that cannot tell say so with {@link DriverProducer#reportsOutcomes()}).
     */
    DriverProducer createProducer(OutcomeListener outcomes) throws DriverException;

    /** Creates a producer sending to the URL's destination, ignoring the outcomes of its sends. */
    default DriverProducer createProducer() throws DriverException {
        return createProducer(OutcomeListener.IGNORE);
    }

    /**
     * Creates a consumer of the URL's destination and returns once the system has attached it (so a router
     * routes to it). The callback is called once per message, on a thread of the driver.
     */
    DriverConsumer createConsumer(ConsumerCallback callback) throws DriverException;

    /**
     * True once the connection has failed for good: it will not recover by itself and should be closed and opened
     * again. (A connection with reconnection of its own, such as a failover URL, only fails when that gives up.)
     */
    boolean failed();

    /** The reason the connection failed, or null. */
    Throwable failure();

    /** Closes the connection and all its producers and consumers; idempotent, never throws. */
    @Override
    void close();
}

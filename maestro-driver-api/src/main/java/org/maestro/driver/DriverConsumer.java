package org.maestro.driver;

/** A consumer attached to one destination, delivering to a {@link ConsumerCallback}. */
public interface DriverConsumer extends AutoCloseable {

    /** Detaches the consumer; idempotent, never throws. */
    @Override
    void close();
}

package org.maestro.worker.measure;

import java.util.concurrent.atomic.AtomicLong;
import org.maestro.common.measure.BodyBytes;

/**
 * The bytes of the message bodies one connection sent or received: all of them, and those of the measured messages
 * (not flagged warm-up) with their number, so that the mean size of a measured message and the byte rate follow.
 * Single writer (the connection's thread); read from any thread.
 */
public final class ByteCount {
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong measuredBytes = new AtomicLong();
    private final AtomicLong measuredMessages = new AtomicLong();

    /** Counts one body of {@code length} bytes; {@code measured} when it is not a warm-up message. */
    public void add(int length, boolean measured) {
        bytes.lazySet(bytes.get() + length);
        if (measured) {
            measuredBytes.lazySet(measuredBytes.get() + length);
            measuredMessages.lazySet(measuredMessages.get() + 1);
        }
    }

    /** The counts so far: all bytes, the measured bytes and the number of measured bodies. */
    public BodyBytes snapshot() {
        return new BodyBytes(bytes.get(), measuredBytes.get(), measuredMessages.get());
    }
}

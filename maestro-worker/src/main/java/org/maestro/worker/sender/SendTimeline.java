package org.maestro.worker.sender;

/** When each message of one sender connection is due, whenever the messages before it were actually sent. */
public interface SendTimeline {

    /** When message {@code index} (0-based) is due, in epoch µs; {@link Long#MAX_VALUE} when it is past the end. */
    long intendedMicros(long index);
}

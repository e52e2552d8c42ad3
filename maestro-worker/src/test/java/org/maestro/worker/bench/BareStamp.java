package org.maestro.worker.bench;

import java.util.concurrent.locks.LockSupport;

/**
 * The send times of a bare loop, in microseconds of {@link System#nanoTime()}: when each message is due, and the
 * stamp its sender writes in the first 8 bytes of the body (big-endian, as {@code ByteBuffer} does) for its receivers
 * to read.
 */
final class BareStamp {
    private BareStamp() {}

    /** Now, in microseconds of {@link System#nanoTime()}. */
    static long nowMicros() {
        return System.nanoTime() / 1000;
    }

    /** Writes {@code micros} in the first 8 bytes of the body. */
    static void put(byte[] body, long micros) {
        put(body, 0, micros);
    }

    /** Writes {@code micros} in the 8 bytes of the body from {@code offset} on. */
    static void put(byte[] body, int offset, long micros) {
        for (int i = offset + 7; i >= offset; i--) {
            body[i] = (byte) micros;
            micros >>>= 8;
        }
    }

    /** The time in the 8 bytes of the body from {@code offset} on. */
    static long get(byte[] body, int offset) {
        return get(body, offset, Math.max(0, body.length - offset));
    }

    /** The time in the first 8 bytes of the body (those it has, when shorter). */
    static long get(byte[] body) {
        return get(body, 0);
    }

    /** The time in the first 8 bytes of a body of {@code length} bytes at {@code offset} of {@code array}. */
    static long get(byte[] array, int offset, int length) {
        long value = 0;
        for (int i = 0; i < 8 && i < length; i++) {
            value = value << 8 | (array[offset + i] & 0xFF);
        }
        return value;
    }

    /**
     * The intended send time of message {@code n} of a sender that started at {@code startMicros}: on its fixed-rate
     * timeline at {@code rate} msg/s, as a Maestro sender's, or now when the rate is 0 (unbounded).
     */
    static long intended(long startMicros, int rate, long n) {
        return rate > 0 ? startMicros + n * 1_000_000L / rate : nowMicros();
    }

    /** Waits until the time {@code micros}; returns at once when it has passed. */
    static void awaitTime(long micros) {
        long wait = micros - nowMicros();
        if (wait > 0) {
            LockSupport.parkNanos(wait * 1000);
        }
    }
}

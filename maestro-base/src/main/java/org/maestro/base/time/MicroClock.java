package org.maestro.base.time;

import java.time.Instant;

/**
 * A wall clock in microseconds of the epoch, passed to everything that times messages so that timing code can be
 * tested with a clock the test moves. Implementations must be thread-safe.
 */
@FunctionalInterface
public interface MicroClock {

    /** The current time in microseconds since the epoch. */
    long nowMicros();

    /**
     * The clock of this JVM: the epoch time read once at class loading (with microsecond precision) advanced by
     * {@link System#nanoTime()}, so it is monotonic and cheap. Every part of a worker uses this one instance, so two
     * readings taken in one JVM are always comparable.
     */
    static MicroClock system() {
        return SystemMicroClock.INSTANCE;
    }

    /** Describes the clock source for {@code system.properties}. */
    static String systemSource() {
        return SystemMicroClock.SOURCE;
    }

    /** The shared system clock. */
    final class SystemMicroClock implements MicroClock {
        static final SystemMicroClock INSTANCE = new SystemMicroClock();
        static final String SOURCE = "Instant.now at start + System.nanoTime, µs";

        private final long baseMicros;
        private final long baseNanos;

        private SystemMicroClock() {
            Instant now = Instant.now();
            baseNanos = System.nanoTime();
            baseMicros = now.getEpochSecond() * 1_000_000L + now.getNano() / 1_000;
        }

        @Override
        public long nowMicros() {
            return baseMicros + (System.nanoTime() - baseNanos) / 1_000;
        }
    }
}

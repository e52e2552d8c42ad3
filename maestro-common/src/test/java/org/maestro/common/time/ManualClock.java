package org.maestro.common.time;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.maestro.base.time.MicroClock;

/**
 * A clock that moves only when told to, and a sleeper whose sleeping moves it on at once: timing code under test runs
 * in microseconds of real time and sees exactly the times the test chose. Thread-safe.
 *
 * <pre>{@code
 * ManualClock clock = new ManualClock();
 * boolean done = clock.awaitUntil(task::done, clock, 5_000_000, Duration.ofMillis(100)); // returns at once
 * clock.advance(Duration.ofSeconds(5));
 * }</pre>
 */
public final class ManualClock implements MicroClock, Sleeper {
    private final AtomicLong micros;

    /** A clock at 0 µs. */
    public ManualClock() {
        this(0);
    }

    /** A clock at {@code startMicros}. */
    public ManualClock(long startMicros) {
        this.micros = new AtomicLong(startMicros);
    }

    @Override
    public long nowMicros() {
        return micros.get();
    }

    /** Moves the time on by {@code duration}. */
    public void advance(Duration duration) {
        if (duration.isNegative()) {
            throw new IllegalArgumentException("a clock does not go back: " + duration);
        }
        micros.addAndGet(duration.toNanos() / 1_000);
    }

    /** Sleeping moves the time on by {@code duration} and returns at once. */
    @Override
    public void sleep(Duration duration) throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
        advance(duration);
    }

    /** The time since this clock's start, as a duration (for asserting exact times). */
    public Duration elapsedSince(long startMicros) {
        return Duration.ofNanos((nowMicros() - startMicros) * 1_000);
    }
}

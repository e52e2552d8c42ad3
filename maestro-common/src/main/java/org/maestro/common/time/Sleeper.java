package org.maestro.common.time;

import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import java.util.function.BooleanSupplier;
import org.maestro.base.time.MicroClock;

/**
 * Waits for a while; passed in with the {@link MicroClock} so that timing code can be tested without waiting (a test
 * passes a {@code ManualClock}, whose sleeping moves its time on). Implementations must be thread-safe.
 *
 * <pre>{@code
 * long deadline = clock.nowMicros() + Duration.ofSeconds(15).toNanos() / 1_000;
 * boolean done = sleeper.awaitUntil(peers::allFinished, clock, deadline, Duration.ofMillis(100));
 * }</pre>
 */
@FunctionalInterface
public interface Sleeper {

    /** Waits about {@code duration} (less when interrupted). */
    void sleep(Duration duration) throws InterruptedException;

    /** Waits about {@code micros} microseconds (less when interrupted). */
    default void sleepMicros(long micros) throws InterruptedException {
        sleep(Duration.ofNanos(micros * 1_000L));
    }

    /**
     * Looks at {@code condition} every {@code poll} until it holds or {@code clock} reaches {@code deadlineMicros};
     * never waits past the deadline.
     *
     * @return whether the condition holds at the end
     */
    default boolean awaitUntil(BooleanSupplier condition, MicroClock clock, long deadlineMicros, Duration poll)
            throws InterruptedException {
        long pollMicros = Math.max(1, poll.toNanos() / 1_000);
        while (!condition.getAsBoolean()) {
            long left = deadlineMicros - clock.nowMicros();
            if (left <= 0) {
                return condition.getAsBoolean();
            }
            sleepMicros(Math.min(pollMicros, left));
        }
        return true;
    }

    /** The real sleeper: parks the calling thread. */
    static Sleeper system() {
        return SystemSleeper.INSTANCE;
    }

    /** The shared real sleeper. */
    final class SystemSleeper implements Sleeper {
        static final SystemSleeper INSTANCE = new SystemSleeper();

        private SystemSleeper() {}

        @Override
        public void sleep(Duration duration) throws InterruptedException {
            sleepMicros(duration.toNanos() / 1_000);
        }

        @Override
        public void sleepMicros(long micros) throws InterruptedException {
            long until = System.nanoTime() + micros * 1_000L;
            for (long left = micros * 1_000L; left > 0; left = until - System.nanoTime()) {
                LockSupport.parkNanos(left);
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
            }
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        }
    }
}

package org.maestro.inspector;

import java.time.Duration;
import java.util.function.BooleanSupplier;

/** Waits for a condition in tests, with a deadline. */
public final class Await {
    private Await() {
    }

    public static void until(String what, Duration deadline, BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("not within " + deadline.toMillis() + " ms: " + what);
            }
            Thread.sleep(10);
        }
    }

    /** Waits until the poller has done the given number of polls and is idle. */
    public static void polls(InspectionPoller poller, long polls) throws InterruptedException {
        until(polls + " polls done (" + poller.stats() + ")", Duration.ofSeconds(20),
                () -> poller.stats().polls() >= polls && !poller.polling());
    }
}

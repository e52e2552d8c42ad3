package org.maestro.driver.stomp;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

/** Waits for a condition the tests expect, with a deadline. */
final class Await {
    private static final long SECONDS = 30;

    private Await() {
    }

    /** Returns once {@code condition} holds; fails saying {@code what} after 30 s. */
    static void until(BooleanSupplier condition, Supplier<String> what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SECONDS);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() - deadline > 0) {
                throw new AssertionError("timed out after " + SECONDS + " s: " + what.get());
            }
            Thread.sleep(10);
        }
    }
}

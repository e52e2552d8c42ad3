package org.maestro.worker.bench;

import java.util.concurrent.atomic.AtomicLong;

/** How a bare loop drains, as a Maestro receiver does: until its receivers got nothing for a second (at most 60 s). */
final class QuietDrain {
    private QuietDrain() {}

    /** Waits until the count of messages received stayed the same for a second, or 60 s passed. */
    static void await(AtomicLong received) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        long last = -1;
        while (received.get() != last && System.nanoTime() < deadline) {
            last = received.get();
            Thread.sleep(1000);
        }
    }
}

package org.maestro.worker.role;

import java.util.concurrent.locks.LockSupport;

/** Waits for a while; passed in with the clock so that tests of timing code need not sleep. Thread-safe. */
@FunctionalInterface
public interface Pause {

    /** Waits about {@code micros} microseconds (less if interrupted). */
    void sleepMicros(long micros) throws InterruptedException;

    /** Parks the calling thread. */
    static Pause system() {
        return micros -> {
            LockSupport.parkNanos(micros * 1_000L);
            if (Thread.interrupted()) {
                throw new InterruptedException();
            }
        };
    }
}

package org.maestro.worker.health;

import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * How late the process runs what it asked to run: a thread sleeps 1 ms over and over and records how much later than
 * that it woke (µs). Whatever delays it (the garbage collector, a core taken by another process, the machine's own
 * stalls) delays the sender's and receiver's threads alike. Thread-safe.
 */
final class HiccupMeter implements AutoCloseable {
    /** The name of the sleeper threads (the kernel keeps its first 15 characters). */
    static final String THREAD_NAME = "maestro-hiccup";

    private static final long SLEEP_NANOS = 1_000_000;
    private static final long HIGHEST_MICROS = 3_600_000_000L;

    private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);
    private final Thread sleeper;
    private volatile boolean running = true;
    private Histogram interval;

    HiccupMeter() {
        sleeper = new Thread(this::sleepAndRecord, THREAD_NAME);
        sleeper.setDaemon(true);
        sleeper.start();
    }

    /** What it recorded since the last sample. */
    synchronized Histogram sample() {
        interval = recorder.getIntervalHistogram(interval);
        return interval;
    }

    private void sleepAndRecord() {
        while (running) {
            long before = System.nanoTime();
            LockSupport.parkNanos(SLEEP_NANOS);
            long late = (System.nanoTime() - before - SLEEP_NANOS) / 1000;
            recorder.recordValue(Math.min(HIGHEST_MICROS, Math.max(0, late)));
        }
    }

    @Override
    public void close() {
        running = false;
        LockSupport.unpark(sleeper);
    }
}

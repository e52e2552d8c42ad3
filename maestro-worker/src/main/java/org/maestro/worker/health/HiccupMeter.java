package org.maestro.worker.health;

import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.maestro.base.time.ThreadSelf;
import org.maestro.base.time.TimerSlack;

/**
 * How late the process runs what it asked to run: one thread per JVM sleeps 1 ms over and over and records how much
 * later than that it woke (µs) for every run that listens. Whatever delays it (the garbage collector, a core taken by
 * another process, the machine's own stalls) delays the senders' and receivers' threads alike. One sleeper serves
 * every run of the JVM (the embedded mode runs several), and it stops when the last one closes. Thread-safe.
 */
final class HiccupMeter implements AutoCloseable {
    /** The name of the sleeper thread (the kernel keeps its first 15 characters). */
    static final String THREAD_NAME = "maestro-hiccup";

    private static final long SLEEP_NANOS = 1_000_000;
    private static final long HIGHEST_MICROS = 3_600_000_000L;
    private static final CopyOnWriteArrayList<Recorder> LISTENING = new CopyOnWriteArrayList<>();
    private static Thread sleeper;
    /** The kernel's id of the running sleeper's thread; null while none runs or where it cannot be known. */
    private static volatile String sleeperThreadId;

    private final Recorder recorder = new Recorder(HIGHEST_MICROS, 3);
    private Histogram interval;

    HiccupMeter() {
        synchronized (HiccupMeter.class) {
            LISTENING.add(recorder);
            if (sleeper == null) {
                sleeper = new Thread(HiccupMeter::sleepAndRecord, THREAD_NAME);
                sleeper.setDaemon(true);
                sleeper.start();
            }
        }
    }

    /**
     * The kernel's id of the sleeper's thread while it runs (its run-queue waits are what it measures, not demand
     * for CPU), or empty.
     */
    static Optional<String> sleeperThreadId() {
        return Optional.ofNullable(sleeperThreadId);
    }

    /** What it recorded since the last sample. */
    synchronized Histogram sample() {
        interval = recorder.getIntervalHistogram(interval);
        return interval;
    }

    private static void sleepAndRecord() {
        TimerSlack.minimise(); // as the senders' threads do: late by what delays them, not by the kernel's batching
        sleeperThreadId = ThreadSelf.id().orElse(null);
        while (true) {
            synchronized (HiccupMeter.class) {
                if (LISTENING.isEmpty()) {
                    sleeper = null;
                    sleeperThreadId = null;
                    return;
                }
            }
            long before = System.nanoTime();
            LockSupport.parkNanos(SLEEP_NANOS);
            long late = Math.min(HIGHEST_MICROS, Math.max(0, (System.nanoTime() - before - SLEEP_NANOS) / 1000));
            for (Recorder listening : LISTENING) {
                listening.recordValue(late);
            }
        }
    }

    @Override
    public void close() {
        LISTENING.remove(recorder);
    }
}

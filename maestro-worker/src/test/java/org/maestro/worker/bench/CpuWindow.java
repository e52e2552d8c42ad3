package org.maestro.worker.bench;

import java.lang.management.ManagementFactory;

/**
 * The CPU time this JVM spends in a stretch of wall-clock time: from {@code from} seconds after {@link #start} to
 * {@code length} seconds later, read by a daemon thread at both ends.
 */
final class CpuWindow {
    private final long[] cpu = {-1, -1};

    private CpuWindow() {}

    /** Starts watching now; the window opens {@code from} seconds from now and lasts {@code length} seconds. */
    static CpuWindow start(int from, int length) {
        CpuWindow window = new CpuWindow();
        long begin = System.nanoTime();
        Thread reader = new Thread(
                () -> {
                    try {
                        window.readAt(0, begin + from * 1_000_000_000L);
                        window.readAt(1, begin + (from + length) * 1_000_000_000L);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "cpu-window");
        reader.setDaemon(true);
        reader.start();
        return window;
    }

    private void readAt(int end, long nanoTime) throws InterruptedException {
        for (long left = nanoTime - System.nanoTime(); left > 0; left = nanoTime - System.nanoTime()) {
            Thread.sleep(Math.max(1, left / 1_000_000));
        }
        synchronized (cpu) {
            cpu[end] = processCpuNanos();
        }
    }

    /** The CPU time in the window; throws when the window has not closed yet. */
    long nanos() {
        synchronized (cpu) {
            if (cpu[1] < 0) {
                throw new IllegalStateException("the CPU window has not closed yet: the run ended before it");
            }
            return cpu[1] - cpu[0];
        }
    }

    /** The CPU time this JVM has spent so far. */
    static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}

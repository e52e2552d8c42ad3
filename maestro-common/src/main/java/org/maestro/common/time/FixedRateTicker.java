package org.maestro.common.time;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The real {@link Ticker}: one daemon thread ticking at a fixed rate, so a late tick does not push the timeline back.
 */
public final class FixedRateTicker implements Ticker {
    private final String threadName;

    /** A ticker whose thread is called {@code threadName}. */
    public FixedRateTicker(String threadName) {
        this.threadName = threadName;
    }

    @Override
    public Ticking start(Duration interval, Runnable tick) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleAtFixedRate(tick, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
        return scheduler::shutdownNow;
    }
}

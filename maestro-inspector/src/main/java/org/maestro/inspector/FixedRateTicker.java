package org.maestro.inspector;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * The real {@link Ticker}: one daemon thread ticking at a fixed rate, so a late tick does not push the timeline back.
 */
public final class FixedRateTicker implements Ticker {

    @Override
    public Ticking start(Duration interval, Runnable tick) {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "maestro-inspector-ticker");
            thread.setDaemon(true);
            return thread;
        });
        scheduler.scheduleAtFixedRate(tick, 0, interval.toNanos(), TimeUnit.NANOSECONDS);
        return scheduler::shutdownNow;
    }
}

package org.maestro.inspector;

import java.time.Duration;
import org.maestro.common.time.Ticker;

/** A {@link Ticker} that ticks only when the test says so. */
public final class ManualTicker implements Ticker {
    private volatile Runnable tick;
    private volatile boolean stopped;

    @Override
    public Ticking start(Duration interval, Runnable task) {
        this.tick = task;
        return () -> stopped = true;
    }

    /** One tick, as the timeline would give it. */
    public void tick() {
        if (tick == null) {
            throw new IllegalStateException("the poller was not started");
        }
        if (!stopped) {
            tick.run();
        }
    }

    public boolean stopped() {
        return stopped;
    }
}

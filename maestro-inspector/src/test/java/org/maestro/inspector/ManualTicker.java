package org.maestro.inspector;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.maestro.common.time.Ticker;

/** A {@link Ticker} that ticks only when the test says so; each tick runs every poller started on it and not stopped. */
public final class ManualTicker implements Ticker {
    private final List<Timeline> timelines = new CopyOnWriteArrayList<>();

    /** One started task and whether it was stopped. */
    private record Timeline(Runnable task, AtomicBoolean stopped) {}

    @Override
    public Ticking start(Duration interval, Runnable task) {
        Timeline timeline = new Timeline(task, new AtomicBoolean());
        timelines.add(timeline);
        return () -> timeline.stopped().set(true);
    }

    /** One tick, as the timeline would give it. */
    public void tick() {
        if (timelines.isEmpty()) {
            throw new IllegalStateException("the poller was not started");
        }
        for (Timeline timeline : timelines) {
            if (!timeline.stopped().get()) {
                timeline.task().run();
            }
        }
    }

    /** True when every task started on it was stopped. */
    public boolean stopped() {
        return !timelines.isEmpty()
                && timelines.stream().allMatch(t -> t.stopped().get());
    }
}

package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.common.time.ManualClock;
import org.maestro.common.time.Sleeper;

/**
 * A {@link Sleeper} over a {@link ManualClock} that, as the sleeping moves the time on, runs what the test scheduled
 * for the times passed (a peer notifies, the control broker goes away), in time order. Not thread-safe: the code
 * under test sleeps on one thread.
 */
final class Timeline implements Sleeper {
    private final ManualClock clock;
    private final TreeMap<Long, List<Runnable>> events = new TreeMap<>();

    Timeline(ManualClock clock) {
        this.clock = clock;
    }

    /** Runs {@code event} once the clock reached {@code at} (from 0). */
    Timeline at(Duration at, Runnable event) {
        events.computeIfAbsent(at.toNanos() / 1_000, t -> new ArrayList<>()).add(event);
        return this;
    }

    @Override
    public void sleep(Duration duration) throws InterruptedException {
        clock.sleep(duration);
        for (Map.Entry<Long, List<Runnable>> due = events.firstEntry();
                due != null && due.getKey() <= clock.nowMicros();
                due = events.firstEntry()) {
            events.pollFirstEntry().getValue().forEach(Runnable::run);
        }
    }
}

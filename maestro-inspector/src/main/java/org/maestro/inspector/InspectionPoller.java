package org.maestro.inspector;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.maestro.base.time.MicroClock;
import org.maestro.common.time.Ticker;
import org.maestro.inspector.csv.DataSet;
import org.maestro.inspector.csv.DataSetFiles;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Polls one {@link Inspector} on a fixed timeline and writes each sample to its CSV files, never running two polls
 * at once: a tick that comes while the previous poll is still running polls nothing and is counted as skipped.
 * Thread-safe: {@link #start()}, {@link #stop}, {@link #stats()} may be called from any thread.
 *
 * <p>Failures of the SUT (down during a restart, no answer in time) are logged and counted, and polling goes on with
 * back-off: after the n-th failure in a row the next 2^(n−1) − 1 ticks are left out (at most
 * {@value #MAX_BACKOFF_SECONDS} s worth), so a SUT that is down is not hammered; the first success ends it. Every poll
 * leaves a row in the {@link #POLLS} data set when the files have it ({@code ok} 1 or 0 and the error), which marks
 * the gaps in the other data sets. Rows are stamped with the clock's time when the poll began and flushed after
 * every poll.
 *
 * <pre>{@code
 * InspectionPoller poller = new InspectionPoller(inspector, files, Duration.ofSeconds(5),
 *         new FixedRateTicker("maestro-inspector-ticker"), MicroClock.system());
 * poller.start();
 * ...
 * poller.stop(Duration.ofSeconds(2));
 * PollerStats stats = poller.stats();
 * }</pre>
 */
public final class InspectionPoller {
    private static final Logger LOG = LoggerFactory.getLogger(InspectionPoller.class);

    /** One row per poll: {@code ok} is 1 when the poll succeeded, 0 when it failed; {@code error} says why. */
    public static final DataSet POLLS = DataSet.of("inspector-polls", "ok", "error");

    /** The longest back-off after failures in a row, in seconds. */
    public static final int MAX_BACKOFF_SECONDS = 30;

    private final Inspector inspector;
    private final DataSetFiles files;
    private final Duration interval;
    private final Ticker ticker;
    private final MicroClock clock;
    private final ExecutorService worker;
    private final AtomicBoolean polling = new AtomicBoolean();
    private final AtomicLong polls = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong skippedTicks = new AtomicLong();
    private volatile String lastError = "";
    private volatile boolean stopped;
    private long failureStreak;
    private volatile long backoffTicks;
    private Ticker.Ticking ticking;

    /**
     * A poller that is not started yet.
     *
     * @param clock epoch milliseconds, for the {@code timestamp} column
     */
    public InspectionPoller(
            Inspector inspector, DataSetFiles files, Duration interval, Ticker ticker, MicroClock clock) {
        if (interval.isNegative() || interval.isZero()) {
            throw new IllegalArgumentException("the inspection interval must be positive, not " + interval);
        }
        this.inspector = inspector;
        this.files = files;
        this.interval = interval;
        this.ticker = ticker;
        this.clock = clock;
        this.worker = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "maestro-inspector-" + inspector.name());
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Starts ticking: the first poll at once, then one per interval. */
    public synchronized void start() {
        if (ticking != null || stopped) {
            throw new IllegalStateException("a poller starts once");
        }
        ticking = ticker.start(interval, this::tick);
    }

    /** One tick of the timeline: starts a poll unless one is still running, in which case the tick is skipped. */
    void tick() {
        if (stopped) {
            return;
        }
        if (backoffTicks > 0) {
            backoffTicks--;
            skippedTicks.incrementAndGet();
            return;
        }
        if (!polling.compareAndSet(false, true)) {
            long skipped = skippedTicks.incrementAndGet();
            LOG.debug(
                    "{} inspection: previous poll still running, tick skipped ({} so far)", inspector.name(), skipped);
            return;
        }
        try {
            worker.execute(this::pollOnce);
        } catch (RejectedExecutionException e) {
            polling.set(false);
        }
    }

    private void pollOnce() {
        long timestamp = clock.nowMicros() / 1_000;
        try {
            Sample sample = inspector.poll();
            for (Map.Entry<DataSet, List<List<Object>>> rows : sample.rows().entrySet()) {
                files.write(rows.getKey(), timestamp, rows.getValue());
            }
            if (sample.failures().isEmpty()) {
                succeeded(timestamp);
            } else {
                failed(timestamp, String.join("; ", sample.failures()));
            }
            files.flush();
        } catch (InspectionException e) {
            failed(timestamp, e.getMessage());
        } catch (IOException e) {
            failed(timestamp, "cannot write the inspection data: " + e.getMessage());
        } catch (RuntimeException e) {
            LOG.error("{} inspection: poll failed unexpectedly", inspector.name(), e);
            failed(timestamp, e.toString());
        } finally {
            polls.incrementAndGet();
            polling.set(false);
        }
    }

    private void succeeded(long timestamp) {
        if (failureStreak > 0) {
            LOG.info("{} inspection works again after {} failed polls", inspector.name(), failureStreak);
            failureStreak = 0;
        }
        backoffTicks = 0;
        recordPoll(timestamp, 1, "");
    }

    private void failed(long timestamp, String message) {
        errors.incrementAndGet();
        lastError = message;
        failureStreak++;
        long maxTicks = Math.max(0, MAX_BACKOFF_SECONDS * 1000L / Math.max(1, interval.toMillis()) - 1);
        backoffTicks = Math.min((1L << Math.min(failureStreak - 1, 20)) - 1, maxTicks);
        if (!stopped) {
            LOG.warn(
                    "{} inspection: {}{}",
                    inspector.name(),
                    message,
                    backoffTicks > 0 ? " (next try in " + (backoffTicks + 1) + " intervals)" : "");
        }
        recordPoll(timestamp, 0, message);
    }

    private void recordPoll(long timestamp, int ok, String error) {
        if (!files.has(POLLS)) {
            return;
        }
        try {
            files.write(POLLS, timestamp, List.of(List.of(ok, error)));
            files.flush();
        } catch (IOException e) {
            LOG.warn("{} inspection: cannot record the poll: {}", inspector.name(), e.getMessage());
        }
    }

    /** The polls done, errors and skipped ticks so far. */
    public PollerStats stats() {
        return new PollerStats(polls.get(), errors.get(), skippedTicks.get(), lastError);
    }

    /** True while a poll runs. */
    public boolean polling() {
        return polling.get();
    }

    /**
     * Stops ticking and waits up to the given time for a poll in progress to end (its rows are written).
     *
     * @return true when no poll is left running
     */
    public boolean stop(Duration wait) throws InterruptedException {
        synchronized (this) {
            stopped = true;
            if (ticking != null) {
                ticking.stop();
            }
        }
        worker.shutdown();
        return worker.awaitTermination(wait.toNanos(), TimeUnit.NANOSECONDS);
    }

    /** Stops at once: no waiting for a poll in progress (close the inspector to abort its request). */
    public void halt() {
        synchronized (this) {
            stopped = true;
            if (ticking != null) {
                ticking.stop();
            }
        }
        worker.shutdownNow();
    }
}

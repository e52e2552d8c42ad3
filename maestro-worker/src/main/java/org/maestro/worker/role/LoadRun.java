package org.maestro.worker.role;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.maestro.base.time.MicroClock;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Payload;
import org.maestro.worker.health.HealthMeter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One test run of a sender or receiver after its connections are up: a supervisor thread writes the intervals every
 * second, asks the subclass whether the run has ended, then stops the work, writes the result files and notifies
 * the client. Control methods ({@link #request}, {@link #flush}, {@link #stats}) are safe from any thread.
 */
public abstract class LoadRun {
    /** What the control thread (or a connection that ended) asks of a running run. */
    public enum Event {
        STOP,
        HALT,
        DRAIN,
        /** Something changed (e.g. a connection ended): check now whether the run has ended. */
        CHECK
    }

    private static final Logger LOG = LoggerFactory.getLogger(LoadRun.class);

    protected final PeerContext context;
    protected final TestOptions options;
    protected final MicroClock clock;
    protected final Path directory;
    private final BlockingQueue<Event> events = new LinkedBlockingQueue<>();
    private final CompletableFuture<RunOutcome> finished = new CompletableFuture<>();
    private volatile IntervalWriter intervals;
    private volatile HealthMeter health;
    private volatile Runnable release;
    private volatile Payload.Stats lastStats;
    private long startMicros;

    protected LoadRun(PeerContext context, TestOptions options, MicroClock clock, Path directory) {
        this.context = context;
        this.options = options;
        this.clock = clock;
        this.directory = directory;
    }

    /** The names of the latency logs, the first counting the messages. */
    protected abstract List<String> logNames();

    /** Adds the connections' recorders to the freshly opened logs. */
    protected abstract void attachRecorders(IntervalWriter writer);

    /** The errors counted so far. */
    protected abstract long errors();

    /**
     * The send outcomes counted so far (they go to {@code rate.csv}), or null for a run that sends nothing (the
     * default).
     */
    protected OutcomeCounts outcomes() {
        return null;
    }

    /** Returns why the run ends now (after the given event, or null on a tick), or null to go on. */
    protected abstract String checkEnd(Event event, long nowMicros);

    /** Stops all connections and waits for them, with deadlines; {@code halt} means at once. */
    protected abstract void stopWork(boolean halt);

    /** Builds the result and outcome once the work has stopped. */
    protected abstract PeerResult result(String endReason, boolean halted, long endMillis, long warmupEndMillis);

    /** A sender's send delays of the interval just written (µs), for its health row; null (the default) for others. */
    protected org.HdrHistogram.Histogram lastSendDelays() {
        return null;
    }

    /** Called by the supervisor after each interval it wrote (ending at {@code endMillis}); nothing by default. */
    protected void afterInterval(long endMillis) {}

    /**
     * When the run's warm-up ended (epoch ms), once the work has stopped: by default the start plus {@code WARM_UP};
     * with {@code WARM_UP=auto} the end of the last interval that counted warm-up messages.
     */
    protected long warmupEndMillis() {
        if (options.warmUpAuto()) {
            long seen = intervals.lastWarmUpEndMillis();
            return seen > 0 ? seen : startMicros / 1000;
        }
        return startMicros / 1000 + options.warmUp().toMillis();
    }

    /**
     * The role's own measurements, written to {@code test.properties} and sent with the outcome (e.g. how far behind
     * its timeline a sender entered the measured window); none by default.
     */
    protected Map<String, String> measurements() {
        return Map.of();
    }

    /** Called once the run has ended and notified, whatever the outcome. */
    protected void onFinished(RunOutcome outcome) {}

    /** The role's notifications before the outcome (e.g. DRAIN_COMPLETE); none by default. */
    protected void beforeOutcome(RunOutcome outcome) {}

    /** Opens the files and starts the supervisor; the run's time starts now. */
    protected final void begin(String threadName) throws IOException {
        startMicros = clock.nowMicros();
        IntervalWriter writer = new IntervalWriter(
                context.self().role(),
                directory,
                startMicros / 1000,
                logNames(),
                this::errors,
                outcomes() != null ? this::outcomes : null);
        attachRecorders(writer);
        intervals = writer;
        health = HealthMeter.start(directory, startMicros / 1000, context.self().role());
        Thread supervisor = new Thread(this::supervise, threadName);
        supervisor.setDaemon(true);
        supervisor.start();
    }

    /** The latency log of that name, while the run writes its files. */
    protected final org.maestro.worker.measure.LatencyLog log(String name) {
        return intervals.log(name);
    }

    /** When the run started, in epoch µs. */
    protected final long startMicros() {
        return startMicros;
    }

    /** Sets what to do once the results are written and before the outcome is notified (the role becomes idle). */
    public final void onRelease(Runnable action) {
        release = action;
    }

    /** Passes a control request to the supervisor. */
    public final void request(Event event) {
        events.add(event);
    }

    /** Completes with the outcome once the run has ended and notified. */
    public final CompletableFuture<RunOutcome> finished() {
        return finished;
    }

    /**
     * The live figures. The count is the whole test's, warm-up included, for senders and receivers alike, counted at
     * the moment of the request (see {@link #liveCount()}): the client asks the receivers first, so a snapshot never
     * shows more received than sent on a clean run, and sent − received is what is in flight, not a second of
     * traffic. The rate and latencies are those of the last whole second.
     */
    public final Payload.Stats stats() {
        IntervalWriter writer = intervals;
        Payload.Stats stats = writer != null ? writer.stats() : lastStats;
        long live = liveCount();
        if (stats == null || live < 0) {
            return stats;
        }
        Payload.Stats current = new Payload.Stats(
                stats.role(),
                stats.timestampMillis(),
                live,
                stats.rate(),
                stats.latencyP99Micros(),
                stats.errors(),
                stats.latencyP50Micros(),
                stats.latencyMaxMicros(),
                stats.warmUpLatency());
        long consumed = consumedCount();
        return consumed >= 0 ? current.withConsumed(consumed) : current;
    }

    /**
     * Every message consumed by now, of whatever kind (a receiver's drain progress), or −1 for a run that consumes
     * nothing (the default).
     */
    protected long consumedCount() {
        return -1;
    }

    /** The messages counted by now, warm-up included, or −1 to answer the count of the last interval (the default). */
    protected long liveCount() {
        return -1;
    }

    /** Pushes buffered intervals and rows to the files. */
    public final void flush() throws IOException {
        IntervalWriter writer = intervals;
        if (writer != null) {
            writer.flush();
        }
        HealthMeter meter = health;
        if (meter != null) {
            meter.flush();
        }
    }

    private void supervise() {
        String endReason = null;
        boolean halted = false;
        long nextTick = startMicros / 1000 + 1000;
        try {
            while (endReason == null) {
                long wait = nextTick - clock.nowMicros() / 1000;
                Event event = wait > 0 ? events.poll(wait, TimeUnit.MILLISECONDS) : events.poll();
                long nowMillis = clock.nowMicros() / 1000;
                if (nowMillis >= nextTick) {
                    intervals.writeInterval(nextTick);
                    health.sample(nextTick, lastSendDelays());
                    afterInterval(nextTick);
                    nextTick += 1000 * (1 + (nowMillis - nextTick) / 1000);
                }
                if (event == Event.HALT) {
                    endReason = "halted";
                    halted = true;
                } else {
                    endReason = checkEnd(event, clock.nowMicros());
                }
            }
        } catch (InterruptedException e) {
            endReason = "interrupted";
            halted = true;
        } catch (IOException | RuntimeException e) {
            LOG.error("the {} run failed", context.self().role(), e);
            endReason = "stopped on an error: " + e;
            halted = true;
        }
        finish(endReason, halted);
    }

    /** Closes the interval logs, keeping their last figures for {@link #stats()}, and the health meter. */
    private void closeIntervals() throws IOException {
        IntervalWriter writer = intervals;
        lastStats = writer.stats();
        intervals = null;
        HealthMeter meter = health;
        health = null;
        try {
            writer.close();
        } finally {
            if (meter != null) {
                meter.close();
            }
        }
    }

    private void finish(String endReason, boolean halted) {
        RunOutcome outcome;
        try {
            stopWork(halted);
            long endMillis = clock.nowMicros() / 1000;
            intervals.writeInterval(Math.max(endMillis, intervals.lastEndMillis()));
            long warmupEnd = warmupEndMillis();
            PeerResult result = result(endReason, halted, endMillis, warmupEnd)
                    .withRunId(options.runId().orElse(null));
            Map<String, String> measurements = new HashMap<>(measurements());
            measurements.putAll(health.absent());
            closeIntervals();
            ResultFiles.writeTestProperties(
                    directory,
                    context.self(),
                    options,
                    new ResultFiles.RunTimes(startMicros / 1000, endMillis, warmupEnd),
                    measurements);
            ResultFiles.writeSystemProperties(directory);
            // last: a peer-result.json says the files beside it are complete
            result.write(directory.resolve(PeerResult.FILE_NAME));
            Map<String, String> details = new HashMap<>();
            details.put("count", Long.toString(result.count()));
            details.put(result.isSender() ? "sent" : "received", Long.toString(result.count()));
            details.put("errors", Long.toString(result.errors()));
            details.put("duplicates", Long.toString(result.duplicates()));
            details.put("outOfOrder", Long.toString(result.outOfOrder()));
            details.put("resultDirectory", directory.toString());
            details.putAll(measurements);
            OutcomeCounts outcomes = result.outcomes();
            if (outcomes != null) {
                details.put("accepted", Long.toString(outcomes.accepted()));
                details.put("released", Long.toString(outcomes.released()));
                details.put("rejected", Long.toString(outcomes.rejected()));
                details.put("modified", Long.toString(outcomes.modified()));
                details.put("failed", Long.toString(outcomes.failed()));
            }
            outcome = new RunOutcome(PeerResult.SUCCESS.equals(result.outcome()), result.reason(), details);
        } catch (IOException | RuntimeException e) {
            LOG.error("cannot write the results of the {} run", context.self().role(), e);
            outcome = new RunOutcome(
                    false,
                    "cannot write the results to " + directory + ": " + e.getMessage(),
                    Map.of("resultDirectory", directory.toString()));
        } finally {
            if (intervals != null) {
                try {
                    closeIntervals();
                } catch (IOException e) {
                    LOG.warn("cannot close the result files in {}: {}", directory, e.getMessage());
                }
            }
        }
        Runnable releaseAction = release;
        if (releaseAction != null) {
            releaseAction.run();
        }
        try {
            beforeOutcome(outcome);
            context.notify(
                    outcome.success() ? Command.NOTIFY_SUCCESS : Command.NOTIFY_FAIL,
                    outcome.reason(),
                    outcome.details());
        } catch (RuntimeException e) {
            LOG.warn(
                    "cannot notify the outcome of the {} run: {}",
                    context.self().role(),
                    e.getMessage());
        } finally {
            onFinished(outcome);
            finished.complete(outcome);
        }
    }
}

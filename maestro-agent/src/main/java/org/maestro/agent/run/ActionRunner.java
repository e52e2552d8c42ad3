package org.maestro.agent.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.maestro.agent.handler.Action;
import org.maestro.agent.handler.ActionCancelledException;
import org.maestro.agent.handler.ActionFailedException;
import org.maestro.base.time.MicroClock;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs actions, each on its own thread, several at once; records each one's start and end in the
 * {@link ActionTimeline} and its log beside it, cancels them and runs their undos. Thread-safe.
 *
 * <pre>{@code
 * ActionRunner runner = new ActionRunner(16, new ActionRunner.Limits(Duration.ofHours(1), Duration.ofSeconds(5)),
 *         restorations, readyActions, MicroClock.system(), (action, record) -> notifyClient(action, record));
 * runner.start(ParsedCommand.parse("shutdown 60"), handler, options, resultDir, Optional.empty(), Map.of());
 * ...
 * runner.stopAll("cancelled by STOP_AGENT", Duration.ofSeconds(5));   // cancels, waits, undoes
 * }</pre>
 */
public final class ActionRunner {
    private static final Logger LOG = LoggerFactory.getLogger(ActionRunner.class);

    /** Told when an action has ended; called on the action's thread (or the stopping one). */
    @FunctionalInterface
    public interface Listener {
        void ended(RunningAction action, ActionRecord record);
    }

    /**
     * How long an action may run, and how long it has to end once cancelled.
     *
     * @param maxDuration an action still running after it is cancelled, its undos run
     * @param grace       how long a cancelled action has to end before its undos run without it
     */
    public record Limits(Duration maxDuration, Duration grace) {
        /** The agent's command-line option that sets {@code maxDuration}, named in refusal messages. */
        public static final String MAX_DURATION_OPTION = "--max-action-duration";
    }

    private static final ScheduledExecutorService WATCHDOG = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "agent-action-watchdog");
        thread.setDaemon(true);
        return thread;
    });

    private final int maxRunning;
    private final Limits limits;
    private final Restorations restorations;
    private final ReadyActionFinder ready;
    private final MicroClock clock;
    private final Listener listener;
    private final ActionTimeline timeline = new ActionTimeline();
    private final Map<String, RunningAction> running = new LinkedHashMap<>();
    private final AtomicLong nextId = new AtomicLong(1);
    private final AtomicLong startedCount = new AtomicLong();
    private final AtomicLong failedCount = new AtomicLong();

    /**
     * @param maxRunning   how many actions may run at once
     * @param limits       how long an action may run
     * @param restorations where actions keep changes meant to outlive them
     * @param ready        the ready actions handlers may call
     * @param clock        the clock of the action timeline (written in epoch milliseconds)
     * @param listener     told when each action ends
     */
    public ActionRunner(
            int maxRunning,
            Limits limits,
            Restorations restorations,
            ReadyActionFinder ready,
            MicroClock clock,
            Listener listener) {
        this.maxRunning = maxRunning;
        this.limits = limits;
        this.restorations = restorations;
        this.ready = ready;
        this.clock = clock;
        this.listener = listener;
    }

    /**
     * Starts an action on its own thread and returns at once.
     *
     * @param resultDirectory where its log and the timeline go, or null to keep them in memory only
     * @param labels          details added to its notification (e.g. source and commit)
     * @throws RoleException BUSY when as many actions as allowed already run; IO when its log cannot be created
     */
    public RunningAction start(
            ParsedCommand command,
            Action action,
            TestOptions options,
            Path resultDirectory,
            Optional<Path> sourceDirectory,
            Map<String, String> labels)
            throws RoleException {
        RunningAction started;
        synchronized (running) {
            if (running.size() >= maxRunning) {
                throw new RoleException(
                        ErrorCodes.BUSY,
                        maxRunning + " actions already run on this agent (" + String.join(", ", running.keySet())
                                + "); wait for one to end or send STOP_AGENT");
            }
            String id = Long.toString(nextId.getAndIncrement());
            ActionLog log = openLog(id, resultDirectory);
            long start = clock.nowMicros() / 1_000;
            started = new RunningAction(id, command, options, sourceDirectory, labels, log, restorations, ready, start);
            running.put(id, started);
            timeline.update(
                    new ActionRecord(id, command.text(), start, -1, ActionOutcome.RUNNING, "", resultDirectory, null));
        }
        startedCount.incrementAndGet();
        writeTimeline(resultDirectory);
        RunningAction toRun = started;
        Thread thread = new Thread(() -> execute(toRun, action), "agent-action-" + started.actionId());
        thread.setDaemon(true);
        started.thread(thread);
        started.log().info("action {} started: {}", started.actionId(), command.text());
        thread.start();
        ScheduledFuture<?> overrun =
                WATCHDOG.schedule(() -> overrun(toRun), limits.maxDuration().toMillis(), TimeUnit.MILLISECONDS);
        started.onDone(() -> overrun.cancel(false));
        return started;
    }

    /** Cancels an action that ran past the maximum duration; undoes its changes without it if it does not end. */
    private void overrun(RunningAction action) {
        String reason = "it ran longer than this agent's maximum action duration of "
                + limits.maxDuration().toSeconds() + " s (" + Limits.MAX_DURATION_OPTION
                + " of the agent): cancelled, its changes undone; make it end sooner, or start the agent with a"
                + " longer " + Limits.MAX_DURATION_OPTION;
        synchronized (running) {
            if (!running.containsKey(action.actionId())) {
                return;
            }
        }
        action.log().warn("{}", reason);
        action.cancel(reason);
        WATCHDOG.schedule(
                () -> {
                    if (!action.isDone()) {
                        action.log()
                                .warn(
                                        "did not end within {} ms of being cancelled; undoing its changes without it",
                                        limits.grace().toMillis());
                        finish(
                                action,
                                ActionOutcome.CANCELLED,
                                reason + " (it did not end within "
                                        + limits.grace().toMillis() + " ms; its undos ran without it)");
                    }
                },
                limits.grace().toMillis(),
                TimeUnit.MILLISECONDS);
    }

    private ActionLog openLog(String id, Path resultDirectory) throws RoleException {
        try {
            Path file = null;
            if (resultDirectory != null) {
                Files.createDirectories(resultDirectory);
                file = resultDirectory.resolve("agent-action-" + id + ".log");
            }
            return new ActionLog(file, clock);
        } catch (IOException e) {
            throw new RoleException(
                    ErrorCodes.IO,
                    "cannot create the log of action " + id + " in " + resultDirectory + ": " + e.getMessage(),
                    e);
        }
    }

    private void execute(RunningAction action, Action work) {
        ActionOutcome outcome;
        String message;
        try {
            Object result = work.run(action);
            action.result(result);
            if (action.cancelled()) {
                outcome = ActionOutcome.CANCELLED;
                message = action.cancelReason();
            } else {
                outcome = ActionOutcome.SUCCESS;
                message = result == null ? "done" : String.valueOf(result);
            }
        } catch (ActionCancelledException e) {
            outcome = ActionOutcome.CANCELLED;
            message = action.cancelled() ? action.cancelReason() : e.getMessage();
        } catch (ActionFailedException e) {
            outcome = action.cancelled() ? ActionOutcome.CANCELLED : ActionOutcome.FAILED;
            message = action.cancelled() ? action.cancelReason() : e.getMessage();
            action.log().error("failed: {}", e.getMessage());
        } catch (Throwable e) {
            outcome = action.cancelled() ? ActionOutcome.CANCELLED : ActionOutcome.FAILED;
            message = action.cancelled() ? action.cancelReason() : describe(e);
            action.log().error("failed", e);
        }
        finish(action, outcome, message);
    }

    private void finish(RunningAction action, ActionOutcome outcome, String message) {
        List<String> undoFailures = action.runUndos();
        if (!undoFailures.isEmpty()) {
            if (outcome == ActionOutcome.SUCCESS) {
                outcome = ActionOutcome.FAILED;
            }
            message = message + "; undo failed: " + String.join("; ", undoFailures);
        }
        if (!action.markFinished()) {
            return;
        }
        end(action, outcome, message);
    }

    private void end(RunningAction action, ActionOutcome outcome, String message) {
        long end = clock.nowMicros() / 1_000;
        ActionRecord record;
        synchronized (running) {
            running.remove(action.actionId());
            record = timeline.records().stream()
                    .filter(r -> r.id().equals(action.actionId()))
                    .findFirst()
                    .orElseThrow()
                    .ended(end, outcome, message, action.program());
            timeline.update(record);
        }
        if (outcome == ActionOutcome.FAILED) {
            failedCount.incrementAndGet();
        }
        action.log()
                .info(
                        "action {} {} after {} ms: {}",
                        action.actionId(),
                        outcome.label(),
                        end - action.startMillis(),
                        message);
        writeTimeline(record.resultDirectory());
        try {
            listener.ended(action, record);
        } catch (RuntimeException e) {
            LOG.warn("could not report the end of action {}: {}", action.actionId(), e.toString());
        }
        action.markDone();
    }

    /**
     * Cancels every running action, waits up to the grace time for them to end (running their undos), then runs
     * the undos of those still running itself and records them as cancelled.
     *
     * @return how many actions were cancelled
     */
    public int stopAll(String reason, Duration grace) {
        List<RunningAction> toStop;
        synchronized (running) {
            toStop = new ArrayList<>(running.values());
        }
        toStop.forEach(action -> action.cancel(reason));
        long deadline = System.nanoTime() + grace.toNanos();
        for (RunningAction action : toStop) {
            boolean ended;
            try {
                ended = action.awaitEnd(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ended = false;
            }
            if (!ended) {
                action.log()
                        .warn(
                                "did not end within {} ms of being cancelled; undoing its changes without it",
                                grace.toMillis());
                finish(
                        action,
                        ActionOutcome.CANCELLED,
                        reason + " (it did not end within " + grace.toMillis() + " ms; its undos ran without it)");
            }
        }
        return toStop.size();
    }

    /**
     * Forgets the actions that ended (their timeline and counts), so that a later test neither counts nor writes
     * them; action ids keep counting up. Actions still running are kept.
     */
    public void reset() {
        synchronized (running) {
            timeline.retainOnly(running.keySet());
        }
        startedCount.set(running().size());
        failedCount.set(0);
    }

    /** The actions running now. */
    public List<RunningAction> running() {
        synchronized (running) {
            return List.copyOf(running.values());
        }
    }

    /** How many actions were started. */
    public long startedCount() {
        return startedCount.get();
    }

    /** How many actions failed. */
    public long failedCount() {
        return failedCount.get();
    }

    /** The start and end of every action. */
    public ActionTimeline timeline() {
        return timeline;
    }

    private void writeTimeline(Path resultDirectory) {
        if (resultDirectory == null) {
            return;
        }
        try {
            timeline.write(resultDirectory);
        } catch (IOException e) {
            LOG.warn("could not write {} in {}: {}", ActionTimeline.FILE_NAME, resultDirectory, e.toString());
        }
    }

    /** The message of an exception for the client: its type and message, through wrappers. */
    static String describe(Throwable error) {
        Throwable cause = error;
        while (cause.getCause() != null
                && (cause.getMessage() == null
                        || cause instanceof java.lang.reflect.InvocationTargetException
                        || cause.getClass().getName().endsWith("InvokerInvocationException"))) {
            cause = cause.getCause();
        }
        String text = cause.getMessage();
        return cause.getClass().getSimpleName() + (text == null ? "" : ": " + text);
    }
}

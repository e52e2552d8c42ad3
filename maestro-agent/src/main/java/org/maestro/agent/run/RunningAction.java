package org.maestro.agent.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.maestro.agent.handler.ActionCancelledException;
import org.maestro.agent.handler.ActionContext;
import org.maestro.agent.handler.ActionFailedException;
import org.maestro.agent.handler.ActionLogger;
import org.maestro.agent.handler.ExecResult;
import org.maestro.agent.handler.ProgramOutput;
import org.maestro.agent.handler.Undo;
import org.maestro.common.options.TestOptions;
import org.maestro.common.peer.RoleException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One action while it runs: its {@link ActionContext} for the handler, its cancellation and its undos. The handler
 * uses it from the action's thread; {@link #cancel} and {@link #runUndos} may come from any thread.
 */
public final class RunningAction implements ActionContext {
    private static final Logger AGENT_LOG = LoggerFactory.getLogger("org.maestro.agent.action");

    private record NamedUndo(String description, Undo undo) {}

    private final String id;
    private final ParsedCommand command;
    private final TestOptions options;
    private final Optional<Path> sourceDirectory;
    private final Map<String, String> labels;
    private final ActionLog log;
    private final ActionLogger logger;
    private final Restorations restorations;
    private final ReadyActionFinder ready;
    private final long startMillis;

    private final Object lock = new Object();
    private final Deque<NamedUndo> undos = new ArrayDeque<>();
    private final Set<Process> children = ConcurrentHashMap.newKeySet();
    private final AtomicBoolean undone = new AtomicBoolean();
    private final AtomicBoolean finished = new AtomicBoolean();
    private final CountDownLatch done = new CountDownLatch(1);
    private final List<Runnable> whenDone = new ArrayList<>();
    private volatile boolean cancelled;
    private volatile String cancelReason;
    private volatile boolean undoing;
    private volatile Thread thread;
    private volatile String progress = "";
    private volatile Object result;
    private volatile ProgramOutput program;

    RunningAction(
            String id,
            ParsedCommand command,
            TestOptions options,
            Optional<Path> sourceDirectory,
            Map<String, String> labels,
            ActionLog log,
            Restorations restorations,
            ReadyActionFinder ready,
            long startMillis) {
        this.id = id;
        this.command = command;
        this.options = options;
        this.sourceDirectory = sourceDirectory;
        this.labels = Map.copyOf(labels);
        this.log = log;
        this.logger = new ActionLogger("action-" + id, log::line, AGENT_LOG);
        this.restorations = restorations;
        this.ready = ready;
        this.startMillis = startMillis;
    }

    @Override
    public String actionId() {
        return id;
    }

    @Override
    public String command() {
        return command.text();
    }

    @Override
    public String name() {
        return command.name();
    }

    @Override
    public List<String> args() {
        return command.args();
    }

    @Override
    public TestOptions options() {
        return options;
    }

    @Override
    public Logger log() {
        return logger;
    }

    @Override
    public void progress(String message) {
        progress = message;
        logger.info("progress: {}", message);
    }

    @Override
    public boolean cancelled() {
        return cancelled;
    }

    @Override
    public void checkCancelled() {
        if (cancelled && !undoing) {
            throw new ActionCancelledException(cancelReason);
        }
    }

    @Override
    public void pause(Duration duration) {
        long deadline = System.nanoTime() + duration.toNanos();
        synchronized (lock) {
            while (!cancelled || undoing) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(lock, left);
                } catch (InterruptedException e) {
                    if (!cancelled) {
                        Thread.currentThread().interrupt();
                        throw new ActionCancelledException("the action's thread was interrupted");
                    }
                }
            }
        }
        throw new ActionCancelledException(cancelReason);
    }

    @Override
    public void onUndo(String description, Undo undo) {
        synchronized (undos) {
            undos.push(new NamedUndo(description, undo));
        }
    }

    @Override
    public void onAgentStop(String key, String description, Undo restore) {
        restorations.keep(key, description + " (left by action " + id + ")", restore);
        logger.info("kept until the agent stops: {}", description);
    }

    @Override
    public boolean restore(String key) throws Exception {
        Optional<Restorations.Restoration> restoration = restorations.take(key);
        if (restoration.isEmpty()) {
            return false;
        }
        logger.info("restoring: {}", restoration.get().description());
        restoration.get().undo().run();
        return true;
    }

    @Override
    public boolean forget(String key) {
        return restorations.take(key).isPresent();
    }

    @Override
    public Optional<Path> sourceDirectory() {
        return sourceDirectory;
    }

    @Override
    public ExecResult exec(List<String> program, Duration timeout) {
        checkCancelled();
        logger.info("$ {}", String.join(" ", program));
        try {
            ExecResult outcome = Programs.run(program, timeout, line -> log.line("  | " + line), process -> {
                children.add(process);
                if (cancelled && !undoing) {
                    process.destroyForcibly();
                }
            });
            children.removeIf(process -> !process.isAlive());
            checkCancelled();
            logger.info(
                    "  exit {}{}",
                    outcome.exitCode(),
                    outcome.timedOut() ? " (timed out after " + timeout.toMillis() + " ms)" : "");
            return outcome;
        } catch (IOException e) {
            throw new ActionFailedException("cannot run " + program.get(0) + ": " + e.getMessage());
        } catch (InterruptedException e) {
            if (cancelled) {
                throw new ActionCancelledException(cancelReason);
            }
            Thread.currentThread().interrupt();
            throw new ActionCancelledException("the action's thread was interrupted");
        }
    }

    @Override
    public Optional<Path> outputFile(String kind) {
        Path logFile = log.file();
        return logFile == null
                ? Optional.empty()
                : Optional.of(logFile.resolveSibling("agent-action-" + id + "." + kind));
    }

    @Override
    public void recordProgram(ProgramOutput output) {
        this.program = output;
    }

    /** How the handler's program ended, or null for a handler that is not a program (or has not ended). */
    public ProgramOutput program() {
        return program;
    }

    @Override
    public Object runReady(String readyName, List<String> readyArgs) throws Exception {
        try {
            return ready.prepare(readyName, readyArgs).run(this);
        } catch (RoleException e) {
            throw new ActionFailedException(e.getMessage());
        }
    }

    /** Asks the action to stop: its waits end, the program it runs is killed, its thread interrupted. */
    public void cancel(String reason) {
        synchronized (lock) {
            if (cancelled) {
                return;
            }
            cancelReason = reason;
            cancelled = true;
            lock.notifyAll();
            if (!undoing) {
                children.forEach(Process::destroyForcibly);
                Thread running = thread;
                if (running != null) {
                    running.interrupt();
                }
            }
        }
    }

    /**
     * Runs the registered undos once, the last registered first, whichever thread gets here first.
     *
     * @return a message for each undo that failed
     */
    List<String> runUndos() {
        List<String> failures = new ArrayList<>();
        if (!undone.compareAndSet(false, true)) {
            return failures;
        }
        synchronized (lock) {
            undoing = true;
        }
        if (Thread.currentThread() == thread) {
            Thread.interrupted();
        }
        while (true) {
            NamedUndo next;
            synchronized (undos) {
                next = undos.poll();
            }
            if (next == null) {
                return failures;
            }
            try {
                logger.info("undo: {}", next.description());
                next.undo().run();
            } catch (Exception e) {
                logger.error("undo failed: {}: {}", next.description(), e.getMessage());
                failures.add(next.description() + ": " + e.getMessage());
            }
        }
    }

    void thread(Thread runner) {
        this.thread = runner;
    }

    void result(Object value) {
        this.result = value;
    }

    /** True for the first caller only: the one that records the end. */
    boolean markFinished() {
        return finished.compareAndSet(false, true);
    }

    void markDone() {
        log.close();
        done.countDown();
        List<Runnable> callbacks;
        synchronized (whenDone) {
            callbacks = List.copyOf(whenDone);
            whenDone.clear();
        }
        callbacks.forEach(Runnable::run);
    }

    /** Runs the callback once the action has ended (at once when it has). */
    void onDone(Runnable callback) {
        synchronized (whenDone) {
            if (!isDone()) {
                whenDone.add(callback);
                return;
            }
        }
        callback.run();
    }

    /** True once the action has ended and its end was recorded. */
    boolean isDone() {
        return done.getCount() == 0;
    }

    /** Waits until the action has ended; false when it had not ended in time. */
    public boolean awaitEnd(Duration timeout) throws InterruptedException {
        return done.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Why it was cancelled, or null. */
    public String cancelReason() {
        return cancelReason;
    }

    /** When it started, epoch ms. */
    public long startMillis() {
        return startMillis;
    }

    /** The latest progress the handler reported, or empty. */
    public String latestProgress() {
        return progress;
    }

    /** What the handler returned, or null. */
    public Object result() {
        return result;
    }

    /** The labels the agent gave it (e.g. source and commit). */
    public Map<String, String> labels() {
        return labels;
    }

    /** The tail of its log. */
    public String output(int maxChars) {
        return log.tail(maxChars);
    }

    /** Its log file, or null when it has none. */
    public Path logFile() {
        return log.file();
    }
}

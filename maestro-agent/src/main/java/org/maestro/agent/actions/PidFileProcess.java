package org.maestro.agent.actions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maestro.agent.handler.ExecResult;
import org.maestro.agent.run.Programs;

/**
 * A process the agent did not start, found through its pid file. Without a start command it is frozen (SIGSTOP) and
 * thawed (SIGCONT): it keeps its connections but answers nothing. With one, it is stopped (SIGTERM, or SIGKILL) and
 * the command starts it again. Thread-safe.
 */
public final class PidFileProcess implements ManagedProcess {
    private final String name;
    private final Path pidFile;
    private final List<String> startCommand;
    private final Tools tools;
    private final Duration grace;

    public PidFileProcess(String name, Path pidFile, List<String> startCommand, Tools tools, Duration grace) {
        this.name = name;
        this.pidFile = pidFile;
        this.startCommand = List.copyOf(startCommand);
        this.tools = tools;
        this.grace = grace;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String describe() {
        return name + " (pid file " + pidFile + ")";
    }

    @Override
    public boolean running() {
        OptionalLong pid = pid();
        return pid.isPresent()
                && ProcessHandle.of(pid.getAsLong()).map(ProcessHandle::isAlive).orElse(false)
                && !state(pid.getAsLong())
                        .map(s -> s == 'T' || s == 't' || s == 'Z')
                        .orElse(false);
    }

    @Override
    public OptionalLong pid() {
        try {
            return OptionalLong.of(Long.parseLong(Files.readString(pidFile).trim()));
        } catch (IOException | NumberFormatException e) {
            return OptionalLong.empty();
        }
    }

    @Override
    public boolean canKill() {
        return !startCommand.isEmpty();
    }

    private long requirePid() throws IOException {
        try {
            String text = Files.readString(pidFile).trim();
            return Long.parseLong(text);
        } catch (NoSuchFileException e) {
            throw new IOException(
                    "the pid file " + pidFile + " of " + name + " does not exist: is " + name + " running?", e);
        } catch (NumberFormatException e) {
            throw new IOException("the pid file " + pidFile + " of " + name + " does not hold a pid", e);
        }
    }

    @Override
    public synchronized void stop(boolean kill, Consumer<String> log) throws Exception {
        long pid = requirePid();
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        if (handle.isEmpty() || !handle.get().isAlive()) {
            throw new IllegalStateException(name + " (pid " + pid + " from " + pidFile + ") is not running");
        }
        if (startCommand.isEmpty()) {
            if (kill) {
                throw new IllegalStateException(name + " has no start command, so it can only be frozen, not killed");
            }
            signal("STOP", pid, log);
            log.accept("froze " + name + ", pid " + pid);
            return;
        }
        if (kill) {
            handle.get().destroyForcibly();
        } else {
            handle.get().destroy();
        }
        try {
            handle.get().onExit().get(grace.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            log.accept(name + " did not end within " + grace.toMillis() + " ms of SIGTERM; killing it");
            handle.get().destroyForcibly();
            handle.get().onExit().get(5, java.util.concurrent.TimeUnit.SECONDS);
        }
        log.accept((kill ? "killed " : "stopped ") + name + ", pid " + pid);
    }

    @Override
    public synchronized void start(Consumer<String> log) throws Exception {
        if (startCommand.isEmpty()) {
            long pid = requirePid();
            signal("CONT", pid, log);
            log.accept("thawed " + name + ", pid " + pid);
            return;
        }
        if (running()) {
            log.accept(name + " already runs, pid " + pid().orElse(-1));
            return;
        }
        ExecResult result =
                Programs.run(startCommand, Duration.ofMinutes(1), line -> log.accept("  | " + line), process -> {});
        if (!result.ok()) {
            throw new IllegalStateException("could not start " + name + ": " + result.describe());
        }
        log.accept("started " + name + " with " + String.join(" ", startCommand));
    }

    private void signal(String signal, long pid, Consumer<String> log) throws Exception {
        Path kill = tools.require("kill", "signalling " + name, "procps or util-linux");
        ExecResult result = Programs.run(
                List.of(kill.toString(), "-" + signal, Long.toString(pid)),
                Duration.ofSeconds(10),
                line -> log.accept("  | " + line),
                process -> {});
        if (!result.ok()) {
            throw new IllegalStateException("could not send SIG" + signal + " to " + name + ": " + result.describe());
        }
    }

    /** The state letter of /proc/pid/stat (R, S, T…), when readable. */
    static Optional<Character> state(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            int close = stat.lastIndexOf(')');
            return close < 0 || close + 2 >= stat.length() ? Optional.empty() : Optional.of(stat.charAt(close + 2));
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}

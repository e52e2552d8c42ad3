package org.maestro.agent.actions;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * A process the agent starts from a command line and owns: its output is appended to a log file, it is stopped with
 * SIGTERM (SIGKILL after a grace time) together with its children. It is not restarted when it ends by itself:
 * a crash of the system under test is a finding. Thread-safe.
 */
public final class SupervisedProcess implements ManagedProcess {
    private final String name;
    private final List<String> command;
    private final Path logFile;
    private final Duration grace;
    private Process process;

    /**
     * @param logFile where its standard output and error are appended
     * @param grace   how long a graceful stop waits before killing it
     */
    public SupervisedProcess(String name, List<String> command, Path logFile, Duration grace) {
        this.name = name;
        this.command = List.copyOf(command);
        this.logFile = logFile;
        this.grace = grace;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public synchronized String describe() {
        return name + " (" + String.join(" ", command)
                + (process != null && process.isAlive() ? ", pid " + process.pid() : ", not running") + ")";
    }

    @Override
    public synchronized boolean running() {
        return process != null && process.isAlive();
    }

    @Override
    public synchronized OptionalLong pid() {
        return process != null && process.isAlive() ? OptionalLong.of(process.pid()) : OptionalLong.empty();
    }

    @Override
    public boolean canKill() {
        return true;
    }

    @Override
    public synchronized void start(Consumer<String> log) throws IOException, InterruptedException {
        if (running()) {
            log.accept(name + " already runs, pid " + process.pid());
            return;
        }
        Files.createDirectories(logFile.getParent());
        Process started = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
                .start();
        process = started;
        if (started.waitFor(200, TimeUnit.MILLISECONDS)) {
            throw new IllegalStateException(name + " (" + String.join(" ", command) + ") exited at once with code "
                    + started.exitValue() + "; its output is in " + logFile);
        }
        log.accept("started " + name + ", pid " + started.pid());
    }

    @Override
    public synchronized void stop(boolean kill, Consumer<String> log) throws InterruptedException {
        if (!running()) {
            throw new IllegalStateException(name + " is not running"
                    + (process == null ? "" : " (it exited with code " + process.exitValue() + ")"));
        }
        long pid = process.pid();
        process.descendants().forEach(kill ? ProcessHandle::destroyForcibly : ProcessHandle::destroy);
        if (kill) {
            process.destroyForcibly();
        } else {
            process.destroy();
        }
        if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
            log.accept(name + " did not end within " + grace.toMillis() + " ms of SIGTERM; killing it");
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                throw new IllegalStateException(name + " (pid " + pid + ") could not be killed");
            }
        }
        log.accept((kill ? "killed " : "stopped ") + name + ", pid " + pid + ", exit code " + process.exitValue());
    }

    /** Stops it if it runs, for the agent's shutdown; never throws. */
    public synchronized void close() {
        if (process != null && process.isAlive()) {
            process.descendants().forEach(ProcessHandle::destroy);
            process.destroy();
            try {
                if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.descendants().forEach(ProcessHandle::destroyForcibly);
                    process.destroyForcibly();
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}

package org.maestro.topology.local;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.maestro.topology.InfrastructureException;

/**
 * One {@code qdrouterd} child process started with {@code --config <file>} (an argument list,
 * never a shell), its output going to a log file. It can be stopped (gracefully or with SIGKILL)
 * and started again with the same configuration, appending to the same log, as a fault-injection
 * action does. Thread-safe.
 */
public final class RouterProcess implements AutoCloseable {

    private final String name;
    private final Path executable;
    private final Path conf;
    private final Path log;
    private volatile Process process;

    private RouterProcess(String name, Path executable, Path conf, Path log) {
        this.name = name;
        this.executable = executable;
        this.conf = conf;
        this.log = log;
    }

    /** Starts {@code executable --config conf}, output to {@code log}. */
    public static RouterProcess start(String name, Path executable, Path conf, Path log) {
        RouterProcess router = new RouterProcess(name, executable, conf, log);
        router.launch(ProcessBuilder.Redirect.to(log.toFile()));
        return router;
    }

    private void launch(ProcessBuilder.Redirect output) {
        ProcessBuilder builder = new ProcessBuilder(List.of(executable.toString(), "--config", conf.toString()))
                .redirectErrorStream(true)
                .redirectOutput(output);
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new InfrastructureException(
                    "cannot start " + executable + " for router " + name + ": " + e.getMessage(), e);
        }
    }

    /**
     * Stops the router: SIGKILL at once when {@code kill}, else SIGTERM and SIGKILL after 10 s; returns once it has
     * exited. Does nothing when it is not running.
     */
    public synchronized void stop(boolean kill) throws InterruptedException {
        Process current = process;
        if (!current.isAlive()) {
            return;
        }
        if (kill) {
            current.destroyForcibly();
        } else {
            current.destroy();
            if (current.waitFor(10, TimeUnit.SECONDS)) {
                return;
            }
            current.destroyForcibly();
        }
        current.waitFor(10, TimeUnit.SECONDS);
    }

    /** Starts the router again with the same configuration, appending to its log; fails when it still runs. */
    public synchronized void restart() {
        if (process.isAlive()) {
            throw new InfrastructureException(
                    "router " + name + " still runs (process " + process.pid() + "); stop it before starting it again");
        }
        launch(ProcessBuilder.Redirect.appendTo(log.toFile()));
    }

    /** The configuration file it runs with. */
    public Path conf() {
        return conf;
    }

    /** The node name. */
    public String name() {
        return name;
    }

    /** The operating-system process id. */
    public long pid() {
        return process.pid();
    }

    /** When the process started, if the system reports it. */
    public Instant startInstant() {
        return process.info().startInstant().orElse(null);
    }

    /** The log file. */
    public Path log() {
        return log;
    }

    /** True while the process runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    /** Throws, with the router's own error lines (or the end of its log), when the process has exited. */
    public void checkAlive() {
        if (!process.isAlive()) {
            String errors = errorLines();
            throw new InfrastructureException("router " + name + " exited with code " + process.exitValue()
                    + (errors.isEmpty()
                            ? "; last lines of " + log + ":\n" + logTail(15)
                            : ": " + errors + " (whole log: " + log + ")"));
        }
    }

    /**
     * The lines where the router says why it stopped: its {@code (critical)} lines, else its {@code (error)} lines,
     * without the time stamp; empty when it wrote none.
     */
    public String errorLines() {
        List<String> all;
        try {
            all = Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "";
        }
        for (String severity : List.of("(critical)", "(error)")) {
            List<String> found = all.stream()
                    .filter(line -> line.contains(" " + severity + " "))
                    .map(line -> line.substring(line.indexOf(severity) + severity.length())
                            .trim())
                    .distinct()
                    .toList();
            if (!found.isEmpty()) {
                return String.join("; ", found);
            }
        }
        return "";
    }

    /** The last {@code lines} lines of the log. */
    public String logTail(int lines) {
        try {
            List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
            return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
        } catch (IOException e) {
            return "(log not readable: " + e.getMessage() + ")";
        }
    }

    /** Asks the process to stop, waits up to 10 s, then kills it. */
    @Override
    public void close() {
        try {
            stop(false);
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}

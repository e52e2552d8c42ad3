package org.maestro.agent.run;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.maestro.agent.handler.ExecResult;

/**
 * Runs a program from an argument list (never through a shell), hands its output lines to a consumer as they come,
 * and waits for it within a deadline. Stateless and thread-safe.
 */
public final class Programs {
    /** The most output an {@link ExecResult} keeps (the tail); the line consumer sees all of it. */
    static final int MAX_KEPT_OUTPUT = 64 * 1024;

    private Programs() {}

    /**
     * Runs a program.
     *
     * @param command the program and its arguments
     * @param timeout how long it may run; then it and its children are killed and the result says it timed out
     * @param lines   receives each line of its standard output and error
     * @param started receives the process once it runs (e.g. to kill it on cancellation)
     * @throws IOException          when the program cannot be started (missing, not executable)
     * @throws InterruptedException when the calling thread is interrupted; the program is killed first
     */
    public static ExecResult run(
            List<String> command, Duration timeout, Consumer<String> lines, Consumer<Process> started)
            throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        started.accept(process);
        process.getOutputStream().close();
        StringBuilder kept = new StringBuilder();
        Thread pump = new Thread(() -> pump(process, lines, kept), "agent-exec-output-" + process.pid());
        pump.setDaemon(true);
        pump.start();
        boolean ended;
        try {
            ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            kill(process);
            throw e;
        }
        if (!ended) {
            kill(process);
        }
        pump.join(2000);
        String output;
        synchronized (kept) {
            output = kept.toString();
        }
        return new ExecResult(command, ended ? process.exitValue() : -1, output, !ended);
    }

    /** Kills a process and its descendants and waits briefly for it to be gone. */
    public static void kill(Process process) {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
        try {
            process.waitFor(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void pump(Process process, Consumer<String> lines, StringBuilder kept) {
        try (BufferedReader reader =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                lines.accept(line);
                synchronized (kept) {
                    kept.append(line).append('\n');
                    if (kept.length() > MAX_KEPT_OUTPUT) {
                        kept.delete(0, kept.length() - MAX_KEPT_OUTPUT);
                    }
                }
            }
        } catch (IOException e) {
            lines.accept("(output lost: " + e.getMessage() + ")");
        }
    }
}

package org.maestro.agent.handler;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A handler that is an executable file of the agent source, run as an {@link Action}: started directly with the
 * command's words as its arguments (its first line names its interpreter; no shell), in the source's directory with
 * a small environment ({@link HandlerEnvironment}); its exit code decides the outcome, its output is kept bounded
 * ({@link OutputCapture}), and a cancelled one is ended with everything it started ({@link ProcessTree}).
 * Immutable, so runs may overlap.
 */
public final class ProgramHandler implements Action {
    /** How long a cancelled handler and its processes have between SIGTERM and SIGKILL. */
    static final Duration KILL_GRACE = Duration.ofSeconds(2);
    /** How long its output may stay open after it ended (held by a process it left behind). */
    private static final Duration OUTPUT_GRACE = Duration.ofSeconds(1);

    private static final long POLL_MILLIS = 100;

    private final Path file;
    private final String name;

    /**
     * @param file the executable file
     * @param name the handler as messages name it, e.g. {@code handlers/check-disk}
     */
    public ProgramHandler(Path file, String name) {
        this.file = file;
        this.name = name;
    }

    /** The executable file. */
    public Path file() {
        return file;
    }

    @Override
    public Object run(ActionContext context) throws IOException {
        context.checkCancelled();
        List<String> argv = new ArrayList<>();
        argv.add(file.toString());
        argv.addAll(context.args());
        ProcessBuilder builder = new ProcessBuilder(argv)
                .directory(context.sourceDirectory().orElse(file.getParent()).toFile());
        HandlerEnvironment.fill(builder.environment(), System.getenv(), context, name);
        context.log().info("$ {}", String.join(" ", argv));
        Process process = start(builder);
        process.getOutputStream().close();
        OutputCapture stdout = OutputCapture.start(process.getInputStream(), "agent-handler-stdout-" + process.pid());
        OutputCapture stderr = OutputCapture.start(process.getErrorStream(), "agent-handler-stderr-" + process.pid());
        boolean ended = awaitEnd(process, context);
        int killed = ended ? 0 : ProcessTree.end(process, KILL_GRACE);
        stdout.finish(OUTPUT_GRACE);
        stderr.finish(OUTPUT_GRACE);
        // the cancellation's interrupt has been carried out; what the handler wrote is written down all the same
        Thread.interrupted();
        if (!ended) {
            context.log()
                    .warn(
                            "{} (pid {}) was still running when the action was cancelled: it and the processes it"
                                    + " started got SIGTERM{}",
                            name,
                            process.pid(),
                            killed == 0
                                    ? ""
                                    : ", " + killed + " of them SIGKILL " + KILL_GRACE.toSeconds() + " s later");
        }
        int exitCode = process.isAlive() ? -1 : process.exitValue();
        context.recordProgram(new ProgramOutput(exitCode, stdout.tail(), stderr.tail()));
        keep(context, "stdout", stdout);
        keep(context, "stderr", stderr);
        context.log().info("  exit {}", exitCode);
        if (!ended) {
            throw new ActionCancelledException(name + " was ended: the action was cancelled");
        }
        if (exitCode != 0) {
            String error = lastLines(stderr.tail(), 3, "");
            throw new ActionFailedException(name + " exited with " + exitCode
                    + (error.isEmpty() ? " and wrote nothing on its stderr" : "; its stderr: " + error));
        }
        return lastLines(stdout.tail(), 1, name + " exited with 0");
    }

    private Process start(ProcessBuilder builder) {
        try {
            return builder.start();
        } catch (IOException | IllegalArgumentException e) {
            throw new ActionFailedException("cannot run " + name + ": " + e.getMessage()
                    + "; its first line must name its interpreter (e.g. #!/bin/sh or #!/usr/bin/env python3),"
                    + " and that interpreter must be installed on the agent's host");
        }
    }

    /** Waits for the process to end; false when the action was cancelled (or its thread interrupted) first. */
    private static boolean awaitEnd(Process process, ActionContext context) {
        try {
            while (!process.waitFor(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
                if (context.cancelled()) {
                    return false;
                }
            }
            return true;
        } catch (InterruptedException e) {
            return false;
        }
    }

    /** Writes what was kept of an output stream beside the action's log, and says so in the log. */
    private static void keep(ActionContext context, String stream, OutputCapture capture) {
        if (capture.total() == 0) {
            return;
        }
        Optional<Path> target = context.outputFile(stream);
        String note = capture.truncated()
                ? " (truncated: its first " + OutputCapture.HEAD_BYTES + " of " + capture.total() + " bytes kept)"
                : "";
        if (target.isEmpty()) {
            context.log()
                    .info(
                            "  {}: {} bytes{}, ending: {}",
                            stream,
                            capture.total(),
                            note,
                            capture.tail().strip());
            return;
        }
        try {
            capture.save(target.get());
            context.log()
                    .info(
                            "  {}: {} bytes in {}{}",
                            stream,
                            capture.total(),
                            target.get().getFileName(),
                            note);
        } catch (IOException e) {
            context.log().warn("  {} could not be written to {}: {}", stream, target.get(), e.getMessage());
        }
    }

    /** The last {@code count} non-blank lines of a text, joined with " | ", or the fallback when it has none. */
    static String lastLines(String text, int count, String fallback) {
        List<String> lines =
                text.lines().filter(line -> !line.isBlank()).map(String::strip).toList();
        if (lines.isEmpty()) {
            return fallback;
        }
        return String.join(" | ", lines.subList(Math.max(0, lines.size() - count), lines.size()));
    }
}

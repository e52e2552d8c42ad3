package org.maestro.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A shell command line that keeps running (a peer, {@code topology up}), started for a test with a given environment
 * in a folder: what it printed so far (stdout and stderr together), whether it still runs, and its end.
 */
final class BackgroundCommand implements AutoCloseable {
    private final String line;
    private final Process process;
    private final Path output;

    private BackgroundCommand(String line, Process process, Path output) {
        this.line = line;
        this.process = process;
        this.output = output;
    }

    /** Starts {@code bash -c line} with exactly this environment in {@code directory}. */
    static BackgroundCommand start(String line, Path directory, Map<String, String> environment) throws IOException {
        Path output = Files.createTempFile(directory, "background-", ".out");
        ProcessBuilder builder = new ProcessBuilder(List.of("bash", "-c", line))
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .redirectOutput(output.toFile());
        builder.environment().clear();
        builder.environment().putAll(environment);
        return new BackgroundCommand(line, builder.start(), output);
    }

    /** What it printed so far. */
    String output() throws IOException {
        return Files.readString(output, StandardCharsets.UTF_8);
    }

    boolean alive() {
        return process.isAlive();
    }

    /**
     * Waits until its output contains {@code text}; fails with the output when it ends first or the deadline passes.
     */
    void awaitOutput(String text, Duration deadline) throws IOException, InterruptedException {
        long end = System.nanoTime() + deadline.toNanos();
        while (!output().contains(text)) {
            if (!process.isAlive() && !output().contains(text)) {
                throw new AssertionError(
                        line + " ended with " + process.exitValue() + " before printing '" + text + "':\n" + output());
            }
            if (System.nanoTime() - end > 0) {
                throw new AssertionError(line + " did not print '" + text + "' within " + deadline + ":\n" + output());
            }
            Thread.sleep(100); // polling its output file, with the deadline above
        }
    }

    /** Waits for its end and returns its exit code; fails with the output when it still runs at the deadline. */
    int awaitExit(Duration deadline) throws IOException, InterruptedException {
        if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
            throw new AssertionError(line + " still runs after " + deadline + ":\n" + output());
        }
        return process.exitValue();
    }

    /** Stops it and what it started: TERM, then KILL after 10 s. */
    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        children.forEach(ProcessHandle::destroy);
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            children.forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Override
    public String toString() {
        return line;
    }
}

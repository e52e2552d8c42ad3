package org.maestro.cli.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** A {@code maestro-cli worker} in a JVM process of its own, as on a remote host; for distributed tests. */
public final class WorkerProcess implements AutoCloseable {
    private final Process process;
    private final String name;
    private final StringBuffer output = new StringBuffer();

    private WorkerProcess(Process process, String name) {
        this.process = process;
        this.name = name;
    }

    /** Starts a worker with a keep-alive of 2 s and waits until it serves. */
    public static WorkerProcess start(String role, String name, String maestroUrl, Path resultsDirectory)
            throws Exception {
        return start(List.of(), role, name, maestroUrl, resultsDirectory, Duration.ofSeconds(2));
    }

    /**
     * Starts a worker whose JVM runs under the command {@code prefix} (e.g. {@code faketime -f +0.4s}; none: an empty
     * list), and waits until it serves; the control broker gives it up {@code 1.5 × keepAlive} after it last said
     * something.
     */
    public static WorkerProcess start(
            List<String> prefix, String role, String name, String maestroUrl, Path resultsDirectory, Duration keepAlive)
            throws Exception {
        return start(prefix, role, name, maestroUrl, resultsDirectory, keepAlive, List.of());
    }

    /** Starts a worker as {@link #start(String, String, String, Path)} does, with more {@code arguments}. */
    public static WorkerProcess startWith(
            List<String> arguments, String role, String name, String maestroUrl, Path resultsDirectory)
            throws Exception {
        return start(List.of(), role, name, maestroUrl, resultsDirectory, Duration.ofSeconds(2), arguments);
    }

    private static WorkerProcess start(
            List<String> prefix,
            String role,
            String name,
            String maestroUrl,
            Path resultsDirectory,
            Duration keepAlive,
            List<String> arguments)
            throws Exception {
        List<String> command = new ArrayList<>(prefix);
        command.addAll(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m",
                "-cp",
                System.getProperty("java.class.path"),
                "org.maestro.cli.MaestroCli",
                "worker",
                "--role",
                role,
                "--name",
                name,
                "--maestro-url",
                maestroUrl,
                "--results-dir",
                resultsDirectory.toString(),
                "--keep-alive",
                Long.toString(keepAlive.toSeconds())));
        command.addAll(arguments);
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        WorkerProcess worker = new WorkerProcess(process, name);
        CompletableFuture<Void> serving = new CompletableFuture<>();
        Thread reader = new Thread(
                () -> {
                    try (BufferedReader lines = new BufferedReader(
                            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                        String line;
                        while ((line = lines.readLine()) != null) {
                            worker.output.append(line).append('\n');
                            if (line.contains("serving on")) {
                                serving.complete(null);
                            }
                        }
                    } catch (IOException e) {
                        serving.completeExceptionally(e);
                    }
                    serving.completeExceptionally(
                            new IllegalStateException("worker " + name + " exited: " + worker.output));
                },
                "worker-output-" + name);
        reader.setDaemon(true);
        reader.start();
        serving.get(30, TimeUnit.SECONDS);
        return worker;
    }

    /** Kills the process at once (SIGKILL), as a crash would. */
    public void kill() throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        process.destroyForcibly();
        children.forEach(ProcessHandle::destroyForcibly);
        process.waitFor(10, TimeUnit.SECONDS);
        awaitEnd(children);
    }

    /**
     * Freezes the process (SIGSTOP): its connections stay open but it says nothing, as a peer behind a cut network or
     * on a frozen host; {@link #thaw()} lets it go on.
     */
    public void freeze() throws IOException, InterruptedException {
        signal("STOP");
    }

    /** Lets a frozen process go on (SIGCONT). */
    public void thaw() throws IOException, InterruptedException {
        signal("CONT");
    }

    private void signal(String signal) throws IOException, InterruptedException {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid()))
                .redirectErrorStream(true)
                .start();
        if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
            kill.destroyForcibly();
            throw new IOException("kill -" + signal + " " + process.pid() + " of worker " + name + " failed: "
                    + new String(kill.getInputStream().readAllBytes(), StandardCharsets.UTF_8));
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    public String name() {
        return name;
    }

    /** What the process printed so far. */
    public String output() {
        return output.toString();
    }

    /**
     * Stops the worker (SIGTERM, then SIGKILL after 10 s), and the processes it started: a prefix such as {@code
     * faketime} runs the JVM as its child and does not pass the signal on.
     */
    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> children = process.descendants().toList();
        if (process.isAlive()) {
            process.destroy();
            children.forEach(ProcessHandle::destroy);
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
        children.forEach(ProcessHandle::destroy);
        awaitEnd(children);
    }

    private static void awaitEnd(List<ProcessHandle> processes) {
        for (ProcessHandle child : processes) {
            try {
                child.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                child.destroyForcibly();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                child.destroyForcibly();
                return;
            }
        }
    }
}

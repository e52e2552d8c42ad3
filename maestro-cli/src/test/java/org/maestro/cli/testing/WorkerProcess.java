package org.maestro.cli.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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

    /** Starts a worker and waits until it serves. */
    public static WorkerProcess start(String role, String name, String maestroUrl, Path resultsDirectory)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(
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
                "2"));
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
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
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

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            process.destroy();
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        }
    }
}

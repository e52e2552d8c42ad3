package org.maestro.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs an external command for a test with a deadline and a given environment, and keeps its exit code and its
 * output (stdout and stderr together). A command still running at the deadline is killed with its children.
 */
final class CommandRun {
    private final List<String> command;
    private final Path directory;
    private final Map<String, String> environment;
    private final boolean cleanEnvironment;

    private CommandRun(
            List<String> command, Path directory, Map<String, String> environment, boolean cleanEnvironment) {
        this.command = List.copyOf(command);
        this.directory = directory;
        this.environment = environment;
        this.cleanEnvironment = cleanEnvironment;
    }

    /** A command that inherits this JVM's environment plus the given variables. */
    static CommandRun of(List<String> command, Path directory, Map<String, String> environment) {
        return new CommandRun(command, directory, environment, false);
    }

    /** A command that sees only the given variables (e.g. a bare machine: PATH, HOME, JAVA_HOME). */
    static CommandRun isolated(List<String> command, Path directory, Map<String, String> environment) {
        return new CommandRun(command, directory, environment, true);
    }

    /** The outcome of a run. */
    record Result(List<String> command, int exitCode, String output) {
        @Override
        public String toString() {
            return String.join(" ", command) + " exited " + exitCode + ":\n" + output;
        }
    }

    /** Runs the command and waits for it; a run longer than the deadline fails with what it printed so far. */
    Result run(Duration deadline) throws IOException, InterruptedException {
        Path log = Files.createTempFile("maestro-dist-command-", ".log");
        try {
            ProcessBuilder builder = new ProcessBuilder(new ArrayList<>(command))
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            if (cleanEnvironment) {
                builder.environment().clear();
            }
            builder.environment().putAll(environment);
            Process process = builder.start();
            if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                throw new AssertionError(String.join(" ", command) + " did not end within " + deadline + "; output:\n"
                        + Files.readString(log, StandardCharsets.UTF_8));
            }
            return new Result(command, process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(log);
        }
    }

    /** True when a program is found on the PATH of this JVM. */
    static boolean onPath(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}

package org.maestro.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a tool (openssl, keytool, mosquitto_passwd, rabbitmqctl) from an argument list, never through a shell, and
 * finds one installed on the machine, for tests.
 */
public final class Commands {
    private static final long DEADLINE_SECONDS = 60;

    private Commands() {}

    /**
     * Runs a command in the current folder and returns what it printed; fails with it when it does not exit with 0
     * within 60 s.
     */
    public static String run(List<String> command) throws IOException, InterruptedException {
        return run(Path.of(System.getProperty("user.dir")), command);
    }

    /**
     * Runs a command in a folder and returns what it printed; fails with it when it does not exit with 0 within 60 s.
     * The output goes through a file, not a pipe, so that a daemon the command leaves behind (Erlang's epmd) cannot
     * hold the wait past the deadline; the error names the program and its first argument, never the others (they may
     * hold a password).
     */
    public static String run(Path directory, List<String> command) throws IOException, InterruptedException {
        String name = Path.of(command.get(0)).getFileName() + (command.size() > 1 ? " " + command.get(1) : "");
        Path output = Files.createTempFile("maestro-command-", ".out");
        try {
            Process process = new ProcessBuilder(command)
                    .directory(directory.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            process.getOutputStream().close();
            if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(name + " did not finish within " + DEADLINE_SECONDS + " s");
            }
            String printed = Files.readString(output);
            if (process.exitValue() != 0) {
                throw new IllegalStateException(name + " exited with " + process.exitValue() + ": " + printed);
            }
            return printed;
        } finally {
            Files.deleteIfExists(output);
        }
    }

    /** The path of an installed program, from PATH, /usr/sbin or /usr/local/sbin, or empty when it is not there. */
    public static Optional<String> find(String program) {
        for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/usr/local/sbin").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, program);
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate.toString());
            }
        }
        return Optional.empty();
    }
}

package org.maestro.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The machine's RabbitMQ node driven through {@code rabbitmqctl}, for tests that add listeners to it or close their
 * own connections at run time (never restarting it: other tests share it).
 */
public final class RabbitCtl {
    private static final long DEADLINE_SECONDS = 60;

    private RabbitCtl() {}

    /** True when {@code rabbitmqctl} is installed (on PATH or in /usr/sbin). */
    public static boolean installed() {
        return binary() != null;
    }

    private static String binary() {
        for (String dir : (System.getenv().getOrDefault("PATH", "") + ":/usr/sbin:/usr/local/sbin").split(":")) {
            Path candidate = Path.of(dir.isEmpty() ? "." : dir, "rabbitmqctl");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }

    /** Evaluates an Erlang expression on the node ({@code rabbitmqctl eval}) and returns what it printed. */
    public static String eval(String expression) throws IOException, InterruptedException {
        return run("eval", expression);
    }

    /** Runs {@code rabbitmqctl -q <arguments>} and returns its output; fails with it unless it exits with 0 in 60 s. */
    public static String run(String... arguments) throws IOException, InterruptedException {
        String binary = binary();
        if (binary == null) {
            throw new IllegalStateException(
                    "rabbitmqctl is not installed: install it with 'apt-get install " + "rabbitmq-server'");
        }
        List<String> command = new ArrayList<>(List.of(binary, "-q"));
        command.addAll(List.of(arguments));
        Path output = Files.createTempFile("maestro-rabbitmqctl-", ".out");
        try {
            Process process = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(output.toFile())
                    .start();
            process.getOutputStream().close();
            if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IllegalStateException(
                        "rabbitmqctl " + arguments[0] + " did not finish within " + DEADLINE_SECONDS + " s");
            }
            String printed = Files.readString(output);
            if (process.exitValue() != 0) {
                throw new IllegalStateException("rabbitmqctl " + String.join(" ", arguments) + " exited with "
                        + process.exitValue() + ": " + printed);
            }
            return printed;
        } finally {
            Files.deleteIfExists(output);
        }
    }
}

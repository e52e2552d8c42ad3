package org.maestro.testing;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a tool (openssl, keytool, mosquitto_passwd) from an argument list, never through a shell, for tests. */
public final class Commands {
    private Commands() {}

    /** Runs a command in a folder and fails with its output when it does not exit with 0 within 60 s. */
    public static void run(Path directory, List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command)
                .directory(directory.toFile())
                .redirectErrorStream(true)
                .start();
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException(command.get(0) + " did not finish within 60 s");
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException(command.get(0) + " exited with " + process.exitValue() + ": "
                    + new String(output, StandardCharsets.UTF_8));
        }
    }
}

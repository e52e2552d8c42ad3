package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.testing.LocalRabbitMq;

/**
 * What a user of the distribution sees when the input is wrong, in a JVM of its own with the distribution's logging:
 * one line per error and no library's stack trace, the cause on the last line.
 */
class UserErrorOutputTest {
    private static final Duration DEADLINE = Duration.ofMinutes(2);

    @TempDir
    Path work;

    @Test
    void aSyntaxErrorIsOneLineAndStartsNothing() throws Exception {
        Path script = work.resolve("Broken.groovy");
        Files.writeString(script, "maestro.fixedRate {\n    rate 10 +\n}\n");

        CliProcess run = CliProcess.runAsDistributed(Map.of(), DEADLINE, work, "run", script.toString());

        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.output());
        List<String> lines = run.output().strip().lines().toList();
        assertEquals(1, lines.size(), run.output());
        assertTrue(
                lines.get(0)
                        .matches("maestro-cli run: syntax error in " + java.util.regex.Pattern.quote(script.toString())
                                + ":\\d+:\\d+: .+"),
                lines.get(0));
    }

    @Test
    void anAmqp10UrlOnRabbitMqsOwnPortPrintsNoStackTraceAndEndsWithTheMismatch() throws Exception {
        LocalRabbitMq.assumeRunning();
        CliProcess run = CliProcess.runAsDistributed(
                Map.of("SEND_RECEIVE_URL", "amqp://127.0.0.1:5672/maestro-user-error"),
                DEADLINE,
                work,
                "run",
                TestScriptsTest.scriptsDirectory()
                        .resolve("FixedRateTest.groovy")
                        .toString(),
                "--results",
                work.resolve("results").toString(),
                "--no-report");

        assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode(), run.output());
        assertFalse(run.output().contains("\tat "), "a library's stack trace was printed:\n" + run.output());
        List<String> lines = run.output().strip().lines().toList();
        String last = lines.get(lines.size() - 1);
        assertTrue(
                last.startsWith("FAILED: fixed-rate/0: receiver-1@localhost cannot connect to "
                        + "amqp://127.0.0.1:5672/maestro-user-error: protocol mismatch"),
                last);
    }
}

package org.maestro.common.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The one error path of every command: exit codes, one-line messages, and what the diagnostic options add. */
class CommandErrorsTest {

    /** A command that fails the way its option says. */
    @Command(name = "tool", versionProvider = VersionProvider.class, mixinStandardHelpOptions = true)
    static final class Failing implements Callable<Integer> {
        @Option(names = "--fail")
        String fail = "none";

        @Option(names = "--wait", converter = DurationConverter.class)
        Duration wait;

        @Mixin
        DiagnosticOptions diagnostics;

        @Override
        public Integer call() throws Exception {
            return switch (fail) {
                case "usage" -> throw CommandException.usage("--fail usage: give a better value");
                case "infrastructure" -> throw CommandException.infrastructure("the broker at mqtt://h:1883 is gone");
                case "io" -> throw new UncheckedIOException(new java.io.IOException("disk full"));
                case "argument" -> throw new IllegalArgumentException("'x' is not a rate");
                case "bug" -> throw new IllegalStateException("a bug");
                case "verbose" -> LoggerFactory.getLogger("org.maestro").isDebugEnabled() ? 0 : 1;
                default -> ExitCode.OK.code();
            };
        }
    }

    private record Run(int exitCode, String err, String out) {}

    private static Run run(String... args) {
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        CommandLine line = CommandErrors.install(new CommandLine(new Failing()));
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return new Run(line.execute(args), err.toString(), out.toString());
    }

    @Test
    void eachFailureEndsWithItsExitCodeAndOneLineNamingTheCommand() {
        assertEquals(0, run().exitCode());
        Run usage = run("--fail", "usage");
        assertEquals(ExitCode.USAGE.code(), usage.exitCode());
        assertEquals("tool: --fail usage: give a better value\n", usage.err());
        Run infrastructure = run("--fail", "infrastructure");
        assertEquals(ExitCode.INFRASTRUCTURE.code(), infrastructure.exitCode());
        assertEquals("tool: the broker at mqtt://h:1883 is gone\n", infrastructure.err());
        assertEquals(ExitCode.INFRASTRUCTURE.code(), run("--fail", "io").exitCode());
        assertEquals(ExitCode.USAGE.code(), run("--fail", "argument").exitCode());
    }

    @Test
    void anUnexpectedFailureSuggestsTheStackTraceWhichOnlyStacktracePrints() {
        Run bug = run("--fail", "bug");
        assertEquals(ExitCode.INFRASTRUCTURE.code(), bug.exitCode());
        assertEquals("tool: a bug\n(run again with --stacktrace for details)\n", bug.err());
        Run traced = run("--fail", "bug", "-x");
        assertTrue(traced.err().contains("java.lang.IllegalStateException: a bug\n\tat "), traced.err());
        assertFalse(run("--fail", "usage").err().contains("\tat "));
        assertTrue(run("--fail", "usage", "--stacktrace").err().contains("\tat "));
    }

    @Test
    void aWrongOptionIsAUsageErrorWithTheHelpHint() {
        Run unknown = run("--bogus");
        assertEquals(ExitCode.USAGE.code(), unknown.exitCode());
        assertTrue(unknown.err().startsWith("tool: Unknown option: '--bogus'\n"), unknown.err());
        Run duration = run("--wait", "60");
        assertEquals(ExitCode.USAGE.code(), duration.exitCode());
        assertTrue(
                duration.err().contains("'60' is not a duration: write a duration such as 500ms, 90s"), duration.err());
    }

    @Test
    void verboseTurnsMaestroLoggingToDebug() {
        ch.qos.logback.classic.Logger logger = (ch.qos.logback.classic.Logger) LoggerFactory.getLogger("org.maestro");
        ch.qos.logback.classic.Level before = logger.getLevel();
        try {
            logger.setLevel(ch.qos.logback.classic.Level.INFO);
            assertEquals(1, run("--fail", "verbose").exitCode());
            assertEquals(0, run("--fail", "verbose", "--verbose").exitCode());
        } finally {
            logger.setLevel(before);
        }
    }

    @Test
    void theVersionNamesMaestroAndJava() {
        Run version = run("--version");
        assertEquals(0, version.exitCode());
        assertTrue(version.out().startsWith("maestro-cli "), version.out());
        assertTrue(version.out().contains("Java " + System.getProperty("java.version")), version.out());
    }

    @Test
    void exitCodesAreTheDocumentedStatuses() {
        assertEquals(ExitCode.TEST_FAILED, ExitCode.of(1));
        assertEquals(3, ExitCode.INFRASTRUCTURE.code());
    }
}

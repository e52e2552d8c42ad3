package org.maestro.reporter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.SyntheticResults;

/** `maestro-cli report`: the report it writes and its usage and infrastructure errors. */
class ReportCommandTest {

    @TempDir
    Path work;

    @Test
    void writesTheReportAndListsEachRunWithItsVerdict() throws IOException {
        Path results = work.resolve("results");
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        CommandRun run = CommandRun.of(new ReportCommand(), results.toString());
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.toString());
        assertTrue(
                run.out().contains("FAIL      incremental #1  receiver-1@alpha: p90 response time 812.5 ms > 500 ms"),
                run.out());
        assertTrue(run.out().contains("4 run(s): 2 passed, 2 not passed"), run.out());
        assertTrue(Files.isRegularFile(results.resolve("index.html")));
        assertTrue(Files.isRegularFile(results.resolve("fixed-rate/iteration-0.html")));
    }

    @Test
    void aMissingDirectoryIsAUsageErrorNamingThePathAndTheExpectedLayout() {
        Path missing = work.resolve("no-such-results");
        CommandRun run = CommandRun.of(new ReportCommand(), missing.toString());
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.toString());
        assertTrue(run.err().contains(missing + " does not exist"), run.err());
        assertTrue(run.err().contains("<results>/<test-name>/<iteration>/<peer-name>@<host>/"), run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace without --stacktrace");
    }

    @Test
    void anEmptyDirectoryIsAUsageError() {
        CommandRun run = CommandRun.of(new ReportCommand(), work.toString());
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.toString());
        assertTrue(run.err().contains(work + " holds no test results"), run.err());
    }

    @Test
    void missingArgumentIsAUsageError() {
        CommandRun run = CommandRun.of(new ReportCommand());
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.toString());
        assertTrue(run.err().contains("Missing required parameter"), run.err());
    }

    @Test
    void aFileThatCannotBeWrittenIsAnInfrastructureError() throws IOException {
        Path results = work.resolve("results");
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Files.createDirectories(results.resolve("index.html/blocked"));
        CommandRun run = CommandRun.of(new ReportCommand(), results.toString());
        assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode(), run.toString());
        assertTrue(run.err().contains("index.html"), run.err());
    }
}

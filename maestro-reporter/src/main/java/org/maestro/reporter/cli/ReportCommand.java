package org.maestro.reporter.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.maestro.common.cli.DiagnosticOptions;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.Outcome;
import org.maestro.reporter.ReportResult;
import org.maestro.reporter.Reporter;
import org.maestro.reporter.TestReport;
import org.maestro.reporter.TestSummary;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code report <dir>}: (re)builds the HTML report, summary.json and JUnit XML of a results directory. */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        header = "Build the HTML report, summary.json and JUnit XML of a results directory.",
        description = {
            "Reads <dir>/<test-name>/<iteration>/<peer-name>@<host>/ and writes <dir>/index.html,"
                    + " <dir>/echarts.min.js and, per test, index.html, iteration-N.html, summary.json and junit.xml."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:report written",
            "2:the directory is missing or holds no test results",
            "3:a file could not be read or written"
        })
public final class ReportCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "<dir>", description = "results directory")
    Path dir;

    @Mixin
    DiagnosticOptions diagnostics;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ReportResult result = Reporter.build(dir);
        for (TestReport test : result.tests()) {
            for (TestSummary s : test.iterations()) {
                String verdict = s.passed() ? "PASS" : s.outcome() == Outcome.FAILURE ? "FAIL" : "NO VERDICT";
                out.printf("%-9s %s #%d  %s%n", verdict, s.test(), s.iteration(), s.reason());
            }
        }
        out.printf(
                "%d run(s): %d passed, %d not passed. Report: %s%n",
                result.summaries().size(), result.passed(), result.notPassed(), result.index());
        out.flush();
        return ExitCode.OK.code();
    }
}

package org.maestro.reporter.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.build.ReportResult;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.build.TestReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

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
public final class ReportCommand extends MaestroCommand {

    @Parameters(index = "0", paramLabel = "<dir>", description = "results directory")
    Path dir;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        ReportResult result = Reporter.build(dir);
        for (TestReport test : result.tests()) {
            for (TestSummary s : test.iterations()) {
                String verdict = s.passed() ? "PASS" : s.outcome() == Verdict.FAILURE ? "FAIL" : "NO VERDICT";
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

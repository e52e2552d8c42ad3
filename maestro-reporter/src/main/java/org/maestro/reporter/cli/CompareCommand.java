package org.maestro.reporter.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.compare.Comparison;
import org.maestro.reporter.compare.ComparisonResult;
import org.maestro.reporter.compare.Difference;
import org.maestro.reporter.compare.IterationChoice;
import org.maestro.reporter.compare.ParameterDifference;
import org.maestro.reporter.compare.Thresholds;
import org.maestro.reporter.out.SummaryJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code compare <baseline-dir> <current-dir>}: checks a run against a baseline and exits 1 on a
 * regression; writes comparison.html and comparison.json into the current directory.
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        header = "Compare a results directory with a baseline; exit 1 on a performance regression.",
        description = {
            "Matches tests by name and compares the latest iteration of each side (or the ones"
                    + " --iteration, --baseline-iteration and --current-iteration name). A regression is a throughput"
                    + " (mean receive rate) drop beyond --throughput-drop, a latency percentile rise beyond"
                    + " --latency-rise, or a test that passed in the baseline and does not now. Test parameters that"
                    + " differ between the compared iterations (RATE 500 vs 1000) are printed as a WARNING, and are an"
                    + " error (exit 2) with --strict-parameters; RUN_ID, TEST_NAME, TEST_ITERATION and the host and port"
                    + " of URLs are not compared. Writes comparison.html and comparison.json into <current-dir>, linked"
                    + " from its index.html."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:no regression",
            "1:regression",
            "2:bad arguments, a directory without test results, a "
                    + "missing iteration, or differing parameters with --strict-parameters",
            "3:a file could not be read or written"
        })
public final class CompareCommand extends MaestroCommand {

    @Parameters(index = "0", paramLabel = "<baseline-dir>", description = "results (or summary.json) of the baseline")
    Path baseline;

    @Parameters(index = "1", paramLabel = "<current-dir>", description = "results of the run to check")
    Path current;

    @Option(
            names = "--throughput-drop",
            paramLabel = "PCT",
            description = "allowed throughput drop in percent " + "(default: ${DEFAULT-VALUE})",
            defaultValue = "10")
    double throughputDrop;

    @Option(
            names = "--latency-rise",
            paramLabel = "PCT",
            description = "allowed latency rise in percent " + "(default: ${DEFAULT-VALUE})",
            defaultValue = "20")
    double latencyRise;

    @Option(
            names = "--percentiles",
            split = ",",
            paramLabel = "P",
            description = {
                "latency percentiles checked (default: ${DEFAULT-VALUE}), any of:",
                // short enough for the description column, so the line breaking never splits p99.9
                "p50, p90, p95, p99, p99.9, p99.99, max"
            },
            defaultValue = "p50,p90,p99")
    List<String> percentiles;

    @Option(
            names = "--metrics",
            split = ",",
            paramLabel = "M",
            description = "latency metrics checked: "
                    + "responseTime, serviceTime, sendDelay, jitter (|J| at a fixed rate), or none to judge only throughput "
                    + "and outcome (default: ${DEFAULT-VALUE})",
            defaultValue = "responseTime,serviceTime")
    List<String> metrics;

    @Option(names = "--ignore-outcome", description = "do not count a test that passed before and fails now")
    boolean ignoreOutcome;

    @Option(
            names = "--iteration",
            paramLabel = "N",
            description = "compare iteration N of each test on both " + "sides (default: the latest of each side)")
    Integer iteration;

    @Option(
            names = "--baseline-iteration",
            paramLabel = "N",
            description = "the baseline's iteration to compare " + "(default: --iteration, else the latest)")
    Integer baselineIteration;

    @Option(
            names = "--current-iteration",
            paramLabel = "N",
            description = "the current iteration to compare " + "(default: --iteration, else the latest)")
    Integer currentIteration;

    @Option(
            names = "--strict-parameters",
            description =
                    "exit 2 when the compared iterations ran with different " + "test parameters, instead of warning")
    boolean strictParameters;

    @Option(
            names = "--format",
            paramLabel = "text|json",
            description = "output format (default: ${DEFAULT-VALUE})",
            defaultValue = "text")
    String format;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (!format.equals("text") && !format.equals("json")) {
            throw new IllegalArgumentException("--format must be text or json, not '" + format + "'");
        }
        List<String> checked = metrics.equals(List.of("none")) ? List.of() : metrics;
        Thresholds thresholds = new Thresholds(throughputDrop, latencyRise, percentiles, checked, !ignoreOutcome);
        IterationChoice choice = new IterationChoice(
                baselineIteration != null ? baselineIteration : iteration,
                currentIteration != null ? currentIteration : iteration);
        ComparisonResult result = Comparison.compare(baseline, current, thresholds, choice);
        if (!result.parameterDifferences().isEmpty()) {
            String listed = result.parameterDifferences().stream()
                    .map(ParameterDifference::toString)
                    .collect(Collectors.joining("; "));
            if (strictParameters) {
                throw new ReportException("the compared runs ran with different parameters (" + listed
                        + "), so their numbers are not comparable; compare runs of the same parameters, or leave "
                        + "out --strict-parameters to compare them anyway");
            }
            PrintWriter err = spec.commandLine().getErr();
            err.println("WARNING: the compared runs ran with different parameters, so this compares unlike runs:");
            result.parameterDifferences().forEach(p -> err.println("WARNING:   " + p));
            err.println("WARNING: run baseline and current with the same parameters (--strict-parameters makes "
                    + "this an error)");
            err.flush();
        }
        if (format.equals("json")) {
            out.println(SummaryJson.forScript(result));
        } else {
            printText(out, result);
        }
        out.flush();
        return result.isRegression() ? ExitCode.TEST_FAILED.code() : ExitCode.OK.code();
    }

    private void printText(PrintWriter out, ComparisonResult result) {
        long checked = result.differences().stream()
                .filter(d -> d.status() != Difference.Status.INFO)
                .count();
        if (result.isRegression()) {
            out.printf(
                    "REGRESSION: %d of %d checks beyond their thresholds%s%n",
                    result.regressions().size(),
                    checked,
                    result.isGeneratorBound()
                            ? " (but a compared run was generator-bound: the difference may be the generator's; see"
                                    + " the notes)"
                            : "");
            for (Difference d : result.regressions()) {
                out.printf(
                        Locale.ROOT,
                        "  %s #%d %s: %.3f -> %.3f %s%s (allowed %s)%n",
                        d.test(),
                        d.currentIteration(),
                        d.metric(),
                        d.baseline(),
                        d.current(),
                        d.unit(),
                        d.changePercent() == null ? "" : String.format(Locale.ROOT, " (%+.1f%%)", d.changePercent()),
                        d.limit());
            }
        } else {
            out.printf(
                    "No regression: %d checks within their thresholds%s%n",
                    checked,
                    result.isGeneratorBound() ? " (but a compared run was generator-bound: see the notes)" : "");
        }
        result.notes().forEach(note -> out.println("  note: " + note));
        out.println("Comparison: " + current.toAbsolutePath().normalize().resolve(Reporter.COMPARISON_HTML));
    }
}

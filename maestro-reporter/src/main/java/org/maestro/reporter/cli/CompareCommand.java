package org.maestro.reporter.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.maestro.common.cli.ExitCodes;
import org.maestro.reporter.Reporter;
import org.maestro.reporter.compare.Comparison;
import org.maestro.reporter.compare.ComparisonResult;
import org.maestro.reporter.compare.Difference;
import org.maestro.reporter.compare.Thresholds;
import org.maestro.reporter.out.SummaryJson;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code compare <baseline-dir> <current-dir>}: checks a run against a baseline and exits 1 on a
 * regression; writes comparison.html and comparison.json into the current directory.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        header = "Compare a results directory with a baseline; exit 1 on a performance regression.",
        description = {"Matches tests by name and iterations by number. A regression is a throughput (mean receive"
                + " rate) drop beyond --throughput-drop, a latency percentile rise beyond --latency-rise, or a test"
                + " that passed in the baseline and does not now. Writes comparison.html and comparison.json into"
                + " <current-dir>, linked from its index.html."},
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:no regression", "1:regression", "2:bad arguments, or a directory without test results",
                "3:a file could not be read or written"})
public final class CompareCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "<baseline-dir>", description = "results (or summary.json) of the baseline")
    Path baseline;

    @Parameters(index = "1", paramLabel = "<current-dir>", description = "results of the run to check")
    Path current;

    @Option(names = "--throughput-drop", paramLabel = "PCT", description = "allowed throughput drop in percent "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "10")
    double throughputDrop;

    @Option(names = "--latency-rise", paramLabel = "PCT", description = "allowed latency rise in percent "
            + "(default: ${DEFAULT-VALUE})", defaultValue = "20")
    double latencyRise;

    @Option(names = "--percentiles", split = ",", paramLabel = "P", description = {
            "latency percentiles checked (default: ${DEFAULT-VALUE}), any of:",
            // short enough for the description column, so the line breaking never splits p99.9
            "p50, p90, p95, p99, p99.9, p99.99, max"}, defaultValue = "p50,p90,p99")
    List<String> percentiles;

    @Option(names = "--metrics", split = ",", paramLabel = "M", description = "latency metrics checked: "
            + "responseTime, serviceTime, sendDelay, jitter (|J| at a fixed rate) (default: ${DEFAULT-VALUE})", defaultValue = "responseTime,serviceTime")
    List<String> metrics;

    @Option(names = "--ignore-outcome", description = "do not count a test that passed before and fails now")
    boolean ignoreOutcome;

    @Option(names = "--format", paramLabel = "text|json", description = "output format (default: ${DEFAULT-VALUE})",
            defaultValue = "text")
    String format;

    @Option(names = {"-x", "--stacktrace"}, description = "print stack traces of errors")
    boolean stacktrace;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        return CommandErrors.run("compare", spec.commandLine().getErr(), stacktrace, () -> {
            if (!format.equals("text") && !format.equals("json")) {
                throw new IllegalArgumentException("--format must be text or json, not '" + format + "'");
            }
            Thresholds thresholds = new Thresholds(throughputDrop, latencyRise, percentiles, metrics, !ignoreOutcome);
            ComparisonResult result = Comparison.compare(baseline, current, thresholds);
            if (format.equals("json")) {
                out.println(SummaryJson.forScript(result));
            } else {
                printText(out, result);
            }
            out.flush();
            return result.isRegression() ? ExitCodes.TEST_FAILED : ExitCodes.OK;
        });
    }

    private void printText(PrintWriter out, ComparisonResult result) {
        long checked = result.differences().stream().filter(d -> d.status() != Difference.Status.INFO).count();
        if (result.isRegression()) {
            out.printf("REGRESSION: %d of %d checks beyond their thresholds%n", result.regressions().size(), checked);
            for (Difference d : result.regressions()) {
                out.printf(Locale.ROOT, "  %s #%d %s: %.3f -> %.3f %s%s (allowed %s)%n", d.test(), d.currentIteration(),
                        d.metric(), d.baseline(), d.current(), d.unit(),
                        d.changePercent() == null ? "" : String.format(Locale.ROOT, " (%+.1f%%)", d.changePercent()),
                        d.limit());
            }
        } else {
            out.printf("No regression: %d checks within their thresholds%n", checked);
        }
        result.notes().forEach(note -> out.println("  note: " + note));
        out.println("Comparison: " + current.toAbsolutePath().normalize().resolve(Reporter.COMPARISON_HTML));
    }
}

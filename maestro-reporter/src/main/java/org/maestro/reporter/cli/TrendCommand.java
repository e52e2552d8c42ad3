package org.maestro.reporter.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.reporter.compare.Thresholds;
import org.maestro.reporter.html.Format;
import org.maestro.reporter.trend.Trend;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code trend <dir>…}: each test's throughput and response time across runs, judged against a baseline run. */
@Command(
        name = "trend",
        mixinStandardHelpOptions = true,
        header = "Draw each test's throughput and response time across runs, against a baseline.",
        description = {
            "Reads one results directory per run (e.g. one per nightly build), oldest first, takes the"
                    + " latest iteration of each test in each run, and judges every run against the baseline (the first"
                    + " run unless --baseline) with the thresholds of compare. Writes trend.html (one throughput and one"
                    + " response-time chart per test, with the baseline's limits drawn) and trend.json into --output,"
                    + " a page a CI server can publish."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {
            "0:trend written (a regressed run is shown, not an error)",
            "2:fewer than two runs, a " + "directory without test results, or no test in common",
            "3:a file could not be read or written"
        })
public final class TrendCommand extends MaestroCommand {

    @Parameters(arity = "1..*", paramLabel = "<dir>", description = "results directories, one per run, oldest first")
    List<Path> runs;

    @Option(
            names = "--baseline",
            paramLabel = "DIR",
            description = "the run the others are judged against " + "(default: the first)")
    Path baseline;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "DIR",
            defaultValue = "trend",
            description = "where trend.html and trend.json go (default: ${DEFAULT-VALUE})")
    Path output;

    @Option(
            names = "--throughput-drop",
            paramLabel = "PCT",
            defaultValue = "10",
            description = "allowed throughput drop in percent (default: ${DEFAULT-VALUE})")
    double throughputDrop;

    @Option(
            names = "--latency-rise",
            paramLabel = "PCT",
            defaultValue = "20",
            description = "allowed latency rise in percent (default: ${DEFAULT-VALUE})")
    double latencyRise;

    @Option(
            names = "--percentiles",
            split = ",",
            paramLabel = "P",
            defaultValue = "p50,p90,p99",
            description = {
                "response-time percentiles drawn and checked (default: ${DEFAULT-VALUE}), any of:",
                "p50, p90, p95, p99, p99.9, p99.99, max"
            })
    List<String> percentiles;

    @Override
    public Integer call() {
        Thresholds thresholds = Thresholds.DEFAULTS
                .withThroughputDrop(throughputDrop)
                .withLatencyRise(latencyRise)
                .withPercentiles(percentiles)
                .withMetrics(List.of("responseTime"));
        Trend.TrendResult result = Trend.build(runs, baseline, thresholds, output);
        PrintWriter out = spec.commandLine().getOut();
        List<String> unlike = Trend.unlikeRuns(result);
        if (!unlike.isEmpty()) {
            PrintWriter err = spec.commandLine().getErr();
            err.println("WARNING: some runs ran with different parameters than the baseline, so the trend follows "
                    + "unlike runs:");
            unlike.forEach(line -> err.println("WARNING:   " + line));
            err.println("WARNING: run every build with the same parameters, or choose a --baseline run like them");
            err.flush();
        }
        for (Trend.TestTrend test : result.tests()) {
            out.println(test.test() + ":");
            for (Trend.Point p : test.points()) {
                out.printf(
                        Locale.ROOT,
                        "  %-20s #%-3d %12s msg/s  %s%n",
                        p.run(),
                        p.iteration(),
                        Format.rate(p.throughput()),
                        p.regression() ? "REGRESSION: " + String.join(", ", p.regressions()) : "within limits");
            }
        }
        List<String> regressed = result.regressedNow();
        out.println(
                regressed.isEmpty()
                        ? "Latest run within the limits of baseline " + result.baseline() + "."
                        : "Latest run regressed against baseline " + result.baseline() + ": "
                                + String.join(", ", regressed));
        out.println("Trend: " + output.toAbsolutePath().normalize().resolve(Trend.HTML));
        out.flush();
        return ExitCode.OK.code();
    }
}

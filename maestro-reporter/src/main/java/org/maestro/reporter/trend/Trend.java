package org.maestro.reporter.trend;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.compare.Comparison;
import org.maestro.reporter.compare.ComparisonResult;
import org.maestro.reporter.compare.Difference;
import org.maestro.reporter.compare.IterationChoice;
import org.maestro.reporter.compare.ParameterDifference;
import org.maestro.reporter.compare.Thresholds;
import org.maestro.reporter.html.Assets;
import org.maestro.reporter.html.Page;
import org.maestro.reporter.out.SummaryJson;

/**
 * Follows each test across runs (e.g. one results directory per nightly build): the latest iteration of each test in
 * each run, judged against a baseline run with the thresholds of {@code compare}, written as {@code trend.html} and
 * {@code trend.json}.
 */
public final class Trend {
    /** The page. */
    public static final String HTML = "trend.html";
    /** The figures of the page. */
    public static final String JSON = "trend.json";

    private Trend() {}

    /**
     * One test in one run: its latest iteration's figures and how it compares with the baseline.
     *
     * @param unlike the test parameters in which this run differs from the baseline (as {@code compare} lists them:
     *               {@code RATE 500 vs 1000}); empty when the runs are alike
     */
    public record Point(
            String run,
            int iteration,
            boolean passed,
            double throughput,
            Map<String, Long> responseTimeMicros,
            boolean regression,
            List<String> regressions,
            List<String> unlike) {}

    /** One test across the runs, in run order; a run without the test has no point. */
    public record TestTrend(String test, Point baseline, List<Point> points) {}

    /** Every test across the runs. */
    public record TrendResult(
            int formatVersion, List<String> runs, String baseline, Thresholds thresholds, List<TestTrend> tests) {
        /** The tests whose latest run regressed against the baseline. */
        public List<String> regressedNow() {
            List<String> regressed = new ArrayList<>();
            for (TestTrend test : tests) {
                Point last = test.points().get(test.points().size() - 1);
                if (last.run().equals(runs.get(runs.size() - 1)) && last.regression()) {
                    regressed.add(test.test());
                }
            }
            return regressed;
        }
    }

    /**
     * Reads the runs in the given order, judges each against {@code baseline} (one of them, or another directory),
     * and writes the page and its data into {@code output}.
     *
     * @throws ReportException when fewer than two runs are given, a directory holds no results, or no test is in
     *         more than one run
     */
    public static TrendResult build(List<Path> runs, Path baseline, Thresholds thresholds, Path output) {
        TrendResult result = compute(runs, baseline, thresholds);
        try {
            java.nio.file.Files.createDirectories(output);
            Assets.copyCharts(output);
            SummaryJson.writeValue(output.resolve(JSON), result);
            Page.write(output.resolve(HTML), TrendPage.render(result));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the trend into " + output + ": " + e.getMessage(), e);
        }
        return result;
    }

    /** Reads and judges the runs without writing anything. */
    public static TrendResult compute(List<Path> runs, Path baseline, Thresholds thresholds) {
        if (runs.size() < 2) {
            throw new ReportException("a trend needs at least two results directories (one per run, oldest first); "
                    + "got " + runs.size());
        }
        Map<String, Map<String, List<TestSummary>>> byRun = new LinkedHashMap<>();
        for (Path run : runs) {
            String label = label(run);
            if (byRun.containsKey(label)) {
                throw new ReportException("two runs are named '" + label + "' (" + run + "); give directories of "
                        + "different names, e.g. one per build number");
            }
            byRun.put(label, Comparison.load(run, "run"));
        }
        String baseName = baseline == null ? byRun.keySet().iterator().next() : label(baseline);
        // a baseline that is one of the runs is not read again
        Map<String, List<TestSummary>> base =
                byRun.containsKey(baseName) ? byRun.get(baseName) : Comparison.load(baseline, "baseline");
        Set<String> tests = new LinkedHashSet<>();
        byRun.values().forEach(run -> tests.addAll(run.keySet()));
        List<TestTrend> trends = new ArrayList<>();
        for (String test : tests) {
            List<Point> points = new ArrayList<>();
            for (Map.Entry<String, Map<String, List<TestSummary>>> run : byRun.entrySet()) {
                List<TestSummary> iterations = run.getValue().get(test);
                if (iterations != null && !iterations.isEmpty()) {
                    points.add(point(
                            run.getKey(),
                            test,
                            latest(iterations),
                            base.get(test),
                            baseName,
                            run.getValue(),
                            thresholds));
                }
            }
            List<TestSummary> baseIterations = base.get(test);
            Point basePoint = baseIterations == null
                    ? null
                    : point(baseName, test, latest(baseIterations), null, baseName, base, thresholds);
            if (points.size() > 1 || basePoint != null && !points.isEmpty()) {
                trends.add(new TestTrend(test, basePoint, points));
            }
        }
        if (trends.isEmpty()) {
            throw new ReportException("no test is in more than one of " + byRun.keySet() + "; a trend follows tests "
                    + "of the same name across runs");
        }
        return new TrendResult(1, List.copyOf(byRun.keySet()), baseName, thresholds, trends);
    }

    /**
     * The warnings about runs that ran with other test parameters than the baseline, as {@code compare} gives them:
     * {@code fixed-rate: run 'build-2' is unlike the baseline 'build-1': RATE 500 vs 1000}; empty when all are alike.
     */
    public static List<String> unlikeRuns(TrendResult result) {
        List<String> warnings = new ArrayList<>();
        for (TestTrend test : result.tests()) {
            for (Point point : test.points()) {
                if (!point.unlike().isEmpty()) {
                    warnings.add(test.test() + ": run '" + point.run() + "' is unlike the baseline '"
                            + result.baseline() + "': " + String.join(", ", point.unlike()));
                }
            }
        }
        return warnings;
    }

    private static Point point(
            String run,
            String test,
            TestSummary summary,
            List<TestSummary> baseline,
            String baseName,
            Map<String, List<TestSummary>> runTests,
            Thresholds thresholds) {
        Map<String, Long> response = new LinkedHashMap<>();
        LatencyStats stats =
                summary.latency() == null ? null : summary.latency().responseTime();
        if (stats != null) {
            for (String percentile : thresholds.percentiles()) {
                response.put(percentile, stats.valueAt(percentile));
            }
        }
        List<String> regressions = new ArrayList<>();
        List<String> unlike = new ArrayList<>();
        if (baseline != null && !baseline.isEmpty()) {
            ComparisonResult compared = Comparison.evaluate(
                    baseName,
                    run,
                    Map.of(test, baseline),
                    Map.of(test, runTests.get(test)),
                    thresholds,
                    IterationChoice.LATEST);
            for (Difference difference : compared.regressions()) {
                regressions.add(difference.metric());
            }
            for (ParameterDifference difference : compared.parameterDifferences()) {
                unlike.add(difference.parameter() + " " + difference.baseline() + " vs " + difference.current());
            }
        }
        return new Point(
                run,
                summary.iteration(),
                summary.passed(),
                summary.throughput(),
                response,
                !regressions.isEmpty(),
                regressions,
                unlike);
    }

    private static TestSummary latest(List<TestSummary> iterations) {
        return iterations.stream()
                .max(Comparator.comparingInt(TestSummary::iteration))
                .orElseThrow();
    }

    /** A run's name on the page: its directory's name (a build number, a date). */
    static String label(Path run) {
        Path name = run.toAbsolutePath().normalize().getFileName();
        return name == null ? run.toString() : name.toString();
    }
}

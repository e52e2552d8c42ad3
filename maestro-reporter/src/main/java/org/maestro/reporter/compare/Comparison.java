package org.maestro.reporter.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.Reporter;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.html.IndexPage;
import org.maestro.reporter.html.Page;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.read.ResultsLayout;

/**
 * Compares a current results directory with a baseline one (seed §7.1: catch a performance
 * regression of a new build early) and writes the comparison into the current report.
 *
 * <p>Tests are matched by name, iterations by number; when a test has no iteration number in
 * common, the latest iteration of each side is compared. A baseline may be a full results
 * directory or only the {@code <test>/summary.json} files of one (a compact baseline to keep).
 *
 * <pre>{@code
 * ComparisonResult result = Comparison.compare(Path.of("baseline"), Path.of("results"),
 *         Thresholds.DEFAULTS.withLatencyRise(30));
 * if (result.isRegression()) result.regressions().forEach(System.err::println);
 * }</pre>
 */
public final class Comparison {

    private Comparison() {
    }

    /** Compares with the default thresholds and writes comparison.html/json into {@code currentDir}. */
    public static ComparisonResult compare(Path baselineDir, Path currentDir) {
        return compare(baselineDir, currentDir, Thresholds.DEFAULTS);
    }

    /**
     * Compares and writes {@code comparison.html} and {@code comparison.json} into {@code currentDir},
     * linked from its index (the current report is built first if it has none).
     *
     * @throws ReportException when a directory holds no test results, or the two have no test in common
     * @throws UncheckedIOException when files cannot be read or written
     */
    public static ComparisonResult compare(Path baselineDir, Path currentDir, Thresholds thresholds) {
        Map<String, List<TestSummary>> baseline = load(baselineDir, "baseline");
        Map<String, List<TestSummary>> current = load(currentDir, "current");
        ComparisonResult result = evaluate(baselineDir.toAbsolutePath().normalize().toString(),
                currentDir.toAbsolutePath().normalize().toString(), baseline, current, thresholds);
        if (result.differences().isEmpty()) {
            throw new ReportException("the baseline " + baselineDir + " (tests: " + String.join(", ", baseline.keySet())
                    + ") and the current results " + currentDir + " (tests: " + String.join(", ", current.keySet())
                    + ") have no test in common; compare runs of the same test names");
        }
        write(currentDir.toAbsolutePath().normalize(), result, current);
        return result;
    }

    /** Compares summaries without reading or writing files. */
    public static ComparisonResult evaluate(String baselineName, String currentName,
                                            Map<String, List<TestSummary>> baseline,
                                            Map<String, List<TestSummary>> current, Thresholds thresholds) {
        List<Difference> differences = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        for (Map.Entry<String, List<TestSummary>> entry : baseline.entrySet()) {
            String test = entry.getKey();
            List<TestSummary> now = current.get(test);
            if (now == null || now.isEmpty()) {
                notes.add("test '" + test + "' is in the baseline only; not compared");
                continue;
            }
            for (TestSummary[] pair : pairs(entry.getValue(), now, notes)) {
                differences.addAll(compareRun(pair[0], pair[1], thresholds));
            }
        }
        current.keySet().stream().filter(test -> !baseline.containsKey(test))
                .forEach(test -> notes.add("test '" + test + "' is new (not in the baseline); not compared"));
        return new ComparisonResult(baselineName, currentName, thresholds, differences, notes);
    }

    private static List<TestSummary[]> pairs(List<TestSummary> before, List<TestSummary> now, List<String> notes) {
        Map<Integer, TestSummary> byIteration = new TreeMap<>();
        before.forEach(s -> byIteration.put(s.iteration(), s));
        List<TestSummary[]> pairs = new ArrayList<>();
        for (TestSummary s : now) {
            TestSummary b = byIteration.get(s.iteration());
            if (b != null) {
                pairs.add(new TestSummary[] {b, s});
            }
        }
        if (pairs.isEmpty()) {
            TestSummary b = before.stream().max((x, y) -> Integer.compare(x.iteration(), y.iteration())).orElseThrow();
            TestSummary c = now.stream().max((x, y) -> Integer.compare(x.iteration(), y.iteration())).orElseThrow();
            notes.add("test '" + c.test() + "': no iteration number in common; compared baseline #" + b.iteration()
                    + " with current #" + c.iteration());
            pairs.add(new TestSummary[] {b, c});
        }
        return pairs;
    }

    static List<Difference> compareRun(TestSummary b, TestSummary c, Thresholds t) {
        List<Difference> rows = new ArrayList<>();
        if (t.outcomeMatters()) {
            boolean regression = b.passed() && !c.passed();
            rows.add(new Difference(c.test(), b.iteration(), c.iteration(), "outcome", "", b.passed() ? 1 : 0,
                    c.passed() ? 1 : 0, null, "baseline passed → current passes",
                    regression ? Difference.Status.REGRESSION : Difference.Status.OK));
        }
        double before = b.throughput();
        double now = c.throughput();
        Double change = change(before, now);
        Difference.Status status = Difference.Status.INFO;
        if (change != null) {
            status = change < -t.throughputDropPercent() ? Difference.Status.REGRESSION
                    : change > t.throughputDropPercent() ? Difference.Status.IMPROVED : Difference.Status.OK;
        }
        rows.add(new Difference(c.test(), b.iteration(), c.iteration(), "throughput", "msg/s", before, now, change,
                "≥ −" + trim(t.throughputDropPercent()) + "%", status));
        for (String metric : t.metrics()) {
            LatencyStats lb = b.latency().get(metric);
            LatencyStats lc = c.latency().get(metric);
            if (lb == null || lc == null) {
                continue;
            }
            for (String percentile : t.percentiles()) {
                double vb = lb.valueAt(percentile);
                double vc = lc.valueAt(percentile);
                Double rise = change(vb, vc);
                Difference.Status s = Difference.Status.INFO;
                if (rise != null) {
                    s = rise > t.latencyRisePercent() ? Difference.Status.REGRESSION
                            : rise < -t.latencyRisePercent() ? Difference.Status.IMPROVED : Difference.Status.OK;
                }
                rows.add(new Difference(c.test(), b.iteration(), c.iteration(), metric + "." + percentile, "us", vb, vc,
                        rise, "≤ +" + trim(t.latencyRisePercent()) + "%", s));
            }
        }
        Double lostBefore = b.messages().lostPercent();
        Double lostNow = c.messages().lostPercent();
        if (lostBefore != null && lostNow != null) {
            rows.add(new Difference(c.test(), b.iteration(), c.iteration(), "lostPercent", "%", lostBefore, lostNow,
                    change(lostBefore, lostNow), "", Difference.Status.INFO));
        }
        return rows;
    }

    private static Double change(double before, double now) {
        if (before == 0) {
            return null;
        }
        return (now - before) / before * 100.0;
    }

    private static String trim(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    /**
     * Summaries by test name of a results directory: computed from the peer files where a test
     * has iterations, read from {@code <test>/summary.json} where it has only that.
     */
    public static Map<String, List<TestSummary>> load(Path dir, String role) {
        Path absolute = dir.toAbsolutePath().normalize();
        String expected = "expected a results directory (<dir>/<test-name>/<iteration>/<peer-name>/) or a directory "
                + "of <test-name>/summary.json files";
        if (!Files.isDirectory(absolute)) {
            throw new ReportException("the " + role + " directory " + dir
                    + (Files.exists(absolute) ? " is a file" : " does not exist") + "; " + expected);
        }
        Map<String, List<TestSummary>> tests = new TreeMap<>();
        List<Path> children;
        try (Stream<Path> list = Files.list(absolute)) {
            children = list.filter(Files::isDirectory).sorted().collect(Collectors.toList());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
        for (Path testDir : children) {
            List<Path> iterations = ResultsLayout.iterationDirectories(testDir);
            if (!iterations.isEmpty()) {
                List<TestSummary> summaries = new ArrayList<>();
                iterations.forEach(iteration -> summaries.add(Reporter.summarize(iteration)));
                tests.put(testDir.getFileName().toString(), summaries);
            } else if (Files.isRegularFile(testDir.resolve(SummaryJson.FILE_NAME))) {
                try {
                    SummaryJson.TestFile file = SummaryJson.read(testDir.resolve(SummaryJson.FILE_NAME));
                    if (file.iterations() != null && !file.iterations().isEmpty()) {
                        tests.put(testDir.getFileName().toString(), file.iterations());
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        if (tests.isEmpty()) {
            throw new ReportException("the " + role + " directory " + dir + " holds no test results; " + expected);
        }
        return tests;
    }

    private static void write(Path currentDir, ComparisonResult result, Map<String, List<TestSummary>> current) {
        try {
            SummaryJson.writeValue(currentDir.resolve(Reporter.COMPARISON_JSON), result);
            Page.write(currentDir.resolve(Reporter.COMPARISON_HTML), ComparisonPage.render(result));
            if (Files.isRegularFile(currentDir.resolve(IndexPage.FILE_NAME))) {
                Reporter.writeIndex(currentDir, current.values().stream().flatMap(List::stream)
                        .collect(Collectors.toList()));
            } else {
                Reporter.build(currentDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison into " + currentDir + ": " + e.getMessage(), e);
        }
    }
}

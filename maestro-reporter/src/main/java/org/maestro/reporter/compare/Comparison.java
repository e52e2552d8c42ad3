package org.maestro.reporter.compare;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.maestro.common.options.ParameterTable;
import org.maestro.common.text.Numbers;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.html.IndexPage;
import org.maestro.reporter.html.Page;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.read.ResultsLayout;

/**
 * Compares a current results directory with a baseline one (to catch a performance regression of
 * a new build early) and writes the comparison into the current report.
 *
 * <p>Tests are matched by name; of each test the latest iteration of each side is compared, or the
 * ones an {@link IterationChoice} names. The test parameters of the two iterations are compared
 * too: a difference (RATE 500 vs 1000) is listed in {@link ComparisonResult#parameterDifferences()},
 * because such runs measured different things. Keys that differ from run to run by design are left
 * out: RUN_ID, TEST_NAME, TEST_ITERATION, the host and port of URL values (an embedded SUT gets a
 * free port on every run), and the lower-case keys, which peers measured rather than were given. A baseline may be a full results directory or only the
 * {@code <test>/summary.json} files of one (a compact baseline to keep).
 *
 * <pre>{@code
 * ComparisonResult result = Comparison.compare(Path.of("baseline"), Path.of("results"),
 *         Thresholds.DEFAULTS.withLatencyRise(30));
 * if (result.isRegression()) result.regressions().forEach(System.err::println);
 * }</pre>
 */
public final class Comparison {

    private Comparison() {}

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
        return compare(baselineDir, currentDir, thresholds, IterationChoice.LATEST);
    }

    /**
     * Compares the chosen iterations and writes {@code comparison.html} and {@code comparison.json}
     * into {@code currentDir}.
     *
     * @throws ReportException when a directory holds no test results, the two have no test in common,
     *         or a chosen iteration does not exist
     * @throws UncheckedIOException when files cannot be read or written
     */
    public static ComparisonResult compare(
            Path baselineDir, Path currentDir, Thresholds thresholds, IterationChoice choice) {
        Map<String, List<TestSummary>> baseline = load(baselineDir, "baseline");
        Map<String, List<TestSummary>> current = load(currentDir, "current");
        ComparisonResult result = evaluate(
                baselineDir.toAbsolutePath().normalize().toString(),
                currentDir.toAbsolutePath().normalize().toString(),
                baseline,
                current,
                thresholds,
                choice);
        if (result.differences().isEmpty()) {
            throw new ReportException("the baseline " + baselineDir + " (tests: " + String.join(", ", baseline.keySet())
                    + ") and the current results " + currentDir + " (tests: " + String.join(", ", current.keySet())
                    + ") have no test in common; compare runs of the same test names");
        }
        write(currentDir.toAbsolutePath().normalize(), result, current);
        return result;
    }

    /** The start of a note that a compared run was generator-bound. */
    public static final String GENERATOR_BOUND = "generator-bound: ";

    /** The note that a compared run was generator-bound, or empty. */
    private static java.util.Optional<String> generatorNote(String test, String side, TestSummary run) {
        if (!run.generatorBound()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(GENERATOR_BOUND + "test '" + test + "' " + side + " #" + run.iteration()
                + ": its load generator was itself saturated ("
                + run.generator().reason() + "), so its figures"
                + " measure the generator as much as the system; a difference here is not the system's for certain"
                + " (repeat it with a generator that is not saturated)");
    }

    /** Compares the latest iterations of summaries without reading or writing files. */
    public static ComparisonResult evaluate(
            String baselineName,
            String currentName,
            Map<String, List<TestSummary>> baseline,
            Map<String, List<TestSummary>> current,
            Thresholds thresholds) {
        return evaluate(baselineName, currentName, baseline, current, thresholds, IterationChoice.LATEST);
    }

    /**
     * Compares the chosen iterations of summaries without reading or writing files.
     *
     * @throws ReportException when a chosen iteration is missing from a test found on both sides
     */
    public static ComparisonResult evaluate(
            String baselineName,
            String currentName,
            Map<String, List<TestSummary>> baseline,
            Map<String, List<TestSummary>> current,
            Thresholds thresholds,
            IterationChoice choice) {
        List<Difference> differences = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        List<ParameterDifference> parameters = new ArrayList<>();
        for (Map.Entry<String, List<TestSummary>> entry : baseline.entrySet()) {
            String test = entry.getKey();
            List<TestSummary> now = current.get(test);
            if (now == null || now.isEmpty()) {
                notes.add("test '" + test + "' is in the baseline only; not compared");
                continue;
            }
            TestSummary b = pick(entry.getValue(), choice.baseline(), "the baseline has", "--baseline-iteration");
            TestSummary c = pick(now, choice.current(), "the current results have", "--current-iteration");
            if (b.iteration() != c.iteration()) {
                notes.add(
                        "test '" + test + "': compared baseline #" + b.iteration() + " with current #" + c.iteration());
            }
            parameters.addAll(parameterDifferences(b, c));
            differences.addAll(compareRun(b, c, thresholds));
            generatorNote(test, "baseline", b).ifPresent(notes::add);
            generatorNote(test, "current", c).ifPresent(notes::add);
        }
        current.keySet().stream()
                .filter(test -> !baseline.containsKey(test))
                .forEach(test -> notes.add("test '" + test + "' is new (not in the baseline); not compared"));
        return new ComparisonResult(baselineName, currentName, thresholds, differences, notes, parameters);
    }

    private static TestSummary pick(List<TestSummary> iterations, Integer wanted, String side, String option) {
        if (wanted == null) {
            return iterations.stream()
                    .max(Comparator.comparingInt(TestSummary::iteration))
                    .orElseThrow();
        }
        return iterations.stream()
                .filter(s -> s.iteration() == wanted)
                .findFirst()
                .orElseThrow(() -> new ReportException(side + " no iteration #" + wanted + " of test '"
                        + iterations.get(0).test() + "' (it has "
                        + iterations.stream().map(s -> "#" + s.iteration()).collect(Collectors.joining(", "))
                        + "); choose one of those with " + option + ", or leave it out to compare the latest"));
    }

    /** Keys that differ between runs of the same test by design, so never make two runs unlike. */
    private static final Set<String> PER_RUN_KEYS = Set.of("RUN_ID", "TEST_NAME", "TEST_ITERATION");

    /** Test parameters have upper-case names (RATE); lower-case keys (warmup.lag.micros) are what a peer measured. */
    private static final Pattern TEST_PARAMETER = Pattern.compile("[A-Z][A-Z0-9_]*");

    /** The user, host and port of each URL in a value: amqp://h:5672/q and amqp://g:61616/q are alike. */
    private static final Pattern URL_AUTHORITY = Pattern.compile("://[^/,()?\\s]*");

    /**
     * The test parameters (upper-case keys) that differ between two iterations, ignoring RUN_ID,
     * TEST_NAME, TEST_ITERATION and the host and port of URLs; the lower-case keys peers add to
     * test.properties (measured.end, warmup.lag.micros, …) are measurements, not parameters.
     */
    public static List<ParameterDifference> parameterDifferences(TestSummary b, TestSummary c) {
        Map<String, String> before = asUsed(b.parameters());
        Map<String, String> now = asUsed(c.parameters());
        Set<String> keys = new TreeSet<>(before.keySet());
        keys.addAll(now.keySet());
        List<ParameterDifference> rows = new ArrayList<>();
        for (String key : keys) {
            if (PER_RUN_KEYS.contains(key) || !TEST_PARAMETER.matcher(key).matches()) {
                continue;
            }
            String vb = before.get(key);
            String vc = now.get(key);
            if (vb == null || vc == null || !comparable(vb).equals(comparable(vc))) {
                rows.add(new ParameterDifference(
                        c.test(),
                        b.iteration(),
                        c.iteration(),
                        key,
                        vb == null ? "(not set)" : vb,
                        vc == null ? "(not set)" : vc));
            }
        }
        return rows;
    }

    /**
     * Parameters as the peers used them ({@link ParameterTable#complete}): a summary written before peers recorded
     * their defaults compares alike with a later one of the same parameters. None stay none.
     */
    private static Map<String, String> asUsed(Map<String, String> parameters) {
        return parameters == null || parameters.isEmpty() ? Map.of() : ParameterTable.complete(parameters);
    }

    private static String comparable(String value) {
        return URL_AUTHORITY.matcher(value).replaceAll("://*");
    }

    static List<Difference> compareRun(TestSummary b, TestSummary c, Thresholds t) {
        List<Difference> rows = new ArrayList<>();
        if (t.outcomeMatters()) {
            boolean regression = b.passed() && !c.passed();
            rows.add(new Difference(
                    c.test(),
                    b.iteration(),
                    c.iteration(),
                    "outcome",
                    "",
                    b.passed() ? 1 : 0,
                    c.passed() ? 1 : 0,
                    null,
                    "baseline passed → current passes",
                    regression ? Difference.Status.REGRESSION : Difference.Status.OK));
        }
        double before = b.throughput();
        double now = c.throughput();
        Double change = change(before, now);
        Difference.Status status = Difference.Status.INFO;
        if (change != null) {
            status = change < -t.throughputDropPercent()
                    ? Difference.Status.REGRESSION
                    : change > t.throughputDropPercent() ? Difference.Status.IMPROVED : Difference.Status.OK;
        }
        rows.add(new Difference(
                c.test(),
                b.iteration(),
                c.iteration(),
                "throughput",
                "msg/s",
                before,
                now,
                change,
                "≥ −" + Numbers.plain(t.throughputDropPercent()) + "%",
                status));
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
                    s = rise > t.latencyRisePercent()
                            ? Difference.Status.REGRESSION
                            : rise < -t.latencyRisePercent() ? Difference.Status.IMPROVED : Difference.Status.OK;
                }
                rows.add(new Difference(
                        c.test(),
                        b.iteration(),
                        c.iteration(),
                        metric + "." + percentile,
                        "us",
                        vb,
                        vc,
                        rise,
                        "≤ +" + Numbers.plain(t.latencyRisePercent()) + "%",
                        s));
            }
        }
        Double lostBefore = b.messages().lostPercent();
        Double lostNow = c.messages().lostPercent();
        if (lostBefore != null && lostNow != null) {
            rows.add(new Difference(
                    c.test(),
                    b.iteration(),
                    c.iteration(),
                    "lostPercent",
                    "%",
                    lostBefore,
                    lostNow,
                    change(lostBefore, lostNow),
                    "",
                    Difference.Status.INFO));
        }
        return rows;
    }

    private static Double change(double before, double now) {
        if (before == 0) {
            return null;
        }
        return (now - before) / before * 100.0;
    }

    /**
     * Summaries by test name of a results directory: computed from the peer files where a test
     * has iterations, read from {@code <test>/summary.json} where it has only that.
     */
    public static Map<String, List<TestSummary>> load(Path dir, String role) {
        Path absolute = dir.toAbsolutePath().normalize();
        String expected =
                "expected a results directory (<dir>/<test-name>/<iteration>/<peer-name>@<host>/) or a directory "
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
                Reporter.writeIndex(
                        currentDir,
                        current.values().stream().flatMap(List::stream).collect(Collectors.toList()));
            } else {
                Reporter.build(currentDir);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the comparison into " + currentDir + ": " + e.getMessage(), e);
        }
    }
}

package org.maestro.reporter.build;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.reporter.ReportException;
import org.maestro.reporter.ScriptRun;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.chart.IterationCharts;
import org.maestro.reporter.compute.IterationAnalysis;
import org.maestro.reporter.compute.IterationAnalyzer;
import org.maestro.reporter.html.Assets;
import org.maestro.reporter.html.IndexPage;
import org.maestro.reporter.html.IterationPage;
import org.maestro.reporter.html.Page;
import org.maestro.reporter.html.TestPage;
import org.maestro.reporter.out.DestinationsCsv;
import org.maestro.reporter.out.JUnitXml;
import org.maestro.reporter.out.PercentileDistribution;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.read.ResultsLayout;
import org.maestro.reporter.study.StudyPage;
import org.maestro.reporter.study.StudyReport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns a results directory into a report: per test an HTML page per iteration, a test page,
 * summary.json and junit.xml, and an index over all tests. Stateless; safe to call from any
 * thread, but two builds of the same directory at once would overwrite each other's files.
 *
 * <pre>{@code
 * ReportResult report = Reporter.build(Path.of("results"));
 * System.out.println("open " + report.index() + ": " + report.notPassed() + " not passed");
 * }</pre>
 */
public final class Reporter {

    /** File the comparison with a baseline is summarised in, in the current results directory. */
    public static final String COMPARISON_JSON = "comparison.json";
    /** Page of the comparison with a baseline, in the current results directory. */
    public static final String COMPARISON_HTML = "comparison.html";

    private static final Logger LOG = LoggerFactory.getLogger(Reporter.class);

    private Reporter() {}

    /**
     * (Re)builds the report of every test in {@code resultsDir}.
     *
     * @throws ReportException when the directory does not exist or holds no test results
     * @throws UncheckedIOException when a file cannot be read or written
     */
    public static ReportResult build(Path resultsDir) {
        Path dir = requireResults(resultsDir);
        List<TestReport> tests = new ArrayList<>();
        List<TestSummary> all = new ArrayList<>();
        try {
            Assets.copyCharts(dir);
            for (Path testDir : ResultsLayout.testDirectories(dir)) {
                TestReport report = buildTest(testDir);
                tests.add(report);
                all.addAll(report.iterations());
            }
            Path index = writeIndex(dir, all);
            LOG.info("Report of {} test(s), {} run(s) written to {}", tests.size(), all.size(), index);
            return new ReportResult(dir, index, tests);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the report of " + dir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Summarises one test iteration ({@code <results>/<test>/<iteration>/}) without writing anything.
     *
     * @throws ReportException when the directory is not a test iteration
     */
    public static TestSummary summarize(Path testIterationDir) {
        return IterationAnalyzer.analyze(testIterationDir).summary();
    }

    /** Writes (or rewrites) {@code <resultsDir>/index.html} from the given runs. */
    public static Path writeIndex(Path resultsDir, List<TestSummary> runs) throws IOException {
        List<IndexPage.Link> links = new ArrayList<>();
        Path comparison = resultsDir.resolve(COMPARISON_JSON);
        if (Files.isRegularFile(comparison) && Files.isRegularFile(resultsDir.resolve(COMPARISON_HTML))) {
            try {
                JsonNode node = new ObjectMapper().readTree(comparison.toFile());
                boolean regression = node.path("regression").asBoolean(false);
                String baseline = node.path("baseline").asText("");
                links.add(new IndexPage.Link(
                        COMPARISON_HTML,
                        "Comparison with the baseline " + baseline,
                        regression ? "REGRESSION" : "NO REGRESSION",
                        regression));
            } catch (IOException e) {
                LOG.warn("{} is unreadable and is not linked from the index: {}", comparison, e.getMessage());
            }
        }
        for (Path testDir : ResultsLayout.testDirectories(resultsDir)) {
            if (Files.isRegularFile(testDir.resolve(StudyPage.FILE_NAME))) {
                String test = testDir.getFileName().toString();
                links.add(new IndexPage.Link(
                        test + "/" + StudyPage.FILE_NAME,
                        "Study " + test + ": every cell with its mean and 95% confidence interval",
                        "",
                        false));
            }
        }
        ScriptRun lastScript = null;
        try {
            lastScript = ScriptRun.read(resultsDir).orElse(null);
        } catch (IOException e) {
            LOG.warn("{}; the index shows no script verdict", e.getMessage());
        }
        return Page.write(
                resultsDir.resolve(IndexPage.FILE_NAME),
                IndexPage.render(resultsDir.toAbsolutePath().normalize().toString(), runs, links, lastScript));
    }

    private static TestReport buildTest(Path testDir) throws IOException {
        String test = testDir.getFileName().toString();
        List<TestSummary> iterations = new ArrayList<>();
        for (Path iterationDir : ResultsLayout.iterationDirectories(testDir)) {
            IterationAnalysis analysis = IterationAnalyzer.analyze(iterationDir);
            TestSummary summary = analysis.summary();
            PercentileDistribution.write(iterationDir, analysis.distributions());
            Page.write(
                    testDir.resolve(IterationPage.fileName(summary.iteration())),
                    IterationPage.render(summary, IterationCharts.of(analysis)));
            DestinationsCsv.write(testDir, summary);
            iterations.add(summary);
        }
        Path summaryJson = SummaryJson.write(testDir, test, iterations);
        Path junit = JUnitXml.write(testDir, test, iterations);
        boolean study = StudyReport.write(testDir, iterations).isPresent();
        Path page = Page.write(testDir.resolve("index.html"), TestPage.render(test, iterations, study));
        return new TestReport(test, testDir, page, summaryJson, junit, List.copyOf(iterations));
    }

    /**
     * Checks that a path is a results directory with at least one test and returns it absolute;
     * otherwise throws a {@link ReportException} saying what is there and what was expected.
     */
    public static Path requireResults(Path resultsDir) {
        Path dir = resultsDir.toAbsolutePath().normalize();
        String expected =
                "expected a results directory laid out as <results>/<test-name>/<iteration>/<peer-name>@<host>/ "
                        + "(peer files: test.properties, rate.csv, *.hlog, peer-result.json)";
        if (!Files.exists(dir)) {
            throw new ReportException(resultsDir + " does not exist; " + expected);
        }
        if (!Files.isDirectory(dir)) {
            throw new ReportException(resultsDir + " is a file, not a directory; " + expected);
        }
        if (!ResultsLayout.testDirectories(dir).isEmpty()) {
            return dir;
        }
        if (!ResultsLayout.iterationDirectories(dir).isEmpty()) {
            throw new ReportException(resultsDir + " looks like the directory of the single test '" + dir.getFileName()
                    + "'; pass its parent directory " + dir.getParent() + " instead");
        }
        if (Files.isDirectory(dir.getParent())
                && ResultsLayout.isIterationName(dir.getFileName().toString())) {
            throw new ReportException(resultsDir + " looks like one iteration of a test; pass the results directory "
                    + dir.getParent().getParent() + " instead");
        }
        throw new ReportException(resultsDir + " holds no test results; " + expected);
    }
}

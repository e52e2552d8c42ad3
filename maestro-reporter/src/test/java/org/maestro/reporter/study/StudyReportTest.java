package org.maestro.reporter.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.Chromium;
import org.maestro.reporter.Decider;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.PeerSummary;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.out.SummaryJson;

/**
 * The study report of known per-run summaries, written by the reporter's own summary.json writer: every mean and
 * 95% interval is checked against one computed here from the same numbers, with Student's t quantiles from a
 * printed table.
 */
class StudyReportTest {
    /** t(0.975) for 2 and 1 degrees of freedom, from a printed table of Student's t distribution. */
    private static final double T_2 = 4.302652729911275;

    private static final double T_1 = 12.706204736174707;
    private static final List<String> RATES = List.of("100", "1000");
    private static final List<String> SIZES = List.of("256", "1024");
    /** Per cell (rate × size, size fastest): the throughput of repeats 1, 2, 3. */
    private static final double[][] THROUGHPUT = {
        {198, 200, 203}, {196, 199, 200}, {1990, 1700, 2001}, {1500, 1400, 1450}
    };
    /** Per cell: p99 response time in µs of repeats 1, 2, 3. */
    private static final long[][] P99 = {
        {1200, 1500, 1300}, {1800, 1700, 2100}, {9000, 30000, 12000}, {400000, 500000, 450000}
    };

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    /** A run's summary: one sender with PARALLEL_COUNT 2, the cell's RATE, the figures of the tables above. */
    private static TestSummary run(int iteration, int cell, int repeat, Verdict outcome) {
        double throughput = THROUGHPUT[cell][repeat - 1];
        long p99 = P99[cell][repeat - 1];
        long sent = 10_000L * (cell + 1);
        long lost = cell == 3 ? 100L * repeat : 0;
        Map<String, String> parameters =
                Map.of("RATE", RATES.get(cell / 2), "MESSAGE_SIZE", SIZES.get(cell % 2), "PARALLEL_COUNT", "2");
        List<PeerSummary> peers = List.of(
                new PeerSummary(
                        "sender-1@a", "sender", "a", outcome, "", sent, 0, RateStats.EMPTY, Map.of(), Map.of(), null),
                new PeerSummary(
                        "receiver-1@a",
                        "receiver",
                        "a",
                        outcome,
                        "",
                        sent - lost,
                        0,
                        RateStats.EMPTY,
                        Map.of(),
                        Map.of(),
                        null));
        return new TestSummary(
                TestSummary.FORMAT_VERSION,
                "study",
                iteration,
                1_000_000L * iteration,
                1_000_000L * iteration + 13_000,
                1_000_000L * iteration + 3000,
                outcome,
                outcome == Verdict.FAILURE ? "p90 too high" : "",
                Decider.PEERS,
                new MessageCounts(sent, sent - lost, lost, 0, 0, 0),
                new TestSummary.Rates(
                        new RateStats(throughput, 0, 0, 10, 0, 0, 0), new RateStats(throughput, 0, 0, 10, 0, 0, 0)),
                new TestSummary.Latencies(
                        new LatencyStats(1000, p99 / 2.0, p99 / 4, p99 / 2, p99 / 2, p99, p99, p99, p99 * 3),
                        null,
                        null),
                parameters,
                peers,
                List.of(),
                List.of(),
                List.of(),
                null,
                null,
                null,
                List.of(),
                null,
                null,
                null,
                null,
                null);
    }

    private static StudyState state(List<StudyState.Run> runs) {
        return new StudyState(
                StudyState.FORMAT_VERSION,
                "study",
                List.of(
                        new StudyState.Dimension("rate", "RATE", RATES),
                        new StudyState.Dimension("messageSize", "MESSAGE_SIZE", SIZES)),
                3,
                List.of(),
                runs);
    }

    /** Writes the runs in rounds (iteration = (repeat − 1) × 4 + cell), cell 2's repeat 2 failed, and one stray. */
    private Path writeStudy(int rounds) throws IOException {
        Path testDir = Files.createDirectories(results.resolve("study"));
        List<TestSummary> summaries = new ArrayList<>();
        List<StudyState.Run> runs = new ArrayList<>();
        for (int repeat = 1; repeat <= rounds; repeat++) {
            for (int cell = 0; cell < 4; cell++) {
                int iteration = (repeat - 1) * 4 + cell;
                Verdict outcome = cell == 2 && repeat == 2 ? Verdict.FAILURE : Verdict.SUCCESS;
                summaries.add(run(iteration, cell, repeat, outcome));
                runs.add(new StudyState.Run(cell, repeat, iteration, outcome.jsonName()));
            }
        }
        // an interrupted run: its iteration exists but the study never recorded it
        summaries.add(run(rounds * 4, 0, 1, Verdict.SUCCESS));
        SummaryJson.write(testDir, "study", summaries);
        state(runs).write(testDir);
        return testDir;
    }

    private static double mean(double... values) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        return sum / values.length;
    }

    private static double halfWidth(double t, double... values) {
        double mean = mean(values);
        double squares = 0;
        for (double value : values) {
            squares += (value - mean) * (value - mean);
        }
        return t * Math.sqrt(squares / (values.length - 1)) / Math.sqrt(values.length);
    }

    /** Writes the study report of the iterations in the test directory's summary.json. */
    private static void writeReport(Path testDir) throws IOException {
        StudyReport.write(
                testDir,
                SummaryJson.read(testDir.resolve(SummaryJson.FILE_NAME)).iterations());
    }

    private static void assertClose(double expected, JsonNode actual, String what) {
        assertTrue(actual.isNumber(), what + " is missing: " + actual);
        assertEquals(expected, actual.asDouble(), Math.abs(expected) * 1e-9 + 1e-9, what);
    }

    @Test
    void meansAndIntervalsOfEveryCellAreThoseOfStudentsTOverTheRepeats() throws IOException {
        Path testDir = writeStudy(3);

        writeReport(testDir);

        JsonNode study = JSON.readTree(testDir.resolve(StudyReport.JSON_FILE).toFile());
        assertEquals(12, study.path("runs").asInt());
        assertEquals(12, study.path("finished").asInt());
        JsonNode cells = study.path("cells");
        assertEquals(4, cells.size());
        for (int cell = 0; cell < 4; cell++) {
            JsonNode node = cells.get(cell);
            String label = "rate=" + RATES.get(cell / 2) + " messageSize=" + SIZES.get(cell % 2);
            assertEquals(label, node.path("label").asText());
            double[] throughput = THROUGHPUT[cell];
            assertClose(mean(throughput), node.path("throughput").path("mean"), label + " throughput mean");
            assertClose(
                    mean(throughput) - halfWidth(T_2, throughput),
                    node.path("throughput").path("low"),
                    label);
            assertClose(
                    mean(throughput) + halfWidth(T_2, throughput),
                    node.path("throughput").path("high"),
                    label);
            double[] p99 = new double[3];
            double[] max = new double[3];
            double[] p50 = new double[3];
            for (int r = 0; r < 3; r++) {
                p99[r] = P99[cell][r] / 1000.0;
                max[r] = P99[cell][r] * 3 / 1000.0;
                p50[r] = (P99[cell][r] / 4) / 1000.0;
            }
            assertClose(mean(p99), node.path("p99Ms").path("mean"), label + " p99");
            assertClose(mean(p99) + halfWidth(T_2, p99), node.path("p99Ms").path("high"), label + " p99 high");
            assertClose(mean(max) - halfWidth(T_2, max), node.path("maxMs").path("low"), label + " max low");
            assertClose(mean(p50), node.path("p50Ms").path("mean"), label + " p50");
            assertClose(Long.parseLong(RATES.get(cell / 2)) * 2.0, node.path("offered"), label + " offered");
            assertEquals(cell == 2 ? "failure" : "success", node.path("outcome").asText(), label);
            assertEquals(List.of(cell, 4 + cell, 8 + cell), iterations(node), label + " runs");
        }
        // cell 3 lost 100, 200, 300 of 40,000: 0.25, 0.5, 0.75 %
        JsonNode lost = cells.get(3);
        assertClose(200, lost.path("lost").path("mean"), "lost mean");
        assertClose(200 - halfWidth(T_2, 100, 200, 300), lost.path("lost").path("low"), "lost low");
        assertClose(0.5, lost.path("lostPercent").path("mean"), "lost percent");
        assertClose(0, cells.get(0).path("lost").path("mean"), "no loss");
        assertClose(0, cells.get(0).path("lost").path("high"), "no loss, no spread");
    }

    private static List<Integer> iterations(JsonNode cell) {
        List<Integer> iterations = new ArrayList<>();
        cell.path("runs").forEach(run -> iterations.add(run.path("iteration").asInt()));
        return iterations;
    }

    @Test
    void theJUnitFileHasOneCaseperCellAndFailsTheCellWithAFailedRepeat() throws Exception {
        Path testDir = writeStudy(3);

        writeReport(testDir);

        Document junit = Jsoup.parse(
                Files.readString(testDir.resolve(StudyJUnit.FILE_NAME)), "", org.jsoup.parser.Parser.xmlParser());
        Element suite = junit.selectFirst("testsuite");
        assertEquals("4", suite.attr("tests"));
        assertEquals("1", suite.attr("failures"));
        assertEquals("0", suite.attr("errors"));
        assertEquals(
                List.of(
                        "rate=100 messageSize=256",
                        "rate=100 messageSize=1024",
                        "rate=1000 messageSize=256",
                        "rate=1000 messageSize=1024"),
                junit.select("testcase").eachAttr("name"));
        Element failed = junit.select("testcase").get(2).selectFirst("failure");
        assertEquals("1 of 3 repeat(s) failed: #6 p90 too high", failed.attr("message"));
        assertTrue(
                junit.select("testcase")
                        .get(0)
                        .selectFirst("system-out")
                        .text()
                        .startsWith(String.format(
                                java.util.Locale.ROOT,
                                "repeats=3 throughput=%.3f [%.3f, %.3f]",
                                mean(THROUGHPUT[0]),
                                mean(THROUGHPUT[0]) - halfWidth(T_2, THROUGHPUT[0]),
                                mean(THROUGHPUT[0]) + halfWidth(T_2, THROUGHPUT[0]))),
                junit.select("testcase").get(0).text());
    }

    @Test
    void anUnfinishedStudyShowsWhatRanWithIntervalsOnlyWhereTwoRepeatsRan() throws Exception {
        Path testDir = writeStudy(2);
        // round 3 ran only its first cell
        StudyState partial = StudyState.read(testDir).orElseThrow().with(new StudyState.Run(0, 3, 9, "success"));
        partial.write(testDir);
        List<TestSummary> summaries = new ArrayList<>(
                SummaryJson.read(testDir.resolve(SummaryJson.FILE_NAME)).iterations());
        summaries.add(run(9, 0, 3, Verdict.SUCCESS));

        StudyReport.write(testDir, summaries);

        JsonNode cells =
                JSON.readTree(testDir.resolve(StudyReport.JSON_FILE).toFile()).path("cells");
        assertEquals("success", cells.get(0).path("outcome").asText());
        assertClose(mean(THROUGHPUT[0]), cells.get(0).path("throughput").path("mean"), "cell 1, 3 repeats");
        double[] two = {THROUGHPUT[1][0], THROUGHPUT[1][1]};
        assertClose(
                mean(two) + halfWidth(T_1, two), cells.get(1).path("throughput").path("high"), "cell 2, 2 repeats");
        assertEquals("unknown", cells.get(1).path("outcome").asText());
        Document junit = Jsoup.parse(
                Files.readString(testDir.resolve(StudyJUnit.FILE_NAME)), "", org.jsoup.parser.Parser.xmlParser());
        assertEquals("2", junit.selectFirst("testsuite").attr("errors"));
        assertEquals(
                "2 of 3 repeat(s) finished",
                junit.select("testcase").get(1).selectFirst("error").attr("message"));
        Document page = Jsoup.parse(testDir.resolve(StudyPage.FILE_NAME).toFile());
        assertTrue(
                page.selectFirst("#study-progress")
                        .text()
                        .startsWith("4 cell(s) × 3 repeat(s): 9 of 12 runs " + "finished"),
                page.selectFirst("#study-progress").text());
    }

    @Test
    void theChartsShowTheCellsMeansTheHeatMapAndTheRepeats() throws IOException {
        Path testDir = writeStudy(3);

        writeReport(testDir);

        Document page = Jsoup.parse(testDir.resolve(StudyPage.FILE_NAME).toFile());
        JsonNode charts = JSON.readTree(page.selectFirst("#maestro-charts").data());
        assertEquals(List.of("value", "value", "heatmap", "boxplot"), kinds(charts));
        JsonNode throughput = charts.get(0).path("series");
        // one line per message size (rate makes the offered load), and the dashed ideal line
        assertEquals(List.of("messageSize=256", "messageSize=1024", "offered (ideal)"), names(throughput));
        assertClose(200, throughput.get(0).path("points").get(0).get(0), "offered load of rate 100 × 2 connections");
        assertClose(mean(THROUGHPUT[2]), throughput.get(0).path("points").get(1).get(1), "rate 1000, 256 B");
        JsonNode heat = charts.get(2).path("series").get(0).path("points");
        assertEquals(4, heat.size());
        assertEquals("1000", heat.get(3).get(0).asText());
        assertEquals("1024", heat.get(3).get(1).asText());
        assertClose(0.5, heat.get(3).get(2), "lost % of rate 1000, 1024 B");
        JsonNode boxes = charts.get(3).path("series").get(0).path("points");
        // the repeats of cell 3: 1700, 1990, 2001 — quartiles as commons-math's default estimator gives them
        assertEquals("cell 3", boxes.get(2).get(0).asText(), "the cell numbered as in the table");
        assertClose(1700, boxes.get(2).get(1), "min");
        assertClose(1990, boxes.get(2).get(3), "median");
        assertClose(2001, boxes.get(2).get(5), "max");
        assertEquals(12, charts.get(3).path("series").get(1).path("points").size(), "a point per repeat");
        assertEquals(
                "Throughput over the repeats of each cell",
                charts.get(3).path("title").asText());
        // the table: cell 3's throughput with its interval
        Element cell = page.selectFirst("tr[data-cell=2] td[data-statistic=throughput]");
        assertClose(mean(THROUGHPUT[2]), JSON.readTree(cell.attr("data-mean")), "table mean");
        assertEquals(
                String.format(
                        java.util.Locale.ROOT, "%,.0f ± %,.0f", mean(THROUGHPUT[2]), halfWidth(T_2, THROUGHPUT[2])),
                cell.text());
    }

    @Test
    void theBoxPlotShowsTheStatisticTheStudyChose() throws IOException {
        Path testDir = writeStudy(3);
        StudyState chosen = StudyState.read(testDir).orElseThrow();
        new StudyState(
                        chosen.formatVersion(),
                        chosen.test(),
                        chosen.dimensions(),
                        chosen.repeats(),
                        chosen.heatMap(),
                        chosen.runs(),
                        "p99Ms")
                .write(testDir);

        writeReport(testDir);

        JsonNode spread = JSON.readTree(
                        Jsoup.parse(testDir.resolve(StudyPage.FILE_NAME).toFile())
                                .selectFirst("#maestro-charts")
                                .data())
                .get(3);
        assertEquals(
                "p99 response time over the repeats of each cell",
                spread.path("title").asText());
        assertEquals("ms", spread.path("unit").asText());
        JsonNode box = spread.path("series").get(0).path("points").get(2);
        // cell 3's p99: 9, 30 and 12 ms
        assertClose(9, box.get(1), "min");
        assertClose(12, box.get(3), "median");
        assertClose(30, box.get(5), "max");
    }

    private static List<String> kinds(JsonNode charts) {
        List<String> kinds = new ArrayList<>();
        charts.forEach(c -> kinds.add(c.path("kind").asText()));
        return kinds;
    }

    private static List<String> names(JsonNode series) {
        List<String> names = new ArrayList<>();
        series.forEach(s -> names.add(s.path("name").asText()));
        return names;
    }

    @Test
    void theReporterBuildsTheStudyOfIterationsItAnalysedAndLinksItFromTheTestPageAndTheIndex() throws IOException {
        org.maestro.reporter.SyntheticResults writer = new org.maestro.reporter.SyntheticResults(7, 1.0, 1.0);
        writer.simple(results.resolve("study/0"), org.maestro.reporter.SyntheticResults.T0, 1000, "success", "ok");
        writer.simple(
                results.resolve("study/1"), org.maestro.reporter.SyntheticResults.T0 + 60_000, 1000, "success", "ok");
        new StudyState(
                        StudyState.FORMAT_VERSION,
                        "study",
                        List.of(new StudyState.Dimension("mode", null, List.of("only"))),
                        2,
                        List.of(),
                        List.of(new StudyState.Run(0, 1, 0, "success"), new StudyState.Run(0, 2, 1, "success")))
                .write(results.resolve("study"));

        org.maestro.reporter.build.Reporter.build(results);

        JsonNode iterations =
                JSON.readTree(results.resolve("study/summary.json").toFile()).path("iterations");
        double first =
                iterations.get(0).path("rate").path("receiver").path("mean").asDouble();
        double second =
                iterations.get(1).path("rate").path("receiver").path("mean").asDouble();
        assertTrue(first > 0 && second > 0 && first != second, first + ", " + second);
        JsonNode cell = JSON.readTree(results.resolve("study/study.json").toFile())
                .path("cells")
                .get(0);
        assertClose((first + second) / 2, cell.path("throughput").path("mean"), "mean of the two iterations");
        assertClose(
                (first + second) / 2 + halfWidth(T_1, first, second),
                cell.path("throughput").path("high"),
                "upper end");
        assertEquals("success", cell.path("outcome").asText());
        assertEquals(
                "study.html",
                Jsoup.parse(results.resolve("study/index.html").toFile())
                        .selectFirst("#study-link")
                        .attr("href"));
        assertTrue(Jsoup.parse(results.resolve("index.html").toFile())
                        .select("a[href=study/study.html]")
                        .size()
                == 1);
    }

    @Test
    void aStudyPageRendersEveryChartInHeadlessChromium(@TempDir Path work) throws Exception {
        Chromium.require();
        Path testDir = writeStudy(3);
        org.maestro.reporter.html.Assets.copyCharts(results);

        writeReport(testDir);

        Document dom = Jsoup.parse(Chromium.dumpDom(results.resolve("study/" + StudyPage.FILE_NAME), work));
        assertFalse(
                dom.body().hasAttr("data-errors"),
                "script errors: " + dom.body().attr("data-errors"));
        List<Element> charts = dom.select("div.chart");
        assertEquals(4, charts.size());
        for (Element chart : charts) {
            assertEquals("true", chart.attr("data-rendered"), chart.id() + " did not finish rendering");
        }
    }

    @Test
    void aStudyWithNoFinishedRunRendersWithoutAScriptError(@TempDir Path work) throws Exception {
        Chromium.require();
        Path testDir = results.resolve("study");
        state(List.of()).write(testDir);
        org.maestro.reporter.html.Assets.copyCharts(results);

        StudyReport.write(testDir, List.of());

        Document dom = Jsoup.parse(Chromium.dumpDom(testDir.resolve(StudyPage.FILE_NAME), work));
        assertFalse(
                dom.body().hasAttr("data-errors"),
                "script errors: " + dom.body().attr("data-errors"));
        assertEquals(4, dom.select("tr[data-cell]").size());
        assertEquals(
                "unknown",
                dom.selectFirst("tr[data-cell=0] td[data-statistic=throughput]").text());
        assertTrue(
                dom.selectFirst("#study-throughput").text().contains("No run had an offered load"),
                dom.selectFirst("#study-throughput").text());
    }
}

package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.ReportResult;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.html.Format;

/** The report's pages as a real headless Chromium renders them, with no network. */
class ChromiumRenderingTest {

    @TempDir
    static Path work;

    static Path results;
    static ReportResult report;

    @BeforeAll
    static void buildReport() throws IOException {
        Chromium.require();
        results = Files.createDirectories(work.resolve("results"));
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        report = Reporter.build(results);
    }

    @Test
    void iterationChartsRenderInHeadlessChromiumWithoutNetwork() throws Exception {
        Path page = report.test("fixed-rate").iterationPage(0);
        Document dom = Jsoup.parse(Chromium.dumpDom(page, work));
        Elements charts = renderedCharts(dom);
        // rate, 3 latency-over-time, distribution, heap, queue depth (consumer counts never change: a note)
        assertEquals(7, charts.size(), charts.eachAttr("id").toString());
        assertTrue(
                dom.select(".chart-box .note").text().contains("consumerCount (other.queue 1, test.queue 2)"),
                dom.select(".chart-box .note").text());
        TestSummary s = report.test("fixed-rate").iterations().get(0);
        assertEquals(
                Format.rate(s.throughput()),
                dom.select("#card-throughput .value").text());
        assertEquals(Format.count(12), dom.select("#card-lost .value").text());
        assertEquals(
                Format.millis(s.latency().responseTime().p99()),
                dom.select("#card-response-p99 .value").text());
        assertEquals("success", dom.select("h1 .badge").attr("data-outcome"));
        assertTrue(dom.select("#latency")
                .text()
                .contains(Format.millis(s.latency().serviceTime().p9999())));
        assertEquals(
                List.of(
                        "Rate over time (msg/s)",
                        "Response time (ms): receive − intended send",
                        "Service time (ms): receive − actual send",
                        "Send delay (ms): actual − intended send",
                        "Latency by percentile (ms), measured intervals",
                        "jvm-heap (inspector-1@sut): heapUsedBytes",
                        "queues (inspector-1@sut): messageCount"),
                charts.eachAttr("data-title"));
        // the warm-up is in view: no chart opens zoomed past it
        for (JsonNode spec : Chromium.chartSpecs(dom)) {
            assertTrue(spec.path("viewFrom").isMissingNode(), spec.path("id") + " opens zoomed");
        }
        // the warm-up (100 k msg/s, 900 ms) would flatten the measured values: the axis is clipped and says so
        JsonNode rate = Chromium.chartSpecs(dom).get(0);
        assertEquals(5000.0, rate.path("yMax").asDouble(), rate.toString().substring(0, 200));
        assertTrue(
                dom.select("#chart-rate + .note").text().startsWith("y axis clipped at 5,000 msg/s"),
                dom.select(".chart-box").first().text());
        assertEquals(
                "verdict on p90 response time ≤ 500 ms: measured "
                        + Format.millis(s.latency().responseTime().p90())
                        + " (MAXIMUM_LATENCY=500, MAXIMUM_LATENCY_MODE=soft)",
                dom.select("#verdict-criterion").text());
    }

    @Test
    void testPageTrendChartsRender() throws Exception {
        Document dom = Jsoup.parse(Chromium.dumpDom(report.test("incremental").page(), work));
        Elements charts = renderedCharts(dom);
        assertEquals(
                List.of("Throughput by iteration (msg/s)", "Response time by iteration (ms)"),
                charts.eachAttr("data-title"));
    }

    @Test
    void trendChartsRenderWithARunMissingATest() throws Exception {
        Path older = work.resolve("trend-runs/nightly-1");
        Path newer = work.resolve("trend-runs/nightly-2");
        SyntheticResults.writeStandard(older, 1.0, 1.0);
        SyntheticResults.writeStandard(newer, 1.2, 0.9);
        // a run without one of the tests leaves a gap in that test's lines
        try (java.util.stream.Stream<Path> files = Files.walk(newer.resolve("no-verdict"))) {
            files.sorted(java.util.Comparator.reverseOrder())
                    .forEach(f -> f.toFile().delete());
        }
        org.maestro.reporter.trend.Trend.build(
                List.of(older, newer, results),
                null,
                org.maestro.reporter.compare.Thresholds.DEFAULTS,
                work.resolve("trend"));
        Document dom = Jsoup.parse(Chromium.dumpDom(work.resolve("trend/trend.html"), work));
        Elements charts = renderedCharts(dom);
        assertTrue(charts.size() >= 4, charts.eachAttr("data-title").toString());
    }

    @Test
    void screenshotOfAReportIsTaken() throws Exception {
        Path png = work.resolve("report.png");
        Chromium.screenshot(report.test("fixed-rate").iterationPage(0), work, png, 1400, 2000);
        Chromium.assertPicture(png);
        String keep = System.getProperty("maestro.screenshot");
        if (keep != null) {
            Files.copy(png, Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** The charts of a page, once its scripts raised no error and every chart finished rendering into a canvas. */
    private static Elements renderedCharts(Document dom) {
        assertFalse(
                dom.body().hasAttr("data-errors"),
                "script errors: " + dom.body().attr("data-errors"));
        Elements charts = dom.select("div.chart");
        for (Element chart : charts) {
            assertEquals("true", chart.attr("data-rendered"), chart.id() + " did not finish rendering");
            assertFalse(chart.select("canvas").isEmpty(), chart.id() + " has no canvas");
        }
        return charts;
    }
}

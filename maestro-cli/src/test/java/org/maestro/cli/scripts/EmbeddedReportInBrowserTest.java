package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.Chromium;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * The report of a real embedded run (FixedRateTest against the embedded Artemis, with its inspector) opens in headless
 * Chromium without script errors, every chart draws, and the headline numbers are those of summary.json. The
 * screenshot is kept in target/ as an artifact.
 */
class EmbeddedReportInBrowserTest {
    @TempDir
    Path work;

    @Test
    void theReportOfAnEmbeddedRunRendersInHeadlessChromium() throws Exception {
        Chromium.require();
        CliProcess run = CliProcess.runScript(
                "FixedRateTest.groovy",
                Map.of("TEST_DURATION", "6s", "WARM_UP", "2s", "RATE", "200", "MAXIMUM_LATENCY", "5000"),
                Duration.ofMinutes(3),
                work);
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());

        Path page = work.resolve("results/fixed-rate/iteration-0.html");
        assertTrue(Files.isRegularFile(page), "the run wrote " + page);
        Document dom = Jsoup.parse(Chromium.dumpDom(page, work));

        assertFalse(
                dom.body().hasAttr("data-errors"),
                "script errors: " + dom.body().attr("data-errors"));
        Elements charts = dom.select("div.chart");
        assertTrue(
                charts.size() >= 6,
                "rate, latency over time, distribution and inspector charts: " + charts.eachAttr("id"));
        for (Element chart : charts) {
            assertEquals("true", chart.attr("data-rendered"), chart.id() + " did not finish rendering");
            assertFalse(chart.select("canvas").isEmpty(), chart.id() + " has no canvas");
        }
        assertTrue(
                charts.eachAttr("id").stream().anyMatch(id -> id.startsWith("chart-inspector-")),
                "the inspector's data is charted: " + charts.eachAttr("id"));
        TestSummary summary = Reporter.summarize(work.resolve("results/fixed-rate/0"));
        assertEquals(0, summary.messages().lost());
        assertEquals(
                org.maestro.reporter.html.Format.count(summary.messages().sent()),
                dom.select("#card-sent .value").text());
        assertEquals("success", dom.select("h1 .badge").attr("data-outcome"));
        ResultsAudit.assertConsistent(work.resolve("results/fixed-rate/0"));

        java.util.List<String> titles = charts.eachAttr("data-title");
        for (String expected : java.util.List.of(
                "Rate over time (msg/s)",
                "Response time (ms): receive − intended send",
                "Service time (ms): receive − actual send",
                "Send delay (ms): actual − intended send",
                "Latency by percentile (ms), measured intervals")) {
            assertTrue(titles.contains(expected), expected + " is not among " + titles);
        }
        // the SUT's queues are charted, or listed as unchanged when the polls saw no change (a short test)
        java.util.List<String> boxes = dom.select("[data-title]").eachAttr("data-title");
        assertTrue(boxes.stream().anyMatch(t -> t.contains("— queues")), boxes.toString());
        assertTrue(
                titles.stream().filter(t -> t.contains("messagesAdded")).allMatch(t -> t.endsWith("per second")),
                "a cumulative counter drawn as it is: " + titles);
        assertTrue(titles.stream().noneMatch(t -> t.contains("inspector-polls")), "an empty polls chart: " + titles);
        assertTrue(
                titles.stream().noneMatch(t -> t.contains("receive-gaps")),
                "silences charted as a data set: " + titles);
        for (com.fasterxml.jackson.databind.JsonNode spec : Chromium.chartSpecs(dom)) {
            String title = spec.path("title").asText();
            assertFalse(spec.path("series").isEmpty(), title + " is an empty chart");
            assertTrue(
                    spec.path("series").size() <= 8,
                    title + " draws " + spec.path("series").size() + " lines");
            assertTrue(spec.path("viewFrom").isMissingNode(), title + " opens zoomed past the warm-up");
            for (com.fasterxml.jackson.databind.JsonNode series : spec.path("series")) {
                String name = series.path("name").asText();
                assertFalse(
                        name.startsWith("$") || name.startsWith("activemq.") || name.contains("mpt."),
                        title + " draws the internal queue " + name);
            }
            if (title.contains("CpuLoad")) {
                assertEquals("%", spec.path("unit").asText(), title);
            }
        }
        assertTrue(
                dom.select("#verdict-criterion").text().startsWith("verdict on p90 response time ≤ 5000 ms"),
                dom.select("#verdict-criterion").text());
        assertTrue(Files.isRegularFile(work.resolve("results/echarts.min.js")), "one charting library for the tree");
        assertFalse(Files.exists(work.resolve("results/fixed-rate/echarts.min.js")), "a copy per test directory");

        Path screenshot = Path.of("target", "embedded-report.png");
        Chromium.screenshot(page, work, screenshot, 1400, 5200);
        Chromium.assertPicture(screenshot);
    }
}

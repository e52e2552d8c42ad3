package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.select.Elements;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.html.Format;

class ChromiumRenderingTest {

    @TempDir
    static Path work;
    static Path results;
    static ReportResult report;

    @BeforeAll
    static void buildReport() throws IOException {
        assumeTrue(Chromium.available(), "/usr/bin/chromium is not installed (apt-get install chromium); "
                + "the browser rendering tests are skipped");
        results = Files.createDirectories(work.resolve("results"));
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        report = Reporter.build(results);
    }

    @Test
    void iterationChartsRenderInHeadlessChromiumWithoutNetwork() throws Exception {
        Path page = report.test("fixed-rate").iterationPage(0);
        Document dom = Jsoup.parse(Chromium.dumpDom(page, work));
        assertFalse(dom.body().hasAttr("data-errors"), "script errors: " + dom.body().attr("data-errors"));
        Elements charts = dom.select("div.chart");
        // rate, 3 latency-over-time, distribution, heap, queue depth (consumer counts never change: a note)
        assertEquals(7, charts.size(), charts.eachAttr("id").toString());
        assertTrue(dom.select(".chart-box .note").text().contains("consumerCount (other.queue 1, test.queue 2)"),
                dom.select(".chart-box .note").text());
        for (Element chart : charts) {
            assertEquals("true", chart.attr("data-rendered"), chart.id() + " did not finish rendering");
            assertFalse(chart.select("canvas").isEmpty(), chart.id() + " has no canvas");
        }
        TestSummary s = report.test("fixed-rate").iterations().get(0);
        assertEquals(Format.rate(s.throughput()), dom.select("#card-throughput .value").text());
        assertEquals(Format.count(12), dom.select("#card-lost .value").text());
        assertEquals(Format.millis(s.latency().responseTime().p99()), dom.select("#card-response-p99 .value").text());
        assertEquals("success", dom.select("h1 .badge").attr("data-outcome"));
        assertTrue(dom.select("#latency").text().contains(Format.millis(s.latency().serviceTime().p9999())));
    }

    @Test
    void testPageTrendChartsRender() throws Exception {
        Document dom = Jsoup.parse(Chromium.dumpDom(report.test("incremental").page(), work));
        assertFalse(dom.body().hasAttr("data-errors"), dom.body().attr("data-errors"));
        Elements charts = dom.select("div.chart");
        assertEquals(2, charts.size());
        for (Element chart : charts) {
            assertEquals("true", chart.attr("data-rendered"), chart.id());
            assertFalse(chart.select("canvas").isEmpty(), chart.id());
        }
    }

    @Test
    void screenshotOfAReportIsTaken() throws Exception {
        Path png = work.resolve("report.png");
        Chromium.screenshot(report.test("fixed-rate").iterationPage(0), work, png, 1400, 2000);
        String keep = System.getProperty("maestro.screenshot");
        if (keep != null) {
            Files.copy(png, Path.of(keep), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }
}

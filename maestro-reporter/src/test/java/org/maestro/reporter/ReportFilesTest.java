package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.ReportResult;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.html.Format;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.testing.ResultsAudit;
import org.w3c.dom.NodeList;

/** The files a report writes: summary.json, JUnit XML, the index and pages that load nothing from the network. */
class ReportFilesTest {

    @TempDir
    static Path results;

    static ReportResult report;

    @BeforeAll
    static void build() throws IOException {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        report = Reporter.build(results);
        ResultsAudit.assertResultsConsistent(results);
    }

    @Test
    void summaryJsonCarriesItsFormatVersionAndTheNumbersOfTheSummary() throws IOException {
        TestSummary direct = Reporter.summarize(results.resolve("fixed-rate/0"));
        JsonNode root = new ObjectMapper()
                .readTree(results.resolve("fixed-rate/summary.json").toFile());
        assertEquals(1, root.path("formatVersion").asInt());
        assertEquals("fixed-rate", root.path("test").asText());
        JsonNode it = root.path("iterations").get(0);
        assertEquals(1, it.path("formatVersion").asInt());
        assertEquals("success", it.path("outcome").asText());
        assertEquals(direct.messages().lost(), it.path("messages").path("lost").asLong());
        assertEquals(
                direct.messages().duplicates(),
                it.path("messages").path("duplicates").asLong());
        JsonNode response = it.path("latency").path("responseTime");
        assertEquals("us", response.path("unit").asText());
        assertEquals(
                direct.latency().responseTime().p999(), response.path("p99_9").asLong());
        assertEquals(
                direct.latency().responseTime().p9999(), response.path("p99_99").asLong());
        assertEquals(
                direct.rate().receiver().mean(),
                it.path("rate").path("receiver").path("mean").asDouble(),
                1e-9);
        assertEquals(
                "8",
                it.path("peers")
                        .get(0)
                        .path("systemProperties")
                        .path("cpu.count")
                        .asText());

        SummaryJson.TestFile back = SummaryJson.read(results.resolve("fixed-rate/summary.json"));
        assertEquals(direct, back.iterations().get(0), "summary.json reads back into the same summary");
    }

    @Test
    void junitXmlHasOneTestCasePerIterationAndTheReasonAsFailureMessage() throws Exception {
        org.w3c.dom.Document xml = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(results.resolve("incremental/junit.xml").toFile());
        org.w3c.dom.Element suite = xml.getDocumentElement();
        assertEquals("testsuite", suite.getTagName());
        assertEquals("2", suite.getAttribute("tests"));
        assertEquals("1", suite.getAttribute("failures"));
        NodeList cases = suite.getElementsByTagName("testcase");
        assertEquals(2, cases.getLength());
        org.w3c.dom.Element passed = (org.w3c.dom.Element) cases.item(0);
        org.w3c.dom.Element failed = (org.w3c.dom.Element) cases.item(1);
        assertEquals("incremental #0", passed.getAttribute("name"));
        assertEquals(0, passed.getElementsByTagName("failure").getLength());
        assertEquals("incremental #1", failed.getAttribute("name"));
        org.w3c.dom.Element failure =
                (org.w3c.dom.Element) failed.getElementsByTagName("failure").item(0);
        assertEquals("receiver-1@alpha: p90 response time 812.5 ms > 500 ms", failure.getAttribute("message"));
        assertEquals("13.000", failed.getAttribute("time"));

        org.w3c.dom.Document unknown = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(results.resolve("no-verdict/junit.xml").toFile());
        assertEquals(1, unknown.getElementsByTagName("error").getLength(), "no outcome is an error, not a pass");
    }

    @Test
    void indexListsEveryRunNewestFirstWithItsOutcome() throws IOException {
        Document index = Jsoup.parse(results.resolve("index.html").toFile());
        List<String> order = index.select("#runs tbody tr").stream()
                .map(row -> row.attr("data-test") + "#" + row.attr("data-iteration"))
                .toList();
        assertEquals(List.of("incremental#1", "incremental#0", "fixed-rate#0", "no-verdict#0"), order);
        Element failed = index.selectFirst("#runs tr[data-test=incremental][data-iteration=1]");
        assertEquals("failure", failed.selectFirst(".badge").attr("data-outcome"));
        assertTrue(failed.text().contains("812.5 ms > 500 ms"));
        assertEquals("3", index.select("#card-tests .value").text());
        assertEquals("2", index.select("#card-failed .value").text());
        for (Element link : index.select("#runs a")) {
            assertTrue(Files.isRegularFile(results.resolve(link.attr("href"))), "broken link " + link.attr("href"));
        }
    }

    @Test
    void pagesLoadNothingFromTheNetwork() throws IOException {
        Pattern reference = Pattern.compile("(?:src|href)\\s*=\\s*\"([^\"]*)\"");
        List<Path> pages;
        try (Stream<Path> files = Files.walk(results)) {
            pages = files.filter(f -> f.toString().endsWith(".html")).toList();
        }
        assertEquals(1 + 3 + 4, pages.size(), pages.toString());
        for (Path page : pages) {
            String html = Files.readString(page);
            Matcher matcher = reference.matcher(html);
            while (matcher.find()) {
                String target = matcher.group(1);
                assertFalse(target.matches("(?i)^(https?:)?//.*"), page + " references " + target);
            }
            assertFalse(html.contains("<link"), page + " loads a style sheet");
            for (Element script : Jsoup.parse(html).select("script[src]")) {
                assertTrue(
                        Files.isRegularFile(page.getParent().resolve(script.attr("src"))),
                        page + " loads a missing " + script.attr("src"));
            }
        }
    }

    @Test
    void everyReportFileIsReadableByEveryoneLikeSummaryJson() throws IOException {
        assumeTrue(
                Files.getFileStore(results).supportsFileAttributeView(PosixFileAttributeView.class),
                "the file system has no POSIX modes");
        List<Path> written;
        try (Stream<Path> files = Files.walk(results)) {
            written = files.filter(Files::isRegularFile)
                    .filter(f -> f.toString().matches(".*\\.(html|js|json|xml)$"))
                    .filter(f -> !f.getParent().getFileName().toString().contains("@"))
                    .toList();
        }
        assertTrue(written.size() >= 8, written.toString());
        for (Path file : written) {
            assertEquals(
                    "rw-r--r--",
                    PosixFilePermissions.toString(Files.getPosixFilePermissions(file)),
                    file + " is not world-readable");
        }
    }

    @Test
    void headlineNamesThePercentileOfTheVerdictAndWhetherWarmUpCounts() throws IOException {
        Document page = Jsoup.parse(report.test("fixed-rate").iterationPage(0).toFile());
        TestSummary s = report.test("fixed-rate").iterations().get(0);
        assertEquals(
                "verdict on p90 response time ≤ 500 ms: measured "
                        + Format.millis(s.latency().responseTime().p90())
                        + " (MAXIMUM_LATENCY=500, MAXIMUM_LATENCY_MODE=soft)",
                page.select("#verdict-criterion").text());
        assertTrue(
                page.select("#card-response-p99 .sub").text().contains("verdict on p90 ≤ 500 ms"),
                page.select("#card-response-p99").text());
        for (String card : List.of("#card-sent", "#card-lost", "#card-errors", "#card-duplicates")) {
            assertTrue(
                    page.select(card + " .sub").text().contains("warm-up included"),
                    page.select(card).text());
        }
        for (String card : List.of("#card-throughput", "#card-response-p99", "#card-service-p99")) {
            assertTrue(
                    page.select(card + " .sub").text().contains("warm-up excluded"),
                    page.select(card).text());
        }
        assertTrue(
                page.select("#card-throughput .sub").text().contains(Format.megabytes(s.throughputMegabytes())),
                page.select("#card-throughput").text());
        JsonNode rate = new ObjectMapper()
                .readTree(results.resolve("fixed-rate/summary.json").toFile())
                .get("iterations")
                .get(0)
                .get("rate");
        assertEquals(
                s.rate().receiver().megabytesPerSecond(),
                rate.get("receiver").get("megabytesPerSecond").asDouble(),
                1e-12);
    }

    @Test
    void eachMetricHasAPercentileDistributionInMillisecondsMatchingTheSummary() throws IOException {
        TestSummary s = report.test("fixed-rate").iterations().get(0);
        Map<String, LatencyStats> metrics = Map.of(
                "response-time.hgrm",
                s.latency().responseTime(),
                "service-time.hgrm",
                s.latency().serviceTime(),
                "send-delay.hgrm",
                s.latency().sendDelay());
        for (Map.Entry<String, LatencyStats> metric : metrics.entrySet()) {
            Path file = results.resolve("fixed-rate/0").resolve(metric.getKey());
            List<String> lines = Files.readAllLines(file);
            assertTrue(
                    lines.get(0).startsWith("#maestro " + metric.getKey() + " v1: values in milliseconds"),
                    lines.get(0));
            double below = 0;
            double atOrAbove = Double.NaN;
            for (String line : lines) {
                String[] cells = line.trim().split("\\s+");
                if (cells.length < 3 || !cells[0].matches("[\\d.]+") || !cells[1].matches("[\\d.]+")) {
                    continue;
                }
                double value = Double.parseDouble(cells[0]);
                if (Double.parseDouble(cells[1]) < 0.99) {
                    below = value;
                } else {
                    atOrAbove = value;
                    break;
                }
            }
            double p99 = metric.getValue().p99() / 1000.0;
            assertTrue(
                    below <= p99 && p99 <= atOrAbove,
                    metric.getKey() + ": p99 " + p99 + " ms is not between " + below + " and " + atOrAbove);
            String tail = String.join("\n", lines);
            Matcher max = Pattern.compile("#\\[Max\\s+=\\s+([\\d.]+), Total count\\s+=\\s+(\\d+)]")
                    .matcher(tail);
            assertTrue(max.find(), tail);
            assertEquals(metric.getValue().max() / 1000.0, Double.parseDouble(max.group(1)), 0.001, metric.getKey());
            assertEquals(metric.getValue().count(), Long.parseLong(max.group(2)), metric.getKey());
        }
    }

    @Test
    void oneCopyOfTheChartingLibraryServesTheWholeTree() throws IOException {
        List<Path> copies;
        try (Stream<Path> files = Files.walk(results)) {
            copies = files.filter(f -> f.getFileName().toString().equals("echarts.min.js"))
                    .toList();
        }
        assertEquals(List.of(results.resolve("echarts.min.js")), copies);
        assertTrue(Files.size(copies.get(0)) > 500_000, "echarts.min.js is " + Files.size(copies.get(0)) + " bytes");
        String page = Files.readString(report.test("fixed-rate").iterationPage(0));
        assertTrue(
                page.contains("<script src=\"../echarts.min.js\"></script>"),
                "the page does not load ../echarts.min.js");
    }

    @Test
    void summarizingADirectoryThatIsNotAnIterationSaysWhatWasExpected() {
        ReportException e = assertThrows(ReportException.class, () -> Reporter.summarize(results.resolve("nothing")));
        assertTrue(
                e.getMessage().contains("nothing") && e.getMessage().contains("<results>/<test-name>/<iteration>/"),
                e.getMessage());
    }

    @Test
    void passingOneTestDirectoryInsteadOfTheResultsNamesTheParent() {
        ReportException e = assertThrows(ReportException.class, () -> Reporter.build(results.resolve("fixed-rate")));
        assertTrue(e.getMessage().contains("pass its parent directory " + results.toAbsolutePath()), e.getMessage());
    }
}

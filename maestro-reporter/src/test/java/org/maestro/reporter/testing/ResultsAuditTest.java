package org.maestro.reporter.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.SyntheticResults;
import org.maestro.reporter.build.Reporter;

/**
 * The audit passes on the reporter's own output for the synthetic results, and names the file, the field and both
 * values when a summary.json value or an HDR interval no longer agrees with the rest.
 */
class ResultsAuditTest {

    @TempDir
    Path results;

    @Test
    void everyIterationOfTheSyntheticResultsAgreesWithItsRawFiles() throws IOException {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Reporter.build(results);
        for (String iteration : List.of("fixed-rate/0", "incremental/0", "incremental/1", "no-verdict/0")) {
            ResultsAudit.assertConsistent(results.resolve(iteration));
        }
    }

    @Test
    void aTamperedSummaryValueIsNamedWithBothNumbers() throws IOException {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Reporter.build(results);
        Path summary = results.resolve("fixed-rate/summary.json");
        ObjectMapper json = new ObjectMapper();
        ObjectNode root = (ObjectNode) json.readTree(summary.toFile());
        ObjectNode messages = (ObjectNode) root.path("iterations").get(0).path("messages");
        long received = messages.path("received").asLong();
        messages.put("received", received + 1);
        ObjectNode response =
                (ObjectNode) root.path("iterations").get(0).path("latency").path("responseTime");
        long p99 = response.path("p99").asLong();
        response.put("p99", p99 + 100);
        json.writeValue(summary.toFile(), root);

        List<ResultsAudit.Mismatch> found = ResultsAudit.audit(results.resolve("fixed-rate/0"));

        assertTrue(
                found.contains(new ResultsAudit.Mismatch(
                        "summary.json", "messages.received", Long.toString(received + 1), Long.toString(received))),
                found.toString());
        assertTrue(
                found.contains(new ResultsAudit.Mismatch(
                        "summary.json", "latency.responseTime.p99", Long.toString(p99 + 100), Long.toString(p99))),
                found.toString());
        assertEquals(2, found.size(), found.toString());
        AssertionError error = assertThrows(
                AssertionError.class, () -> ResultsAudit.assertConsistent(results.resolve("fixed-rate/0")));
        assertTrue(
                error.getMessage()
                        .contains(
                                "summary.json messages.received: shows " + (received + 1) + ", recomputed " + received),
                error.getMessage());
    }

    @Test
    void aNumberChangedOnAPageOrInJUnitIsNamed() throws IOException {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Reporter.build(results);
        Path iteration = results.resolve("fixed-rate/0");
        Recount.Numbers n = Recount.of(iteration);
        String sent = String.format(java.util.Locale.ROOT, "%,d", n.sent());
        String wrongSent = String.format(java.util.Locale.ROOT, "%,d", n.sent() + 10);
        Path page = results.resolve("fixed-rate/iteration-0.html");
        String html = Files.readString(page);
        String card = "<div class=\"value\">" + sent + "</div><div class=\"sub\">received";
        assertTrue(html.contains(card), "the Sent card");
        Files.writeString(page, html.replace(card, card.replace(sent, wrongSent)));
        Path junit = results.resolve("fixed-rate/junit.xml");
        String xml = Files.readString(junit);
        String duplicates = "duplicates=" + n.duplicates() + " ";
        assertTrue(xml.contains(duplicates), xml);
        Files.writeString(junit, xml.replace(duplicates, "duplicates=" + (n.duplicates() + 1) + " "));

        List<ResultsAudit.Mismatch> found = ResultsAudit.audit(iteration);

        assertTrue(
                found.contains(
                        new ResultsAudit.Mismatch("iteration-0.html", "card-sent", wrongSent, Long.toString(n.sent()))),
                found.toString());
        assertTrue(
                found.stream()
                        .anyMatch(m -> m.file().equals("junit.xml") && m.field().equals("fixed-rate #0 duplicates")),
                found.toString());
    }

    @Test
    void theRunTableRowIsCheckedColumnByColumn() throws IOException {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Path iteration = results.resolve("fixed-rate/0");
        Recount.Numbers n = Recount.of(iteration);
        String right = runTableRow(n, n.throughput(), iteration);
        assertEquals(List.of(), ResultsAudit.auditRunTable("TEST …\n" + right, iteration));

        String wrong = runTableRow(n, n.throughput() + 5, iteration);
        List<ResultsAudit.Mismatch> found = ResultsAudit.auditRunTable(wrong, iteration);
        assertEquals(1, found.size(), found.toString());
        assertEquals("fixed-rate #0 RATE msg/s", found.get(0).field());
        assertEquals(1, ResultsAudit.auditRunTable("no table", iteration).size(), "a missing row is a mismatch");
    }

    /** The run table's row of fixed-rate #0 as {@code maestro-cli run} prints it, with the given throughput. */
    private static String runTableRow(Recount.Numbers n, double throughput, Path iteration) {
        return String.format(
                java.util.Locale.ROOT,
                "%-24s %4d  %-6s %,12d %,12d %,10d %8d %8d %8d %,12.0f %10.3f %10.3f  %s%n",
                "fixed-rate",
                0,
                "PASS",
                n.sent(),
                n.received(),
                n.duplicates(),
                n.lost(),
                n.refused(),
                n.vanished(),
                throughput,
                throughput * 256 / 1_000_000.0,
                n.latency().get("responseTime").value("p99") / 1000.0,
                iteration);
    }

    @Test
    void anIntervalAddedToAnHdrLogAfterTheReportShowsOnEveryPageThatPrintsTheMaximum() throws IOException {
        SyntheticResults.writeStandard(results, 1.0, 1.0);
        Reporter.build(results);
        Path iteration = results.resolve("fixed-rate/0");
        Path log;
        try (var peers = Files.list(iteration)) {
            log = peers.map(p -> p.resolve("response-time.hlog"))
                    .filter(Files::isRegularFile)
                    .findFirst()
                    .orElseThrow();
        }
        Histogram stall = new Histogram(3_600_000_000L, 3);
        stall.recordValue(9_876_543);
        stall.setStartTimeStamp(SyntheticResults.T0 + 20_000);
        stall.setEndTimeStamp(SyntheticResults.T0 + 21_000);
        try (PrintStream out = new PrintStream(Files.newOutputStream(log, java.nio.file.StandardOpenOption.APPEND))) {
            new HistogramLogWriter(out).outputIntervalHistogram(stall);
        }

        List<ResultsAudit.Mismatch> found = ResultsAudit.audit(iteration);

        assertTrue(
                found.stream()
                        .anyMatch(m -> m.file().equals("summary.json")
                                && m.field().equals("latency.responseTime.max")
                                && m.recomputed().equals("9879551")),
                found.toString());
        assertTrue(
                found.stream()
                        .anyMatch(m -> m.file().equals("iteration-0.html")
                                && m.field().equals("latency row responseTime max")),
                found.toString());
        assertTrue(
                found.stream()
                        .anyMatch(m ->
                                m.file().equals("iteration-0.html") && m.field().equals("card-response-p99 max")),
                found.toString());
        assertTrue(
                found.stream()
                        .anyMatch(m ->
                                m.file().equals("summary.json") && m.field().equals("latency.responseTime.count")),
                found.toString());
    }
}

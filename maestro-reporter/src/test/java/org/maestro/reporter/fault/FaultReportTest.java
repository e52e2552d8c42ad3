package org.maestro.reporter.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.reporter.fault.FaultScenario.T0;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.reporter.Chromium;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.compute.IterationAnalyzer;
import org.maestro.reporter.out.FaultLines;
import org.maestro.reporter.out.SummaryJson;
import org.maestro.reporter.study.CellResult;
import org.maestro.reporter.study.FaultEstimates;
import org.maestro.reporter.study.StudyAnalysis;
import org.maestro.reporter.study.StudyReport;
import org.maestro.reporter.study.StudyState;

/** The faults' figures in summary.json, on the iteration page, in junit.xml, the CLI table and a study. */
class FaultReportTest {
    /** t(0.975) for 2 degrees of freedom, from a printed table of Student's t distribution. */
    private static final double T_2 = 4.302652729911275;

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path results;

    /** A restart at 12.3 s whose receivers get nothing for {@code quietSeconds} whole seconds from 13 s. */
    private static FaultScenario restart(int quietSeconds) {
        FaultScenario scenario =
                new FaultScenario(30, 100, 2_000).action("restart 2", T0 + 12_300, T0 + 12_300 + quietSeconds * 1000L);
        scenario.set(scenario.received, 12, 13, 30)
                .set(scenario.received, 13, 13 + quietSeconds, 0)
                .set(scenario.latencyMicros, 12, 13 + quietSeconds + 2, 40_000)
                .set(scenario.latencyMicros, 13, 13 + quietSeconds, 0)
                .set(scenario.refused, 12, 13, quietSeconds);
        scenario.gaps = List.of(new ReceiveGaps.Gap((T0 + 12_310) * 1000, (T0 + 13_020 + quietSeconds * 1000L) * 1000));
        return scenario;
    }

    @Test
    void everyOutputShowsTheFault() throws Exception {
        restart(2).write(results);
        Reporter.build(results);
        Path test = results.resolve("faults");

        JsonNode fault = JSON.readTree(test.resolve("summary.json").toFile())
                .get("iterations")
                .get(0)
                .get("faults")
                .get(0);
        String keys = "agent action start end gapSeconds throughputRecoverySeconds p99RecoverySeconds refused vanished"
                + " duplicates p99Before p99During";
        for (String key : keys.split(" ")) {
            assertTrue(fault.has(key), key + " in " + fault);
        }
        assertEquals(2.71, fault.get("gapSeconds").asDouble(), 1e-9);
        // the zero seconds end at 15 s, then 100 a second: back from 15 s, 2.7 s after the start
        assertEquals(2.7, fault.get("throughputRecoverySeconds").asDouble(), 1e-9);
        assertTrue(fault.get("vanished").isNull(), "no peer results: unknown, " + fault);

        Document page = Jsoup.parse(test.resolve("iteration-0.html").toFile());
        Element row = page.selectFirst("table#faults tbody tr");
        assertNotNull(row, page.html());
        assertEquals("restart 2", row.child(1).text());
        assertEquals("2.71 s", row.child(4).text());
        assertEquals("2.7 s", row.child(6).text());
        assertEquals("2", row.child(10).text(), "refused");
        assertTrue(page.html().contains("\"kind\":\"recovery\""), "the recovery is shaded on the rate chart");

        String junit = Files.readString(test.resolve("junit.xml"));
        assertTrue(junit.contains("<property name=\"fault.0.1.gapSeconds\" value=\"2.71\""), junit);
        assertTrue(junit.contains("<property name=\"fault.0.1.throughputRecoverySeconds\" value=\"2.7\""), junit);
        assertTrue(junit.contains("<property name=\"fault.0.1.vanished\" value=\"unknown\""), junit);

        FaultCost cost = Reporter.summarize(test.resolve("0")).faults().get(0);
        String line = FaultLines.line("faults", 0, cost);
        assertTrue(line.contains("agent-1@sut: restart 2"), line);
        assertTrue(line.contains(" 2.71 "), line);
        assertTrue(line.contains(" 2.7 s "), line);
        assertTrue(FaultLines.header().contains("THROUGHPUT BACK"));
    }

    @Test
    void theRateChartWithARecoveryBandRendersInChromium() throws Exception {
        Chromium.require();
        restart(2).write(results);
        Reporter.build(results);
        Document dom = Jsoup.parse(Chromium.dumpDom(
                results.resolve("faults/iteration-0.html"), Files.createDirectories(results.resolve("work"))));
        assertTrue(
                !dom.body().hasAttr("data-errors"),
                "script errors: " + dom.body().attr("data-errors"));
        Element rate = dom.selectFirst("div.chart#chart-rate");
        assertNotNull(rate, dom.html());
        assertEquals("true", rate.attr("data-rendered"));
        JsonNode bands = Chromium.chartSpecs(dom).get(0).get("bands");
        boolean recovery = false;
        for (JsonNode band : bands) {
            if ("recovery".equals(band.get("kind").asText())) {
                recovery = true;
                assertEquals("back after 2.7 s", band.get("label").asText());
                assertEquals(T0 + 12_300 + 2_700, band.get("to").asLong());
            }
        }
        assertTrue(recovery, bands.toString());
    }

    @Test
    void aStudyOfRepeatedRestartsEstimatesEachFigureWithItsInterval() throws Exception {
        int[] quiet = {1, 2, 4};
        Map<Integer, TestSummary> summaries = new HashMap<>();
        List<StudyState.Run> runs = new ArrayList<>();
        for (int repeat = 0; repeat < quiet.length; repeat++) {
            Path iteration = restart(quiet[repeat]).write(results, repeat);
            summaries.put(repeat, IterationAnalyzer.analyze(iteration).summary());
            runs.add(new StudyState.Run(0, repeat + 1, repeat, "success"));
        }
        StudyState state = new StudyState(
                StudyState.FORMAT_VERSION,
                "faults",
                List.of(new StudyState.Dimension("rate", "RATE", List.of("100"))),
                quiet.length,
                List.of(),
                runs);
        CellResult cell = StudyAnalysis.cells(state, summaries).get(0);
        assertEquals(1, cell.faults().size());
        FaultEstimates restarts = cell.faults().get(0);
        assertEquals("restart 2", restarts.action());
        assertEquals(3, restarts.faults());
        // each run: silence = quiet + 0.71 s; back from the second after the quiet ones: quiet + 0.7 s
        double[] gaps = {1.71, 2.71, 4.71};
        double[] recoveries = {1.7, 2.7, 4.7};
        assertInterval(gaps, restarts.gapSeconds().mean(), restarts.gapSeconds().low());
        assertInterval(
                recoveries,
                restarts.throughputRecoverySeconds().mean(),
                restarts.throughputRecoverySeconds().low());
        assertEquals(7.0 / 3, restarts.refused().mean(), 1e-9);
        assertEquals(0, restarts.throughputNotRecovered());

        // the study's own files, as the report writes them
        Path testDir = results.resolve("faults");
        SummaryJson.write(testDir, "faults", List.copyOf(summaries.values()));
        state.write(testDir);
        StudyReport.write(testDir, List.copyOf(summaries.values()));
        JsonNode written = JSON.readTree(testDir.resolve("study.json").toFile())
                .get("cells")
                .get(0)
                .get("faults")
                .get(0);
        assertEquals(3, written.get("faults").asInt(), written.toString());
        assertEquals(
                restarts.gapSeconds().low(),
                written.get("gapSeconds").get("low").asDouble(),
                1e-9);
        assertEquals(
                restarts.throughputRecoverySeconds().high(),
                written.get("throughputRecoverySeconds").get("high").asDouble(),
                1e-9);
        Element row = Jsoup.parse(testDir.resolve("study.html").toFile()).selectFirst("table#fault-estimates tbody tr");
        assertNotNull(row);
        assertEquals("restart 2", row.child(1).text());
        assertTrue(
                Files.readString(testDir.resolve("study-junit.xml"))
                        .contains("| fault 'restart 2' ×3 gapSeconds=3.043"),
                Files.readString(testDir.resolve("study-junit.xml")));
    }

    /** The mean and the lower end of its 95% interval, computed here with Student's t from a table. */
    private static void assertInterval(double[] values, double mean, double low) {
        double sum = 0;
        for (double value : values) {
            sum += value;
        }
        double expectedMean = sum / values.length;
        double squares = 0;
        for (double value : values) {
            squares += (value - expectedMean) * (value - expectedMean);
        }
        double half = T_2 * Math.sqrt(squares / (values.length - 1)) / Math.sqrt(values.length);
        assertEquals(expectedMean, mean, 1e-9);
        assertEquals(expectedMean - half, low, 1e-9);
    }
}

package org.maestro.reporter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCodes;
import org.maestro.reporter.Reporter;
import org.maestro.reporter.SyntheticResults;

class CompareCommandTest {

    @TempDir
    static Path work;
    static Path baseline;

    @BeforeAll
    static void writeBaseline() throws IOException {
        baseline = work.resolve("baseline");
        SyntheticResults.writeStandard(baseline, 1.0, 1.0);
    }

    private static Path current(String name, double latencyScale, double rateScale) throws IOException {
        Path dir = work.resolve(name);
        SyntheticResults.writeStandard(dir, latencyScale, rateScale);
        return dir;
    }

    @Test
    void flagsSlowerAndHigherLatencyRunAsRegressionWithExitCode1() throws IOException {
        Path current = current("regressed", 1.5, 0.8);
        CommandRun run = CommandRun.of(new CompareCommand(), baseline.toString(), current.toString());
        assertEquals(ExitCodes.TEST_FAILED, run.exitCode(), run.toString());
        assertTrue(run.out().startsWith("REGRESSION"), run.out());
        assertTrue(run.out().contains("fixed-rate #0 throughput"), run.out());
        assertTrue(run.out().contains("fixed-rate #0 responseTime.p99"), run.out());

        JsonNode json = new ObjectMapper().readTree(current.resolve(Reporter.COMPARISON_JSON).toFile());
        assertEquals(1, json.path("formatVersion").asInt());
        assertTrue(json.path("regression").asBoolean());
        JsonNode throughput = null;
        for (JsonNode row : json.path("differences")) {
            if (row.path("test").asText().equals("fixed-rate") && row.path("metric").asText().equals("throughput")) {
                throughput = row;
            }
        }
        double expected = (throughput.path("current").asDouble() - throughput.path("baseline").asDouble())
                / throughput.path("baseline").asDouble() * 100;
        assertEquals(expected, throughput.path("changePercent").asDouble(), 1e-9);
        assertTrue(expected < -15 && expected > -25, "about −20%: " + expected);
        assertEquals("REGRESSION", throughput.path("status").asText());

        Document index = Jsoup.parse(current.resolve("index.html").toFile());
        assertEquals("REGRESSION", index.select("a[href=comparison.html] + .badge").text());
        Document page = Jsoup.parse(current.resolve(Reporter.COMPARISON_HTML).toFile());
        assertEquals("REGRESSION", page.select("#verdict").text());
        assertTrue(page.select("#differences tr[data-status=REGRESSION]").size() >= 2);
    }

    @Test
    void passesAnEqualRunWithExitCode0() throws IOException {
        Path current = current("equal", 1.0, 1.0);
        CommandRun run = CommandRun.of(new CompareCommand(), baseline.toString(), current.toString());
        assertEquals(ExitCodes.OK, run.exitCode(), run.toString());
        assertTrue(run.out().startsWith("No regression"), run.out());
        Document index = Jsoup.parse(current.resolve("index.html").toFile());
        assertEquals("NO REGRESSION", index.select("a[href=comparison.html] + .badge").text());
    }

    @Test
    void thresholdsCanBeWidenedOnTheCommandLine() throws IOException {
        Path current = current("slower", 1.0, 0.85);
        assertEquals(ExitCodes.TEST_FAILED,
                CommandRun.of(new CompareCommand(), baseline.toString(), current.toString()).exitCode());
        CommandRun widened = CommandRun.of(new CompareCommand(), baseline.toString(), current.toString(),
                "--throughput-drop", "25");
        assertEquals(ExitCodes.OK, widened.exitCode(), widened.toString());
    }

    @Test
    void aBaselineOfSummaryFilesOnlyIsEnough() throws IOException {
        Reporter.build(baseline);
        Path compact = work.resolve("compact-baseline");
        for (String test : new String[] {"fixed-rate", "incremental", "no-verdict"}) {
            Files.createDirectories(compact.resolve(test));
            Files.copy(baseline.resolve(test).resolve("summary.json"), compact.resolve(test).resolve("summary.json"));
        }
        Path current = current("equal-to-compact", 1.0, 1.0);
        CommandRun run = CommandRun.of(new CompareCommand(), compact.toString(), current.toString(), "--format", "json");
        assertEquals(ExitCodes.OK, run.exitCode(), run.toString());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertTrue(json.path("differences").size() > 10, run.out());
    }

    @Test
    void aMissingBaselineIsAUsageErrorNamingIt() {
        Path missing = work.resolve("missing");
        CommandRun run = CommandRun.of(new CompareCommand(), missing.toString(), baseline.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.toString());
        assertTrue(run.err().contains("the baseline directory " + missing + " does not exist"), run.err());
    }

    @Test
    void anEmptyCurrentDirectoryIsAUsageError() throws IOException {
        Path empty = Files.createDirectories(work.resolve("empty"));
        CommandRun run = CommandRun.of(new CompareCommand(), baseline.toString(), empty.toString());
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.toString());
        assertTrue(run.err().contains("the current directory " + empty + " holds no test results"), run.err());
    }

    @Test
    void anUnknownPercentileIsAUsageError() {
        CommandRun run = CommandRun.of(new CompareCommand(), baseline.toString(), baseline.toString(),
                "--percentiles", "p42");
        assertEquals(ExitCodes.USAGE, run.exitCode(), run.toString());
        assertTrue(run.err().contains("unknown percentile 'p42'"), run.err());
    }
}

package org.maestro.reporter.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.SyntheticResults;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.trend.Trend;

/** `maestro-cli trend`: every run judged against a baseline with compare's thresholds. */
class TrendCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    static Path work;

    /** Four nightly runs: like, like, slower and later, like again. */
    @BeforeAll
    static void writeRuns() throws IOException {
        SyntheticResults.writeStandard(work.resolve("build-101"), 1.0, 1.0);
        SyntheticResults.writeStandard(work.resolve("build-102"), 1.05, 0.98);
        SyntheticResults.writeStandard(work.resolve("build-103"), 1.5, 0.8);
        SyntheticResults.writeStandard(work.resolve("build-104"), 1.0, 1.0);
    }

    private static List<String> runs(String... names) {
        return java.util.Arrays.stream(names)
                .map(n -> work.resolve(n).toString())
                .toList();
    }

    @Test
    void eachRunIsJudgedAgainstTheBaselineWithTheThresholdsOfCompare() throws IOException {
        Path output = work.resolve("trend-out");
        List<String> args = new java.util.ArrayList<>(runs("build-101", "build-102", "build-103", "build-104"));
        args.addAll(List.of("--output", output.toString()));
        CommandRun run = CommandRun.of(new TrendCommand(), args.toArray(String[]::new));

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.toString());
        assertTrue(run.out().contains("Latest run within the limits of baseline build-101."), run.out());
        assertFalse(run.err().contains("WARNING"), "runs of the same parameters are alike: " + run.err());
        JsonNode trend = JSON.readTree(output.resolve(Trend.JSON).toFile());
        assertEquals(
                List.of("build-101", "build-102", "build-103", "build-104"),
                JSON.convertValue(trend.get("runs"), List.class));
        JsonNode test = trend.get("tests").get(0);
        JsonNode points = test.get("points");
        assertEquals(4, points.size());
        boolean[] regressed = new boolean[4];
        for (int i = 0; i < 4; i++) {
            regressed[i] = points.get(i).get("regression").asBoolean();
        }
        assertEquals("[false, false, true, false]", java.util.Arrays.toString(regressed));
        assertTrue(
                points.get(2).get("regressions").toString().contains("throughput"),
                points.get(2).toString());

        // every figure is the one the reporter computes for that run's latest iteration
        for (int i = 0; i < 4; i++) {
            String name = "build-10" + (i + 1);
            List<TestSummary> iterations =
                    Reporter.build(work.resolve(name)).tests().get(0).iterations();
            TestSummary latest = iterations.stream()
                    .max(java.util.Comparator.comparingInt(TestSummary::iteration))
                    .orElseThrow();
            assertEquals(latest.throughput(), points.get(i).get("throughput").asDouble(), 1e-9, name);
            assertEquals(
                    latest.latency().responseTime().p99(),
                    points.get(i).get("responseTimeMicros").get("p99").asLong(),
                    name);
        }
        // the judgement agrees with compare between the baseline and the slow run
        CommandRun compared = CommandRun.of(
                new CompareCommand(),
                work.resolve("build-101").toString(),
                work.resolve("build-103").toString());
        assertEquals(ExitCode.TEST_FAILED.code(), compared.exitCode(), compared.toString());

        Document page = Jsoup.parse(output.resolve(Trend.HTML).toFile());
        assertEquals("LATEST RUN WITHIN LIMITS", page.select("#verdict").text());
        // three tests, each regressed in build-103 only
        assertEquals(3, page.select("table.trend").size());
        assertEquals(3, page.select("table.trend tr[data-regression=true]").size());
        page.select("table.trend tr[data-regression=true]")
                .forEach(row ->
                        assertEquals("build-103", row.select("td").first().text()));
        assertTrue(Files.isRegularFile(output.resolve("echarts.min.js")));
        String charts = page.select("#maestro-charts").html();
        assertTrue(
                charts.contains("lowest allowed (baseline −10%)") && charts.contains("p99 highest allowed"),
                charts.substring(0, Math.min(400, charts.length())));
    }

    @Test
    void theLatestRunRegressingIsShownAndAnotherBaselineCanBeChosen() throws IOException {
        Path output = work.resolve("trend-latest");
        List<String> args = new java.util.ArrayList<>(runs("build-101", "build-102", "build-103"));
        args.addAll(List.of("-o", output.toString(), "--latency-rise", "100", "--throughput-drop", "30"));
        CommandRun lenient = CommandRun.of(new TrendCommand(), args.toArray(String[]::new));
        assertTrue(lenient.out().contains("Latest run within the limits"), lenient.out());

        args = new java.util.ArrayList<>(runs("build-101", "build-102", "build-103"));
        args.addAll(List.of(
                "-o", output.toString(), "--baseline", work.resolve("build-102").toString()));
        CommandRun run = CommandRun.of(new TrendCommand(), args.toArray(String[]::new));
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.toString());
        assertTrue(run.out().contains("Latest run regressed against baseline build-102: fixed-rate"), run.out());
        assertEquals(
                "LATEST RUN REGRESSED",
                Jsoup.parse(output.resolve(Trend.HTML).toFile())
                        .select("#verdict")
                        .text());
    }

    @Test
    void runsOfOtherParametersThanTheBaselineAreWarnedAboutAsCompareDoes() throws IOException {
        SyntheticResults.writeStandard(work.resolve("like-1"), 1.0, 1.0);
        SyntheticResults.writeStandard(work.resolve("unlike-2"), 1.0, 1.0);
        try (var files = Files.walk(work.resolve("unlike-2"))) {
            for (Path file : files.filter(f -> f.getFileName().toString().equals("test.properties"))
                    .toList()) {
                Files.writeString(file, Files.readString(file).replace("PARALLEL_COUNT=2\n", "PARALLEL_COUNT=4\n"));
            }
        }
        Path output = work.resolve("trend-unlike");
        List<String> args = new java.util.ArrayList<>(runs("like-1", "unlike-2"));
        args.addAll(List.of("-o", output.toString()));
        CommandRun trend = CommandRun.of(new TrendCommand(), args.toArray(String[]::new));
        CommandRun compare = CommandRun.of(
                new CompareCommand(),
                work.resolve("like-1").toString(),
                work.resolve("unlike-2").toString());

        assertEquals(ExitCode.OK.code(), trend.exitCode(), trend.toString());
        assertTrue(compare.err().contains("PARALLEL_COUNT 2 vs 4"), compare.err());
        for (String test : List.of("fixed-rate", "incremental", "no-verdict")) {
            assertTrue(
                    trend.err()
                            .contains("WARNING:   " + test + ": run 'unlike-2' is unlike the baseline 'like-1': "
                                    + "PARALLEL_COUNT 2 vs 4"),
                    trend.err());
        }
        assertFalse(trend.err().contains("run 'like-1'"), "the baseline is like itself: " + trend.err());
        Document page = Jsoup.parse(output.resolve(Trend.HTML).toFile());
        assertEquals(
                3,
                page.select("#unlike-runs li").size(),
                page.select("#unlike-runs").outerHtml());
        JsonNode points = JSON.readTree(output.resolve(Trend.JSON).toFile())
                .get("tests")
                .get(0)
                .get("points");
        assertEquals("[]", points.get(0).get("unlike").toString());
        assertEquals("[\"PARALLEL_COUNT 2 vs 4\"]", points.get(1).get("unlike").toString());
    }

    @Test
    void tooFewRunsOrADirectoryWithoutResultsAreUsageErrors() throws IOException {
        CommandRun one = CommandRun.of(new TrendCommand(), runs("build-101").toArray(String[]::new));
        assertEquals(ExitCode.USAGE.code(), one.exitCode());
        assertTrue(one.err().contains("a trend needs at least two results directories"), one.err());
        Path empty = Files.createDirectories(work.resolve("empty"));
        CommandRun none =
                CommandRun.of(new TrendCommand(), work.resolve("build-101").toString(), empty.toString());
        assertEquals(ExitCode.USAGE.code(), none.exitCode());
        assertTrue(none.err().contains("holds no test results"), none.err());
    }
}

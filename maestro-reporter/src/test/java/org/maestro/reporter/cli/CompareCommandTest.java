package org.maestro.reporter.cli;

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
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.SyntheticResults;
import org.maestro.reporter.build.Reporter;

/** `maestro-cli compare`: thresholds, metrics, baselines and its usage errors. */
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
        CommandRun run = compare(baseline, current);
        assertEquals(ExitCode.TEST_FAILED.code(), run.exitCode(), run.toString());
        assertTrue(run.out().startsWith("REGRESSION"), run.out());
        assertTrue(run.out().contains("fixed-rate #0 throughput"), run.out());
        assertTrue(run.out().contains("fixed-rate #0 responseTime.p99"), run.out());

        JsonNode json = new ObjectMapper()
                .readTree(current.resolve(Reporter.COMPARISON_JSON).toFile());
        assertEquals(1, json.path("formatVersion").asInt());
        assertTrue(json.path("regression").asBoolean());
        JsonNode throughput = null;
        for (JsonNode row : json.path("differences")) {
            if (row.path("test").asText().equals("fixed-rate")
                    && row.path("metric").asText().equals("throughput")) {
                throughput = row;
            }
        }
        double expected = (throughput.path("current").asDouble()
                        - throughput.path("baseline").asDouble())
                / throughput.path("baseline").asDouble()
                * 100;
        assertEquals(expected, throughput.path("changePercent").asDouble(), 1e-9);
        assertTrue(expected < -15 && expected > -25, "about −20%: " + expected);
        assertEquals("REGRESSION", throughput.path("status").asText());

        Document index = Jsoup.parse(current.resolve("index.html").toFile());
        assertEquals(
                "REGRESSION", index.select("a[href=comparison.html] + .badge").text());
        Document page = Jsoup.parse(current.resolve(Reporter.COMPARISON_HTML).toFile());
        assertEquals("REGRESSION", page.select("#verdict").text());
        assertTrue(page.select("#differences tr[data-status=REGRESSION]").size() >= 2);
    }

    @Test
    void passesAnEqualRunWithExitCode0() throws IOException {
        Path current = current("equal", 1.0, 1.0);
        CommandRun run = compare(baseline, current);
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.toString());
        assertTrue(run.out().startsWith("No regression"), run.out());
        assertFalse(run.err().contains("WARNING"), run.err());
        Document index = Jsoup.parse(current.resolve("index.html").toFile());
        assertEquals(
                "NO REGRESSION",
                index.select("a[href=comparison.html] + .badge").text());
    }

    @Test
    void thresholdsCanBeWidenedOnTheCommandLine() throws IOException {
        Path current = current("slower", 1.0, 0.85);
        assertEquals(ExitCode.TEST_FAILED.code(), compare(baseline, current).exitCode());
        CommandRun widened = compare(baseline, current, "--throughput-drop", "25");
        assertEquals(ExitCode.OK.code(), widened.exitCode(), widened.toString());
    }

    @Test
    void metricsNoneJudgesOnlyThroughputAndOutcome() throws IOException {
        Path current = current("slower-latency-same-rate", 3.0, 1.0);
        assertEquals(ExitCode.TEST_FAILED.code(), compare(baseline, current).exitCode());
        CommandRun none = compare(baseline, current, "--metrics", "none");
        assertEquals(ExitCode.OK.code(), none.exitCode(), none.toString());
        assertTrue(none.out().startsWith("No regression"), none.out());
        CommandRun slower = CommandRun.of(
                new CompareCommand(),
                baseline.toString(),
                current("slower-rate", 1.0, 0.7).toString(),
                "--metrics",
                "none");
        assertEquals(ExitCode.TEST_FAILED.code(), slower.exitCode(), slower.toString());
        assertTrue(slower.out().contains("fixed-rate #0 throughput"), slower.out());
    }

    @Test
    void aBaselineOfSummaryFilesOnlyIsEnough() throws IOException {
        Reporter.build(baseline);
        Path compact = work.resolve("compact-baseline");
        for (String test : new String[] {"fixed-rate", "incremental", "no-verdict"}) {
            Files.createDirectories(compact.resolve(test));
            Files.copy(
                    baseline.resolve(test).resolve("summary.json"),
                    compact.resolve(test).resolve("summary.json"));
        }
        Path current = current("equal-to-compact", 1.0, 1.0);
        CommandRun run = compare(compact, current, "--format", "json");
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.toString());
        JsonNode json = new ObjectMapper().readTree(run.out());
        assertTrue(json.path("differences").size() > 10, run.out());
    }

    @Test
    void aMissingBaselineIsAUsageErrorNamingIt() {
        Path missing = work.resolve("missing");
        CommandRun run = compare(missing, baseline);
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.toString());
        assertTrue(run.err().contains("the baseline directory " + missing + " does not exist"), run.err());
    }

    @Test
    void anEmptyCurrentDirectoryIsAUsageError() throws IOException {
        Path empty = Files.createDirectories(work.resolve("empty"));
        CommandRun run = compare(baseline, empty);
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.toString());
        assertTrue(run.err().contains("the current directory " + empty + " holds no test results"), run.err());
    }

    @Test
    void anUnknownPercentileIsAUsageError() {
        CommandRun run = compare(baseline, baseline, "--percentiles", "p42");
        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.toString());
        assertTrue(run.err().contains("unknown percentile 'p42'"), run.err());
    }

    /** Runs {@code compare} of the two results directories with the options. */
    private static CommandRun compare(Path baselineDir, Path currentDir, String... options) {
        List<String> args = new ArrayList<>(List.of(baselineDir.toString(), currentDir.toString()));
        args.addAll(List.of(options));
        return CommandRun.of(new CompareCommand(), args.toArray(String[]::new));
    }

    /** One test "t" of one sender and one receiver: messages / 10 msg/s (its RATE), latencies scaled. */
    private static void simpleRun(Path results, int iteration, long messages, double latencyScale) throws IOException {
        new SyntheticResults(7, latencyScale, 1.0)
                .simple(
                        results.resolve("t").resolve(Integer.toString(iteration)),
                        SyntheticResults.T0 + iteration * 3_600_000L,
                        messages,
                        "success",
                        "p90 response time 1.2 ms <= 500 ms");
    }

    @Test
    void comparesTheLatestIterationOfEachSideByDefaultAndAnotherOnRequest() throws IOException {
        Path before = work.resolve("latest-baseline");
        simpleRun(before, 0, 2000, 1.0);
        Path now = work.resolve("latest-current");
        simpleRun(now, 0, 2000, 1.0);
        simpleRun(now, 1, 2000, 2.0);

        CommandRun latest = compare(before, now);
        assertEquals(ExitCode.TEST_FAILED.code(), latest.exitCode(), latest.toString());
        assertTrue(latest.out().contains("t #1 responseTime.p50"), latest.out());

        CommandRun first = compare(before, now, "--current-iteration", "0");
        assertEquals(ExitCode.OK.code(), first.exitCode(), first.toString());

        CommandRun missing = compare(before, now, "--iteration", "1");
        assertEquals(ExitCode.USAGE.code(), missing.exitCode(), missing.toString());
        assertTrue(missing.err().contains("the baseline has no iteration #1 of test 't' (it has #0)"), missing.err());
    }

    @Test
    void differingParametersAreAWarningNamingThemAndAnErrorWhenStrict() throws IOException {
        Path before = work.resolve("rate-200");
        simpleRun(before, 0, 2000, 1.0);
        Path now = work.resolve("rate-400");
        simpleRun(now, 0, 4000, 1.0);

        CommandRun warned = compare(before, now);
        assertEquals(ExitCode.OK.code(), warned.exitCode(), warned.toString());
        assertTrue(warned.err().contains("WARNING: the compared runs ran with different parameters"), warned.err());
        assertTrue(warned.err().contains("t: RATE 200 vs 400"), warned.err());
        JsonNode json = new ObjectMapper()
                .readTree(now.resolve(Reporter.COMPARISON_JSON).toFile());
        assertEquals(
                "RATE",
                json.path("parameterDifferences").path(0).path("parameter").asText(),
                json.toString());
        assertEquals(
                "RATE 200 vs 400",
                Jsoup.parse(now.resolve(Reporter.COMPARISON_HTML).toFile())
                        .select("#parameter-differences li")
                        .text()
                        .replace("t: ", ""));

        CommandRun strict = compare(before, now, "--strict-parameters");
        assertEquals(ExitCode.USAGE.code(), strict.exitCode(), strict.toString());
        assertTrue(strict.err().contains("ran with different parameters (t: RATE 200 vs 400)"), strict.err());
    }

    @Test
    void runIdsMeasuredKeysAndTheSutsHostAndPortDoNotMakeRunsUnlike() throws IOException {
        Path before = work.resolve("port-5672");
        simpleRun(before, 0, 2000, 1.0);
        Path now = work.resolve("port-40123");
        simpleRun(now, 0, 2000, 1.0);
        for (Path peer : List.of(now.resolve("t/0/sender-1@alpha"), now.resolve("t/0/receiver-1@alpha"))) {
            Path properties = peer.resolve("test.properties");
            Files.writeString(
                    properties,
                    Files.readString(properties).replace("amqp://sut:5672/", "amqp://127.0.0.1:40123/")
                            + "RUN_ID=3f1c0d2e-0000-4000-8000-000000000001\nwarmup.lag.micros=46608\n");
        }
        CommandRun run = compare(before, now, "--strict-parameters");
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.toString());
        assertFalse(run.err().contains("WARNING"), run.err());

        Path otherQueue = work.resolve("other-queue");
        simpleRun(otherQueue, 0, 2000, 1.0);
        for (Path peer :
                List.of(otherQueue.resolve("t/0/sender-1@alpha"), otherQueue.resolve("t/0/receiver-1@alpha"))) {
            Path properties = peer.resolve("test.properties");
            Files.writeString(
                    properties, Files.readString(properties).replace("amqp://sut:5672/q", "amqp://sut:5672/other"));
        }
        CommandRun address = compare(before, otherQueue);
        assertTrue(
                address.err().contains("t: SEND_RECEIVE_URL amqp://sut:5672/q vs amqp://sut:5672/other"),
                address.err());
    }
}

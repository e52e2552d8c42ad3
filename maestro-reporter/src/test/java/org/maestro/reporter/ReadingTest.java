package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.files.agent.AgentActionsWriter;
import org.maestro.reporter.build.ReportResult;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.testing.ResultsAudit;

/** Reading damaged, compressed and differently dated results files. */
class ReadingTest {

    @TempDir
    Path results;

    @Test
    void aLatencyLogCutShortKeepsEveryIntervalBeforeTheCut() throws IOException {
        new SyntheticResults(7, 1.0, 1.0).simple(results.resolve("t/0"), SyntheticResults.T0, 1000, "success", "ok");
        Path log = results.resolve("t/0/receiver-1@alpha/response-time.hlog");
        List<String> lines = Files.readAllLines(log);
        String last = lines.get(lines.size() - 1);
        lines.set(lines.size() - 1, last.substring(0, last.length() / 2));
        Files.write(log, lines);
        Path intact = results.resolve("intact.hlog");
        Files.write(intact, lines.subList(0, lines.size() - 1));

        TestSummary summary = Reporter.summarize(results.resolve("t/0"));
        Histogram expected = Expected.measuredHistogram(List.of(intact));
        assertEquals(expected.getTotalCount(), summary.latency().responseTime().count());
        assertEquals(
                expected.getValueAtPercentile(99),
                summary.latency().responseTime().p99());
        assertTrue(
                summary.warnings().stream()
                        .anyMatch(w -> w.contains("response-time.hlog") && w.contains("later intervals ignored")),
                summary.warnings().toString());
    }

    @Test
    void compressedRateFilesAreRead() throws IOException {
        new SyntheticResults(7, 1.0, 1.0).simple(results.resolve("t/0"), SyntheticResults.T0, 1000, "success", "ok");
        Path rate = results.resolve("t/0/receiver-1@alpha/rate.csv");
        Map<Long, Long> expected = Expected.measuredPerSecond(List.of(rate));
        try (OutputStream out =
                new GZIPOutputStream(Files.newOutputStream(results.resolve("t/0/receiver-1@alpha/rate.csv.gz")))) {
            out.write(Files.readAllBytes(rate));
        }
        Files.delete(rate);
        TestSummary summary = Reporter.summarize(results.resolve("t/0"));
        assertEquals(Expected.mean(expected), summary.rate().receiver().mean(), 1e-9);
        assertEquals(Expected.max(expected), summary.rate().receiver().max());
    }

    @Test
    void aRateFileWithAWrongHeaderIsNamedInTheWarnings() throws IOException {
        new SyntheticResults(7, 1.0, 1.0).simple(results.resolve("t/0"), SyntheticResults.T0, 1000, "success", "ok");
        Files.writeString(
                results.resolve("t/0/sender-1@alpha/rate.csv"), "time;messages\n1;2\n", StandardCharsets.UTF_8);
        TestSummary summary = Reporter.summarize(results.resolve("t/0"));
        assertTrue(
                summary.warnings().stream()
                        .anyMatch(w -> w.contains("sender-1@alpha/rate.csv")
                                && w.contains("has no version line; this Maestro reads '# maestro-rate v3' files")),
                summary.warnings().toString());
        assertEquals(RateStats.EMPTY, summary.rate().sender());
    }

    @Test
    void inspectorTimesMayBeIsoDateTimesAndEpochSeconds() throws IOException {
        new SyntheticResults(7, 1.0, 1.0).simple(results.resolve("t/0"), SyntheticResults.T0, 1000, "success", "ok");
        Path inspector = Files.createDirectories(results.resolve("t/0/inspector-1@sut"));
        Files.writeString(
                inspector.resolve("router.csv"),
                "time,memoryBytes,links\n" + "2024-11-22T08:00:00Z,1048576,3\n2024-11-22T08:00:05Z,2097152,4\n");
        Files.writeString(
                inspector.resolve("agent-actions.csv"),
                "startTime,endTime,action,result\n" + (SyntheticResults.T0 / 1000 + 2) + ",,shutdown 60,failure\n");
        ReportResult report = Reporter.build(results);
        ResultsAudit.assertResultsConsistent(results);
        String page = Files.readString(report.test("t").iterationPage(0));
        // bytes and counts on charts of their own
        assertTrue(
                page.contains(
                        "\"title\":\"router (inspector-1@sut): memoryBytes\",\"kind\":\"time\",\"unit\":\"bytes\""),
                "router data set charted");
        assertTrue(page.contains("\"title\":\"router (inspector-1@sut): links\""), "router data set charted");
        assertTrue(page.contains("[1732262400000,1048576]"), "ISO time read as epoch ms");
        TestSummary summary = report.test("t").iterations().get(0);
        assertEquals(SyntheticResults.T0 + 2000, summary.actions().get(0).startMillis());
        assertEquals("shutdown 60", summary.actions().get(0).command());
        assertTrue(page.contains("\"kind\":\"action-failed\""), "failed action marked");
    }

    @Test
    void showsTheExitCodeAndOutputOfAHandlerThatIsAProgram() throws IOException {
        new SyntheticResults(7, 1.0, 1.0).simple(results.resolve("t/0"), SyntheticResults.T0, 1000, "success", "ok");
        Path agent = Files.createDirectories(results.resolve("t/0/agent-1@sut"));
        AgentActionsWriter.write(
                agent,
                List.of(new AgentActions.Row(
                        "1",
                        "check-disk /var",
                        SyntheticResults.T0 + 2000,
                        SyntheticResults.T0 + 2100,
                        "failed",
                        "handlers/check-disk exited with 3; its stderr: /var is <full>",
                        "3",
                        "checking /var\n",
                        "/var is <full>\n")));
        ReportResult report = Reporter.build(results);
        TestSummary summary = report.test("t").iterations().get(0);
        AgentAction action = summary.actions().get(0);
        assertEquals("3", action.exit());
        assertEquals("checking /var\n", action.stdout());
        assertEquals("/var is <full>\n", action.stderr());
        String page = Files.readString(report.test("t").iterationPage(0));
        assertTrue(page.contains("<th class=\"num\">exit</th><th>output</th>"), "exit and output columns");
        assertTrue(
                page.contains("<td class=\"num\">3</td><td><pre class=\"output\">stdout:\nchecking /var\n"
                        + "stderr:\n/var is &lt;full&gt;</pre></td>"),
                "the program's exit code and output, escaped");
        assertTrue(
                page.contains("agent-1@sut: check-disk /var (failed, exit 3)"),
                "the band names the agent and the exit code");
    }
}

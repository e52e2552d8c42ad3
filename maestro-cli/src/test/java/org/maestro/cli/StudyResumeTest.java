package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.study.StudyState;

/**
 * A real small study, embedded: stopped by a failure of its script after one of its two runs, then resumed with
 * the {@code --resume} command it prints, run as printed, which runs only the one left (a resume with another matrix is refused in {@code MatrixInputTest}).
 * The study's figures are checked against the iterations' own summary.json.
 */
class StudyResumeTest {
    /** t(0.975) for 1 degree of freedom, from a printed table of Student's t distribution. */
    private static final double T_1 = 12.706204736174707;

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String SCRIPT = """
            int stopAt = maestro.env("STOP_AT", 0)
            int started = 0
            maestro.matrix {
                name "resumable"
                rate 100
                dimension "length", "short"
                repeat 2
                test { cell ->
                    started++
                    if (started == stopAt) {
                        throw new IllegalStateException("stopped on purpose before cell ${cell.index}, repeat ${cell.repeat}")
                    }
                    duration cell.length == "short" ? "2s" : "5s"
                    warmUp "0"
                    parallelCount 1
                    maximumLatency 0
                }
            }
            """;

    @TempDir
    Path work;

    private CliRun run(Map<String, String> environment, String... more) throws Exception {
        Path script = work.resolve("study.groovy");
        Files.writeString(script, SCRIPT);
        String[] args = new String[3 + more.length];
        args[0] = "run";
        args[1] = script.toString();
        args[2] = "--results=" + work.resolve("results");
        System.arraycopy(more, 0, args, 3, more.length);
        return CliRun.runWithEnvironment(environment, args);
    }

    @Test
    void aStudyStoppedByAFailureGoesOnWithResumeAndIsReportedFromItsRuns() throws Exception {
        CliRun stopped = run(Map.of("STOP_AT", "2"));

        assertEquals(ExitCode.USAGE.code(), stopped.exitCode(), stopped.out() + stopped.err());
        assertTrue(stopped.err().contains("stopped on purpose before cell 1, repeat 2"), stopped.err());
        assertTrue(stopped.out().contains("study resumable stopped after 1 of 2 runs"), stopped.out());
        assertTrue(stopped.out().contains(" --resume (with the same environment)"), stopped.out());
        Path testDir = work.resolve("results/resumable");
        assertEquals(1, StudyState.read(testDir).orElseThrow().runs().size());

        // the command the message gives, pasted as printed
        Matcher printed = Pattern.compile("To go on with the next run: maestro-cli (run \\S+ --results \\S+ --resume) ")
                .matcher(stopped.out());
        assertTrue(printed.find(), stopped.out());
        CliRun resumed = CliRun.runWithEnvironment(Map.of(), printed.group(1).split(" "));

        assertEquals(ExitCode.OK.code(), resumed.exitCode(), resumed.out() + resumed.err());
        assertTrue(
                resumed.out().contains("study resumable: 1 of 2 runs finished before; resuming with the next"),
                resumed.out());
        assertEquals(
                1,
                resumed.out()
                        .lines()
                        .filter(l -> l.matches("resumable +\\d+ +(PASS|FAIL) .*"))
                        .count(),
                resumed.out());
        StudyState state = StudyState.read(testDir).orElseThrow();
        assertEquals(
                List.of("0:1:0", "0:2:1"),
                state.runs().stream()
                        .map(r -> r.cell() + ":" + r.repeat() + ":" + r.iteration())
                        .toList());

        // the study's figures, against the iterations' summaries
        Map<Integer, JsonNode> summaries = new HashMap<>();
        JSON.readTree(testDir.resolve("summary.json").toFile())
                .path("iterations")
                .forEach(s -> summaries.put(s.path("iteration").asInt(), s));
        JsonNode cells = JSON.readTree(testDir.resolve("study.json").toFile()).path("cells");
        assertEquals(1, cells.size());
        JsonNode first = summaries.get(0);
        JsonNode second = summaries.get(1);
        double a = headline(first);
        double b = headline(second);
        JsonNode throughput = cells.get(0).path("throughput");
        assertEquals((a + b) / 2, throughput.path("mean").asDouble(), 1e-9);
        double half = T_1 * Math.abs(a - b) / Math.sqrt(2) / Math.sqrt(2);
        assertEquals((a + b) / 2 + half, throughput.path("high").asDouble(), 1e-6);
        double p99a = first.path("latency").path("responseTime").path("p99").asDouble() / 1000;
        double p99b = second.path("latency").path("responseTime").path("p99").asDouble() / 1000;
        assertEquals((p99a + p99b) / 2, cells.get(0).path("p99Ms").path("mean").asDouble(), 1e-9);
        assertEquals(
                (p99a + p99b) / 2 - T_1 * Math.abs(p99a - p99b) / 2,
                cells.get(0).path("p99Ms").path("low").asDouble(),
                1e-6);
        assertEquals(100.0, cells.get(0).path("offered").asDouble(), "RATE × 1 connection × 1 sender");
        assertTrue(a > 0 && b > 0, "messages were received: " + a + ", " + b);
        assertTrue(Files.readString(testDir.resolve("study-junit.xml")).contains("name=\"rate=100 length=short\""));
        assertTrue(Files.isRegularFile(testDir.resolve("study.html")));
    }

    /**
     * The headline throughput as docs/reporting.md defines it: the receivers' mean rate, else (no receiver counted a
     * measured message, in the window or drained after it) the senders'.
     */
    private static double headline(JsonNode summary) {
        JsonNode receiver = summary.path("rate").path("receiver");
        return receiver.path("seconds").asInt() > 0
                        || summary.path("rate").path("drained").path("messages").asLong() > 0
                ? receiver.path("mean").asDouble()
                : summary.path("rate").path("sender").path("mean").asDouble();
    }

    @Test
    void resumeWithoutAStudyInTheResultsDirectoryIsRefused() throws Exception {
        CliRun refused = run(Map.of(), "--resume");

        assertEquals(ExitCode.USAGE.code(), refused.exitCode(), refused.out() + refused.err());
        assertTrue(
                refused.err().contains("--resume: " + work.resolve("results") + " holds no study state"),
                refused.err());
    }
}

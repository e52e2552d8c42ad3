package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.api.Progress;
import org.maestro.common.cli.ExitCode;

/**
 * In CI (the CI variable set) a run prints one progress line per second with p50, p99 and max of the second, those of
 * the warm-up marked as such, and sent and received counted at one instant.
 */
class CiProgressTest {

    private static final Pattern LINE =
            Pattern.compile("(?m)^(\\d\\d:\\d\\d:\\d\\d) ci-progress (\\d+)s/\\d+s  rate ([\\d,]+) "
                    + "msg/s  (warm-up )?p50 ([\\d.]+)  p99 ([\\d.]+)  max ([\\d.]+) ms  sent ([\\d,]+)  received ([\\d,]+) \\(warm-up included\\)"
                    + "  errors \\d+$");

    @TempDir
    Path work;

    @Test
    void aRunInCiPrintsALinePerSecondWithTheLatencyOfThatSecond() throws Exception {
        Path script = work.resolve("Progress.groovy");
        Files.writeString(
                script,
                "def r = maestro.fixedRate { name 'ci-progress'; parallelCount 1; rate 200; "
                        + "duration '4s'; warmUp '3s'; maximumLoss '100%' }\n"
                        + "new File('" + work.resolve("reason.txt")
                        + "').text = \"passed: ${r.passed}; reason: ${r.reason}\"\n");
        CliRun run = CliRun.runWithEnvironment(
                Map.of("CI", "true"),
                "run",
                script.toString(),
                "--results",
                work.resolve("results").toString(),
                "--no-report");
        assertEquals(ExitCode.OK.code(), run.exitCode(), run.out() + run.err());
        Matcher lines = LINE.matcher(run.out());
        int count = 0;
        LocalTime previous = null;
        int oneSecondApart = 0;
        int warmUpLines = 0;
        List<Long> inFlight = new java.util.ArrayList<>();
        while (lines.find()) {
            count++;
            LocalTime time = LocalTime.parse(lines.group(1));
            if (previous != null && Duration.between(previous, time).getSeconds() <= 1) {
                oneSecondApart++;
            }
            previous = time;
            int elapsed = Integer.parseInt(lines.group(2));
            long rate = Long.parseLong(lines.group(3).replace(",", ""));
            boolean warmUp = lines.group(4) != null;
            double p50 = Double.parseDouble(lines.group(5));
            double p99 = Double.parseDouble(lines.group(6));
            double max = Double.parseDouble(lines.group(7));
            assertTrue(p50 <= p99 && p99 <= max, lines.group());
            if (warmUp) {
                warmUpLines++;
                assertTrue(p50 > 0, "a warm-up latency is a latency: " + lines.group());
                assertTrue(
                        elapsed <= 3 + 2, "warm-up latencies only in and just after the 3 s warm-up: " + lines.group());
            } else if (elapsed >= 3 && elapsed <= 6 && rate > 0) {
                assertTrue(p50 > 0, "a second that received messages shows their latency: " + lines.group());
            }
            long sent = Long.parseLong(lines.group(8).replace(",", ""));
            long received = Long.parseLong(lines.group(9).replace(",", ""));
            if (elapsed >= 1 && elapsed <= 6) {
                inFlight.add(sent - received);
            }
            assertTrue(
                    received <= sent,
                    "receivers are asked before senders, so no line shows more received than " + "sent: "
                            + lines.group());
        }
        String said = Files.readString(work.resolve("reason.txt"));
        Matcher reason = Pattern.compile("(?m)^passed: true; reason: (.+)$").matcher(said);
        // a progress test on a loaded machine accepts loss (maximumLoss '100%'), which its reason names
        assertTrue(reason.find(), "a passed test says why: " + said);
        assertTrue(
                reason.group(1).contains("received ")
                        && reason.group(1).matches(".*; lost [\\d,]+ of [\\d,]+ messages.*MAXIMUM_LOSS 100%\\)?$"),
                "the peers' checks and the loss that held: " + reason.group(1));
        assertTrue(count >= 4, "one line per second of a 7 s test:\n" + run.out());
        assertTrue(warmUpLines >= 1, "the warm-up's latencies are shown, marked:\n" + run.out());
        java.util.Collections.sort(inFlight);
        assertTrue(
                !inFlight.isEmpty() && inFlight.get(inFlight.size() / 2) < 100,
                "sent and received at one instant differ by what is in flight, not a second's 200 messages: " + inFlight
                        + "\n" + run.out());
        assertTrue(oneSecondApart >= 3, "lines a second apart:\n" + run.out());
    }

    @Test
    void theIntervalIsTheOptionsThenCiThenTerminalThenTenSeconds() throws Exception {
        StringWriter text = new StringWriter();
        PrintWriter out = new PrintWriter(text);
        Progress.Snapshot second = new Progress.Snapshot("t", Duration.ofSeconds(1), null, 10, 2, 10, 10, 0, 1, 3);
        Progress.Snapshot third = new Progress.Snapshot("t", Duration.ofSeconds(2), null, 10, 2, 20, 20, 0, 1, 3);
        for (Object[] c : List.of(
                new Object[] {null, false, true, 2},
                new Object[] {Duration.ofSeconds(1), false, false, 2},
                new Object[] {null, false, false, 1},
                new Object[] {Duration.ofSeconds(10), true, true, 1})) {
            text.getBuffer().setLength(0);
            Progress progress = Progress.forConsole(out, (Duration) c[0], (Boolean) c[1], (Boolean) c[2]);
            progress.update(second);
            progress.update(third);
            out.flush();
            long printed = text.toString().lines().count();
            assertEquals((int) c[3], printed, java.util.Arrays.toString(c) + ":\n" + text);
        }
        Path script = Files.writeString(work.resolve("Any.groovy"), "maestro.fixedRate { rate 1 }\n");
        CliRun bad = CliRun.of("run", script.toString(), "--progress-interval", "soon");
        assertEquals(ExitCode.USAGE.code(), bad.exitCode());
        assertTrue(bad.err().contains("--progress-interval soon") && bad.err().contains("such as 1s"), bad.err());
    }
}

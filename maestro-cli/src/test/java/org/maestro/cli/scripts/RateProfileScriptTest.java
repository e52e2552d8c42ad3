package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.FileReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.measure.PeerResult;
import org.maestro.testing.TimingCheck;

/**
 * The ready RateProfileTest.groovy runs for real in embedded mode (Artemis SUT, one sender and one receiver of two
 * connections each) on a short profile: the senders follow the profile second by second, every message arrives, and
 * each phase's rates in summary.json and the table printed are those recomputed here from the peers' rate.csv.
 */
@Tag("timing") // run alone, after the other tests of this module (see the parent pom)
class RateProfileScriptTest {
    private static final Duration DEADLINE = Duration.ofMinutes(3);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PROFILE = "200 for 3s, ramp 600 over 3s, 600 for 3s";
    /** Per connection: each phase's start (s from the end of the warm-up), length (s), start and end rate. */
    private static final double[][] PHASES = {{0, 3, 200, 200}, {3, 3, 200, 600}, {6, 3, 600, 600}};

    private static final int CONNECTIONS = 2;
    private static final long WARM_UP_MILLIS = 1000;

    @TempDir
    Path work;

    /** One run and what it says about the machine: the senders' p99 send delay (µs). */
    private record Run(CliProcess process, Path iteration, long sendDelayP99) {}

    private Run run() throws Exception {
        Path attempt = Files.createTempDirectory(work, "attempt");
        CliProcess process = CliProcess.runScriptPreTouched(
                "RateProfileTest.groovy",
                Map.of("RATE_PROFILE", PROFILE, "WARM_UP", "1s", "MAXIMUM_LATENCY", "5000"),
                DEADLINE,
                attempt);
        assertEquals(ExitCode.OK.code(), process.exitCode(), process.output());
        Path iteration = attempt.resolve("results/rate-profile/0");
        JsonNode delay = summary(iteration).path("latency").path("sendDelay");
        return new Run(process, iteration, delay.path("p99").asLong(Long.MAX_VALUE));
    }

    @Test
    void theSendersFollowTheProfileAndEachPhaseIsReportedAsMeasured() throws Exception {
        Run run = TimingCheck.untilJudgeable(
                3,
                this::run,
                r -> r.sendDelayP99() > 50_000
                        ? Optional.of("the senders ran " + r.sendDelayP99() + " µs behind their timeline at p99")
                        : Optional.empty());
        Path iteration = run.iteration();
        Path sender = peer(iteration, "sender-");
        Path receiver = peer(iteration, "receiver-");

        // every message the profile plans is sent, and nothing is lost
        long planned = Math.round(CONNECTIONS * planned(WARM_UP_MILLIS + 9000));
        assertEquals(CONNECTIONS * (200 + 600 + 1200 + 1800), planned, "1 s warm-up at 200/s, then the three phases");
        assertEquals(
                planned, PeerResult.read(sender.resolve(PeerResult.FILE_NAME)).count());
        JsonNode summary = summary(iteration);
        assertEquals(planned, summary.get("messages").get("received").asLong());
        assertEquals(0, summary.get("messages").get("lost").asLong());

        // second by second, the senders sent what the profile planned over each row's span
        long timelineStart = property(sender, "warmup.end") - WARM_UP_MILLIS;
        List<RateLog.Row> sent = RateLog.read(sender.resolve(RateLog.FILE_NAME));
        int judged = 0;
        for (RateLog.Row row : sent.subList(1, sent.size() - 1)) {
            long from = row.timestamp() - row.millis() - timelineStart;
            long to = row.timestamp() - timelineStart;
            if (to > WARM_UP_MILLIS + 9000) {
                continue; // after the profile: the row holds no planned message
            }
            double expected = CONNECTIONS * (planned(to) - planned(from));
            assertEquals(expected, row.count(), 0.1 * expected + 10, "row ending " + to + " ms after the start");
            judged++;
        }
        assertTrue(judged >= 7, "rows judged: " + judged + " of " + sent);

        // each phase in summary.json: planned from the profile, sent and achieved from the rate rows
        JsonNode phases = summary.get("rateProfile");
        assertEquals(3, phases.size(), summary.toString());
        long measuredStart = property(sender, "warmup.end");
        List<RateLog.Row> received = RateLog.read(receiver.resolve(RateLog.FILE_NAME));
        for (int i = 0; i < PHASES.length; i++) {
            JsonNode phase = phases.get(i);
            long start = measuredStart + Math.round(PHASES[i][0] * 1000);
            long end = start + Math.round(PHASES[i][1] * 1000);
            assertEquals(i + 1, phase.get("phase").asInt());
            assertEquals(start, phase.get("startMillis").asLong());
            assertEquals(end, phase.get("endMillis").asLong());
            double plannedRate = CONNECTIONS * (PHASES[i][2] + PHASES[i][3]) / 2;
            assertEquals(plannedRate, phase.get("plannedRate").asDouble(), 1e-9);
            double sentRate = share(sent, measuredStart, start, end) / PHASES[i][1];
            double achieved = share(received, measuredStart, start, end) / PHASES[i][1];
            assertEquals(sentRate, phase.get("sentRate").asDouble(), 1e-6, phase.toString());
            assertEquals(achieved, phase.get("achievedRate").asDouble(), 1e-6, phase.toString());
            // what arrived after the last phase (drained once the senders stopped) was sent in it
            double drained = i == PHASES.length - 1
                    ? summary.path("rate").path("drained").path("messages").asLong() / PHASES[i][1]
                    : 0;
            assertEquals(plannedRate, achieved + drained, 0.1 * plannedRate, "phase " + (i + 1) + " achieved its rate");
            assertTrue(phase.get("latencyP99").asLong() > 0, phase.toString());
            String line = String.format(
                    Locale.ROOT,
                    "rate-profile #0 phase %d %s: planned %,.0f msg/s, sent %,.0f, achieved %,.0f",
                    i + 1,
                    PROFILE.split(", ")[i],
                    plannedRate,
                    sentRate,
                    achieved);
            assertTrue(
                    run.process().output().contains(line),
                    line + "\n" + run.process().output());
        }
        assertEquals(PROFILE, summary.get("parameters").get("RATE_PROFILE").asText());
        assertNull(summary.get("parameters").get("RATE"), "no RATE beside the profile");
        String page = Files.readString(iteration.getParent().resolve("iteration-0.html"));
        assertTrue(page.contains("ramp → 600"), "the charts mark the ramp");
    }

    @Test
    void aWrongProfileStopsTheRunBeforeAnythingRuns() throws Exception {
        CliProcess ramp = CliProcess.runScript(
                "RateProfileTest.groovy",
                Map.of("RATE_PROFILE", "1000 for 30s, ramp 5000 over 0s"),
                DEADLINE,
                work,
                "--no-report");
        assertEquals(ExitCode.USAGE.code(), ramp.exitCode(), ramp.output());
        assertTrue(
                ramp.output()
                        .contains("RATE_PROFILE=1000 for 30s, ramp 5000 over 0s is refused: phase 2 'ramp 5000"
                                + " over 0s': a ramp of zero length"),
                ramp.output());
        assertTrue(ramp.output().contains("e.g. \"1000 for 30s, ramp 5000 over 60s, 5000 for 2m\""), ramp.output());

        CliProcess both = CliProcess.runScript(
                "RateProfileTest.groovy", Map.of("RATE", "100", "TEST_DURATION", "1m"), DEADLINE, work, "--no-report");
        assertEquals(ExitCode.USAGE.code(), both.exitCode(), both.output());
        assertTrue(both.output().contains("RATE=100 is set too"), both.output());
        assertTrue(Files.notExists(work.resolve("results/rate-profile/0")), "no test ran: nothing under " + work);
    }

    /** Messages planned per connection from the timeline's start to {@code millis}: warm-up at 200/s, then PHASES. */
    private static double planned(double millis) {
        double seconds = millis / 1000.0;
        double sum = Math.min(seconds, WARM_UP_MILLIS / 1000.0) * PHASES[0][2];
        for (double[] phase : PHASES) {
            double t = Math.max(0, Math.min(phase[1], seconds - WARM_UP_MILLIS / 1000.0 - phase[0]));
            sum += phase[2] * t + (phase[3] - phase[2]) * t * t / (2 * phase[1]);
        }
        return sum;
    }

    /**
     * The measured messages of the rows within {@code [start, end)}: each row's {@code measured} spread evenly over
     * its span, the span cut to begin no earlier than the measured window.
     */
    private static double share(List<RateLog.Row> rows, long measuredStart, long start, long end) {
        double messages = 0;
        for (RateLog.Row row : rows) {
            long rowEnd = row.timestamp();
            long rowStart = Math.max(measuredStart, rowEnd - row.millis());
            long lo = Math.max(rowStart, start);
            long hi = Math.min(rowEnd, end);
            if (rowEnd > rowStart && hi > lo) {
                messages += row.measured() * (double) (hi - lo) / (rowEnd - rowStart);
            }
        }
        return messages;
    }

    private static JsonNode summary(Path iteration) throws IOException {
        return JSON.readTree(iteration.getParent().resolve("summary.json").toFile())
                .get("iterations")
                .get(0);
    }

    private static long property(Path peer, String key) throws IOException {
        Properties properties = new Properties();
        try (Reader in = new FileReader(peer.resolve("test.properties").toFile())) {
            properties.load(in);
        }
        return Long.parseLong(properties.getProperty(key));
    }

    private static Path peer(Path iteration, String prefix) throws IOException {
        try (Stream<Path> peers = Files.list(iteration)) {
            List<Path> found =
                    new ArrayList<>(peers.filter(p -> p.getFileName().toString().startsWith(prefix))
                            .toList());
            assertEquals(1, found.size(), prefix + " in " + iteration);
            return found.get(0);
        }
    }
}

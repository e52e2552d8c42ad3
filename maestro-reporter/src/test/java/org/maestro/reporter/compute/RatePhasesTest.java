package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.rate.RateLog;
import org.maestro.reporter.RatePhase;
import org.maestro.reporter.SyntheticResults;

/**
 * The phases of a rate profile in the summary, against sums made here of the rows and latency intervals that lie
 * wholly in each phase (the synthetic rows and intervals are whole seconds from the end of the warm-up, as the
 * phases are).
 */
class RatePhasesTest {
    private static final long START = SyntheticResults.T0;
    private static final long MEASURED_START = START + SyntheticResults.WARMUP_SECONDS * 1000L;

    @TempDir
    Path work;

    @Test
    void eachPhaseHasItsPlannedSentAndAchievedRateAndItsP99() throws IOException {
        Path iteration = work.resolve("profile/0");
        new SyntheticResults(7, 1.0, 1.0).fixedRate(iteration, START, false);
        append(iteration, "RATE_PROFILE=1000 for 4s, ramp 2000 over 6s\n");

        List<RatePhase> phases = IterationAnalyzer.analyze(iteration).summary().rateProfile();

        assertEquals(2, phases.size());
        long[][] windows = {{MEASURED_START, MEASURED_START + 4000}, {MEASURED_START + 4000, MEASURED_START + 10_000}};
        double[] planned = {1000 * 4, 1500 * 4}; // 2 senders × PARALLEL_COUNT 2
        for (int i = 0; i < 2; i++) {
            RatePhase phase = phases.get(i);
            long start = windows[i][0];
            long end = windows[i][1];
            double seconds = (end - start) / 1000.0;
            assertEquals(start, phase.startMillis());
            assertEquals(end, phase.endMillis());
            assertEquals(planned[i], phase.plannedRate(), 1e-9);
            assertEquals(rowsWithin(iteration, "sender-", start, end) / seconds, phase.sentRate(), 1e-9);
            assertEquals(rowsWithin(iteration, "receiver-", start, end) / seconds, phase.achievedRate(), 1e-9);
            assertEquals(p99Within(iteration, start, end), phase.latencyP99());
        }
        assertEquals("ramp 2000 over 6s", phases.get(1).text());
        assertEquals(1000, phases.get(1).from());
        assertEquals(2000, phases.get(1).to());
    }

    @Test
    void aTestWithoutAProfileHasNoPhases() throws IOException {
        Path iteration = work.resolve("fixed/0");
        new SyntheticResults(7, 1.0, 1.0).fixedRate(iteration, START, false);
        append(iteration, "");
        assertNull(IterationAnalyzer.analyze(iteration).summary().rateProfile());
    }

    /** Adds the end of the senders' measured window, and {@code more}, to every peer's test.properties. */
    private static void append(Path iteration, String more) throws IOException {
        for (Path peer : peers(iteration, "")) {
            Files.writeString(
                    peer.resolve("test.properties"),
                    "measured.end=" + (MEASURED_START + 10_000) + "\n" + more,
                    StandardOpenOption.APPEND);
        }
    }

    /** The measured messages of the rows of the peers named {@code prefix}… that cover a span within the window. */
    private static long rowsWithin(Path iteration, String prefix, long start, long end) throws IOException {
        long sum = 0;
        for (Path peer : peers(iteration, prefix)) {
            for (RateLog.Row row : RateLog.read(peer.resolve(RateLog.FILE_NAME))) {
                if (row.timestamp() - row.millis() >= start && row.timestamp() <= end) {
                    sum += row.measured();
                }
            }
        }
        return sum;
    }

    /** The p99 of the receivers' untagged response-time intervals that lie within the window. */
    private static Long p99Within(Path iteration, long start, long end) throws IOException {
        Histogram all = new Histogram(3);
        for (Path peer : peers(iteration, "receiver-")) {
            HistogramLogReader reader =
                    new HistogramLogReader(peer.resolve("response-time.hlog").toFile());
            for (Histogram h = (Histogram) reader.nextIntervalHistogram();
                    h != null;
                    h = (Histogram) reader.nextIntervalHistogram()) {
                if (h.getTag() == null && h.getStartTimeStamp() >= start && h.getEndTimeStamp() <= end) {
                    all.add(h);
                }
            }
        }
        return all.getTotalCount() == 0 ? null : all.getValueAtPercentile(99.0);
    }

    private static List<Path> peers(Path iteration, String prefix) throws IOException {
        try (Stream<Path> entries = Files.list(iteration)) {
            return entries.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .filter(Files::isDirectory)
                    .toList();
        }
    }
}

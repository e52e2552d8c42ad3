package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A latency log keeps calm intervals at 3 digits and bounds the size of widely spread ones at 2, never reading lower
 * than what was recorded.
 */
class IntervalPrecisionTest {

    static final long START = 1_732_262_400_000L;
    static final double[] PERCENTILES = {50, 90, 99, 99.9, 99.99, 100};

    @TempDir
    Path directory;

    /** {@code count} values log-uniform between 1 µs and 1 s: a saturated system's second. */
    static Histogram wide(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram histogram = SingleWriterLatencyRecorder.newHistogram();
        for (int i = 0; i < count; i++) {
            histogram.recordValue((long) Math.pow(10, random.nextDouble() * 6));
        }
        return histogram;
    }

    @Test
    void aCalmIntervalIsWrittenAsItIs() {
        SplittableRandom random = new SplittableRandom(1);
        Histogram calm = SingleWriterLatencyRecorder.newHistogram();
        for (int i = 0; i < 4000; i++) {
            calm.recordValue(150 + random.nextInt(250));
        }
        assertSame(calm, IntervalPrecision.forLog("response-time").toWrite(calm));
    }

    /** {@code count} values log-uniform between 10 µs and 1 ms: a busy system's second. */
    static Histogram spread(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        Histogram histogram = SingleWriterLatencyRecorder.newHistogram();
        for (int i = 0; i < count; i++) {
            histogram.recordValue((long) Math.pow(10, 1 + random.nextDouble() * 2));
        }
        return histogram;
    }

    @Test
    void aWideIntervalIsWrittenAtTwoDigitsRoundedUpWithinOnePercent() {
        Histogram exact = spread(2, 10_000);
        Histogram written = IntervalPrecision.forLog("response-time").toWrite(exact);
        assertEquals(2, written.getNumberOfSignificantValueDigits());
        assertEquals(exact.getTotalCount(), written.getTotalCount());
        for (double p : PERCENTILES) {
            long truth = exact.getValueAtPercentile(p);
            long read = written.getValueAtPercentile(p);
            assertTrue(read >= truth, "p" + p + ": " + read + " below the recorded " + truth);
            assertTrue(read <= truth * 1.01 + 1, "p" + p + ": " + read + " more than 1% above " + truth);
        }
    }

    @Test
    void anIntervalTooWideForTwoDigitsIsWrittenAtOneRoundedUp() {
        Histogram exact = wide(3, 30_000);
        Histogram written = IntervalPrecision.forLog("response-time").toWrite(exact);
        assertEquals(IntervalPrecision.FEWEST_DIGITS, written.getNumberOfSignificantValueDigits());
        assertEquals(exact.getTotalCount(), written.getTotalCount());
        for (double p : PERCENTILES) {
            long truth = exact.getValueAtPercentile(p);
            assertTrue(written.getValueAtPercentile(p) >= truth, "p" + p + " below the recorded " + truth);
        }
    }

    @Test
    void aLogOfWideSecondsStaysWithinTheBudgetAndEndsWithTheExactTotal() throws Exception {
        Path file = directory.resolve("response-time.hlog");
        int seconds = 60;
        Histogram exact = SingleWriterLatencyRecorder.newHistogram();
        try (LatencyLog log = new LatencyLog(file, START)) {
            SingleWriterLatencyRecorder recorder = log.newRecorder();
            for (int s = 0; s < seconds; s++) {
                Histogram second = s % 2 == 0 ? wide(100 + s, 30_000) : spread(100 + s, 30_000);
                second.recordedValues().forEach(v -> {
                    for (long c = 0; c < v.getCountAtValueIteratedTo(); c++) {
                        recorder.record(v.getValueIteratedTo(), false);
                    }
                });
                exact.add(second);
                log.writeInterval(START + s * 1000L, START + (s + 1) * 1000L);
            }
        }
        List<Histogram> intervals = new ArrayList<>();
        HistogramLogReader reader = new HistogramLogReader(new File(file.toString()));
        for (EncodableHistogram e = reader.nextIntervalHistogram(); e != null; e = reader.nextIntervalHistogram()) {
            intervals.add((Histogram) e);
        }
        assertEquals(seconds + 1, intervals.size(), "a line a second, and the total");
        long perSecond = 0;
        for (Histogram interval : intervals.subList(0, seconds)) {
            assertEquals(null, interval.getTag());
            assertTrue(interval.getNumberOfSignificantValueDigits() < 3, "so wide a second is coarsened");
            perSecond += interval.getTotalCount();
        }
        assertEquals(exact.getTotalCount(), perSecond);
        Histogram total = intervals.get(seconds);
        assertEquals(LatencyLog.TOTAL_TAG, total.getTag());
        assertEquals(3, total.getNumberOfSignificantValueDigits());
        assertEquals(START, total.getStartTimeStamp());
        assertEquals(START + seconds * 1000L, total.getEndTimeStamp());
        assertEquals(exact, total, "every measured value at 3 digits");

        long totalLine = Files.readAllLines(file)
                .get(Files.readAllLines(file).size() - 1)
                .length();
        long bytes = Files.size(file) - totalLine;
        // base64 of at most the budget, plus the line's timestamps
        long perInterval = IntervalPrecision.LATENCY_BUDGET_BYTES * 4 / 3 + 60;
        assertTrue(bytes < 1000 + seconds * perInterval, bytes + " bytes for " + seconds + " wide seconds");
    }

    @Test
    void jitterLogsHaveTheSmallerBudget() {
        Histogram calmish = spread(4, 3_000);
        Histogram asLatency = IntervalPrecision.forLog("response-time").toWrite(calmish);
        Histogram asJitter = IntervalPrecision.forLog(JitterRecorder.LATE).toWrite(calmish);
        assertTrue(
                asJitter.getNumberOfSignificantValueDigits() < asLatency.getNumberOfSignificantValueDigits(),
                asJitter.getNumberOfSignificantValueDigits() + " digits for jitter, "
                        + asLatency.getNumberOfSignificantValueDigits() + " for a latency");
    }
}

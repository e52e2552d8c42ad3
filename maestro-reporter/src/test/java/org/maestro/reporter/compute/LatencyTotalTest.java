package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A log's measured figures come from the 3-digit total it ends with, not from its coarsened seconds; a log without
 * one (its peer died) is summed, coarse seconds rounded up.
 */
class LatencyTotalTest {

    static final long T0 = 1_732_262_400_000L;

    @TempDir
    Path directory;

    /** Writes {@code seconds} measured seconds of wide values at 2 digits, and the exact total when asked. */
    private Path log(String name, int seconds, boolean withTotal, Histogram exact) throws Exception {
        return log(name, seconds, withTotal ? exact : null, exact);
    }

    /** Writes {@code seconds} measured seconds of wide values at 2 digits into {@code exact}, then {@code total}. */
    private Path log(String name, int seconds, Histogram total, Histogram exact) throws Exception {
        Path file = directory.resolve(name);
        SplittableRandom random = new SplittableRandom(name.hashCode());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputStartTime(T0);
            writer.setBaseTime(T0);
            writer.outputLegend();
            for (int s = 0; s < seconds; s++) {
                Histogram coarse = new Histogram(3_600_000_000L, 2);
                for (int i = 0; i < 5_000; i++) {
                    long value = (long) Math.pow(10, random.nextDouble() * 5);
                    coarse.recordValue(value);
                    exact.recordValue(value);
                }
                coarse.setStartTimeStamp(T0 + s * 1000L);
                coarse.setEndTimeStamp(T0 + (s + 1) * 1000L);
                writer.outputIntervalHistogram(coarse);
            }
            if (total != null) {
                Histogram last = total == exact ? exact.copy() : total;
                last.setStartTimeStamp(T0);
                last.setEndTimeStamp(T0 + seconds * 1000L);
                last.setTag("total");
                writer.outputIntervalHistogram(last);
            }
        }
        return file;
    }

    @Test
    void theTotalGivesTheFiguresAndTheSecondsGiveThePoints() throws Exception {
        Histogram exact = new Histogram(3_600_000_000L, 3);
        Path file = log("response-time.hlog", 10, true, exact);

        LatencyAggregation.Result result = LatencyAggregation.aggregate(List.of(file));

        assertEquals(exact, result.measured(), "the peer's exact total");
        assertEquals(10, result.overTime().size(), "a point a second; the total is not one");
        assertEquals(
                50_000,
                result.overTime().stream()
                        .mapToLong(LatencyAggregation.Point::count)
                        .sum());
    }

    @Test
    void withoutATotalTheCoarseSecondsAreSummedRoundedUp() throws Exception {
        Histogram exact = new Histogram(3_600_000_000L, 3);
        Path file = log("cut-short.hlog", 6, false, exact);

        Histogram measured = LatencyAggregation.aggregate(List.of(file)).measured();

        assertEquals(exact.getTotalCount(), measured.getTotalCount());
        for (double p : new double[] {50, 99, 99.9, 100}) {
            long truth = exact.getValueAtPercentile(p);
            assertTrue(measured.getValueAtPercentile(p) >= truth, "p" + p + " below " + truth);
            assertTrue(measured.getValueAtPercentile(p) <= truth * 1.01 + 1, "p" + p + " over 1% above " + truth);
        }
    }

    @Test
    void aTotalThatDisagreesWithItsSecondsIsRefusedAndNamed() throws Exception {
        Histogram exact = new Histogram(3_600_000_000L, 3);
        Histogram lying = new Histogram(3_600_000_000L, 3);
        lying.recordValue(1);
        Path file = log("lying.hlog", 3, lying, exact);

        LatencyAggregation.Result result = LatencyAggregation.aggregate(List.of(file));

        assertEquals(exact.getTotalCount(), result.measured().getTotalCount(), "the seconds, not the total");
        assertOneProblemNaming(result, "lying.hlog", "disagrees");
    }

    @Test
    void aTotalAboveItsSecondsIsRefused() throws Exception {
        Histogram exact = new Histogram(3_600_000_000L, 3);
        Path honest = log("honest.hlog", 2, true, exact);
        Histogram inflated = new Histogram(3_600_000_000L, 3);
        inflated.recordValueWithCount(3_000_000_000L, exact.getTotalCount());
        Path file = log("inflated.hlog", 2, inflated, new Histogram(3_600_000_000L, 3));

        LatencyAggregation.Result result = LatencyAggregation.aggregate(List.of(honest, file));

        assertTrue(result.measured().getMaxValue() < 3_000_000_000L, "the inflated total is not used");
        assertOneProblemNaming(result, "inflated.hlog");
    }

    /** Exactly one problem, and it contains every one of {@code words}. */
    private static void assertOneProblemNaming(LatencyAggregation.Result result, String... words) {
        assertEquals(1, result.problems().size(), result.problems().toString());
        for (String word : words) {
            assertTrue(
                    result.problems().get(0).contains(word), result.problems().get(0));
        }
    }

    @Test
    void twoPeersAddTheirTotals() throws Exception {
        Histogram first = new Histogram(3_600_000_000L, 3);
        Histogram second = new Histogram(3_600_000_000L, 3);
        Path a = log("a.hlog", 4, true, first);
        Path b = log("b.hlog", 5, true, second);
        Histogram both = first.copy();
        both.add(second);

        assertEquals(both, LatencyAggregation.aggregate(List.of(a, b)).measured());
    }
}

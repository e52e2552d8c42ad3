package org.maestro.reporter.read;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A coarse interval read at 3 digits is rounded up, never down, and keeps its count, times and tag. */
class FullPrecisionTest {

    @Test
    void aCoarseIntervalReadsAtThreeDigitsNeverBelowTheRecordedValues() {
        SplittableRandom random = new SplittableRandom(7);
        Histogram exact = new Histogram(3_600_000_000L, 3);
        Histogram coarse = new Histogram(3_600_000_000L, 2);
        for (int i = 0; i < 20_000; i++) {
            long value = (long) Math.pow(10, random.nextDouble() * 6);
            exact.recordValue(value);
            coarse.recordValue(value);
        }
        coarse.setStartTimeStamp(1000);
        coarse.setEndTimeStamp(2000);
        coarse.setTag("warmup");

        AbstractHistogram full = FullPrecision.of(coarse);
        assertEquals(3, full.getNumberOfSignificantValueDigits());
        assertEquals(20_000, full.getTotalCount());
        assertEquals(1000, full.getStartTimeStamp());
        assertEquals(2000, full.getEndTimeStamp());
        assertEquals("warmup", full.getTag());
        Histogram plainSum = new Histogram(3);
        plainSum.add(coarse);
        for (double p : new double[] {50, 90, 99, 99.9, 100}) {
            long truth = exact.getValueAtPercentile(p);
            assertTrue(full.getValueAtPercentile(p) >= truth, "p" + p + " below " + truth);
            assertTrue(full.getValueAtPercentile(p) <= truth * 1.01 + 1, "p" + p + " more than 1% above " + truth);
        }
        assertTrue(
                plainSum.getValueAtPercentile(99) < exact.getValueAtPercentile(99),
                "HdrHistogram's own add across precisions reads low here, which is why the reporter does not use it");
    }

    @Test
    void aThreeDigitIntervalIsKeptAsItIs() {
        Histogram interval = new Histogram(3);
        interval.recordValue(250);
        assertSame(interval, FullPrecision.of(interval));
    }
}

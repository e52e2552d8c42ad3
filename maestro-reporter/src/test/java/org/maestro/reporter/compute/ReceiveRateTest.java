package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.common.files.rate.RateLog;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;

/**
 * The receivers' rate: what they received within the measured window ÷ the window, the drain after it counted apart;
 * the edges: a row across the window's end, a receiver without a row in the window, no row, no window.
 */
class ReceiveRateTest {
    private static final long T0 = 1_732_262_400_000L;
    /** From 2 s to 12 s after T0: 10 s. */
    private static final TestSummary.MeasuredWindow WINDOW =
            new TestSummary.MeasuredWindow(T0 + 2000, T0 + 12_000, 2000);

    /** A receiver's row ending {@code end} ms after T0, of {@code millis} ms, with its measured messages. */
    private static RateLog.Row row(long end, long millis, long count, long measured) {
        return new RateLog.Row(T0 + end, count, 0, measured == 0 && count > 0, null, millis, measured);
    }

    /** One row a second from {@code firstEnd} to {@code lastEnd} (ms after T0), each of {@code perSecond} messages. */
    private static List<RateLog.Row> steady(long firstEnd, long lastEnd, long perSecond) {
        List<RateLog.Row> rows = new ArrayList<>();
        for (long end = firstEnd; end <= lastEnd; end += 1000) {
            rows.add(row(end, 1000, perSecond, perSecond));
        }
        return rows;
    }

    @Test
    void messagesDrainedAfterTheWindowAreNotThroughput() {
        // a receiver behind the senders: 1,000 msg/s through the window, and on at that pace for 3 s after it
        List<RateLog.Row> rows = steady(3000, 15_000, 1000);

        ReceiveRate received = ReceiveRate.of(List.of(rows), WINDOW);
        RateStats rate = received.stats();

        assertEquals(10_000, rate.total(), "the rows ending by 12 s; those after it are the drain");
        assertEquals(1000.0, rate.mean(), 1e-9);
        assertEquals(10_000, rate.millis());
        assertEquals(new TestSummary.Drain(3000, 3000), received.drained());
        assertEquals(10, rate.seconds());
    }

    @Test
    void aRowAcrossTheWindowsEndCountsThePartBeforeItAtThePaceOfTheRowBefore() {
        // rows end at +x.4 s: the one from 11.4 s to 12.4 s lies across the end; the drain goes twice as fast
        List<RateLog.Row> rows = new ArrayList<>(steady(2400, 11_400, 1000));
        rows.add(row(12_400, 1000, 1400, 1400));
        rows.add(row(13_400, 1000, 2000, 2000));

        ReceiveRate received = ReceiveRate.of(List.of(rows), WINDOW);
        RateStats rate = received.stats();

        assertEquals(10 * 1000 + 600, rate.total(), "600 ms at 1,000 msg/s of the row across the end");
        assertEquals(1060.0, rate.mean(), 1e-9);
        assertEquals(new TestSummary.Drain(800 + 2000, 1400), received.drained());
    }

    @Test
    void aRowAcrossTheEndCountsAtMostItsMeasuredMessages() {
        // a fixed rate the receivers keep up with: they stop with the senders, 300 messages of 500 ms in the last row
        List<RateLog.Row> rows = new ArrayList<>(steady(2500, 11_500, 600));
        rows.add(row(12_500, 1000, 300, 300));

        ReceiveRate received = ReceiveRate.of(List.of(rows), WINDOW);
        RateStats rate = received.stats();

        assertEquals(10 * 600 + 300, rate.total());
        assertEquals(new TestSummary.Drain(0, 0), received.drained());
    }

    @Test
    void aReceiversFirstRowAcrossTheEndCountsAtItsOwnPace() {
        ReceiveRate received = ReceiveRate.of(List.of(List.of(row(12_250, 1000, 800, 800))), WINDOW);
        RateStats rate = received.stats();

        assertEquals(600, rate.total(), "750 ms of the row's 800 messages in 1,000 ms");
        assertEquals(new TestSummary.Drain(200, 250), received.drained());
    }

    @Test
    void aReceiverWithNoRowInTheWindowAddsNothingAndItsMessagesAreDrained() {
        List<RateLog.Row> inTime = steady(3000, 12_000, 500);
        List<RateLog.Row> late = steady(13_000, 14_000, 700);

        ReceiveRate received = ReceiveRate.of(List.of(inTime, late), WINDOW);
        RateStats rate = received.stats();

        assertEquals(5000, rate.total());
        assertEquals(500.0, rate.mean(), 1e-9);
        assertEquals(new TestSummary.Drain(1400, 2000), received.drained());
    }

    @Test
    void withoutRowsTheRateIsZeroOverTheWindow() {
        ReceiveRate received = ReceiveRate.of(List.of(), WINDOW);
        RateStats rate = received.stats();

        assertEquals(0.0, rate.mean());
        assertEquals(0, rate.total());
        assertEquals(10_000, rate.millis());
        assertEquals(new TestSummary.Drain(0, 0), received.drained());
    }

    @Test
    void withoutAWindowTheActiveSecondsCountAndTheDrainIsUnknown() {
        List<RateLog.Row> rows = List.of(row(1000, 1000, 100, 0), row(2000, 1000, 300, 300), row(3000, 1000, 500, 500));

        ReceiveRate received = ReceiveRate.of(List.of(rows), null);
        RateStats rate = received.stats();

        assertEquals(400.0, rate.mean(), 1e-9);
        assertEquals(100, rate.warmup());
        assertNull(received.drained());
    }

    @Test
    void maxAndMinAreThoseOfTheCountedMessagesOverTheSecondsWhollyInsideTheWindow() {
        // warm-up messages first, a dip at 7 s, and a drain of 5,000 msg/s the max must not show
        List<RateLog.Row> rows = new ArrayList<>();
        rows.add(row(2000, 1000, 900, 0));
        rows.addAll(steady(3000, 6000, 1000));
        rows.add(row(7000, 1000, 400, 400));
        rows.addAll(steady(8000, 12_000, 1100));
        rows.add(row(13_000, 1000, 5000, 5000));

        ReceiveRate received = ReceiveRate.of(List.of(rows), WINDOW);
        RateStats rate = received.stats();

        assertEquals(1100, rate.max());
        assertEquals(400, rate.min());
        assertEquals(900, rate.warmup(), "every warm-up message of the rows");
        assertEquals(4000 + 400 + 5500, rate.total());
    }
}

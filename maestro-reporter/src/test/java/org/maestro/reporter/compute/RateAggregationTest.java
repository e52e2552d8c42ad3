package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.reporter.RateStats;

/** The mean rate of a run: idle edges do not dilute it, and a run without messages has none. */
class RateAggregationTest {

    @Test
    void idleSecondsAtTheEdgesOfTheMeasuredPartDoNotDiluteTheRate() {
        List<RateAggregation.Second> totals = List.of(
                new RateAggregation.Second(1000, 500, 0, 0, true),
                new RateAggregation.Second(2000, 0, 0, 0, false),
                new RateAggregation.Second(3000, 100, 100, 0, false),
                new RateAggregation.Second(4000, 0, 0, 0, false),
                new RateAggregation.Second(5000, 200, 200, 0, false),
                new RateAggregation.Second(6000, 0, 0, 0, false),
                new RateAggregation.Second(7000, 0, 0, 0, false));

        RateStats stats = RateAggregation.stats(totals);

        assertEquals(3, stats.seconds(), "from the first to the last active second, the idle one between included");
        assertEquals(300, stats.total());
        assertEquals(100.0, stats.mean());
        assertEquals(0, stats.min());
        assertEquals(200, stats.max());
    }

    @Test
    void aRunWithoutMeasuredMessagesHasNoRate() {
        assertEquals(
                RateStats.EMPTY,
                RateAggregation.stats(List.of(
                        new RateAggregation.Second(1000, 500, 0, 0, true),
                        new RateAggregation.Second(2000, 0, 0, 0, false))));
    }
}

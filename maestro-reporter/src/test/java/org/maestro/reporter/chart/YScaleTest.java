package org.maestro.reporter.chart;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The y axis of a time chart fits the settled measured values; the catch-up spike is clipped and named. */
class YScaleTest {

    static final long T0 = 1_732_262_400_000L;

    private static Chart latency(double spike) {
        List<Object[]> p99 = new ArrayList<>();
        for (int s = 1; s <= 20; s++) {
            double value = s <= 2 ? 900 : s == 3 ? spike : 4 + (s % 3); // warm-up, first measured second, the rest
            p99.add(new Object[] {T0 + s * 1000L, value});
        }
        return Chart.overTime(
                "chart-response-time",
                "Response time (ms)",
                "ms",
                List.of(Series.of("p99", p99)),
                List.of(new Band(T0, T0 + 2000, "warm-up", Band.WARMUP)));
    }

    @Test
    void theWarmUpAndTheFirstMeasuredSecondDoNotSetTheScale() {
        Chart chart = YScale.robust(latency(180));
        assertEquals(10.0, chart.yMax(), "1.5 × the p95 of the settled values (6 ms), rounded up to 1, 2 or 5 × 10^n");
        assertTrue(chart.note().startsWith("y axis clipped at 10 ms: 3 higher point(s), up to 900 ms"), chart.note());
    }

    @Test
    void aChartWithoutOutliersFitsEveryValue() {
        List<Object[]> flat = new ArrayList<>();
        for (int s = 1; s <= 20; s++) {
            flat.add(new Object[] {T0 + s * 1000L, 4 + (s % 3)});
        }
        Chart chart = Chart.overTime("c", "t", "ms", List.of(Series.of("p99", flat)), List.of());
        Chart scaled = YScale.robust(chart);
        assertNull(scaled.yMax());
        assertNull(scaled.note());
    }

    @Test
    void niceSteps() {
        assertEquals(10.0, YScale.nice(9));
        assertEquals(2000.0, YScale.nice(1001));
        assertEquals(5.0, YScale.nice(4.5));
    }
}

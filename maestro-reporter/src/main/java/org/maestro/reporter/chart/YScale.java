package org.maestro.reporter.chart;

import java.util.Arrays;

/**
 * Chooses the top of a time chart's y axis so that a few values far above the rest (the catch-up burst of the
 * first second, a warm-up far above the measured values, one stall) do not flatten every other point: the axis ends
 * a little above the 95th percentile of the points drawn from 1.5 s after the warm-up on (the first measured second
 * often still catches up) when the largest value is more than three times that percentile. The page draws the clipped
 * points at the top edge, labelled with their value.
 */
public final class YScale {

    /** The percentile of the points the axis is fitted to. */
    static final double FIT_PERCENTILE = 0.95;
    /** How far the largest value must exceed the fitted percentile before the axis is clipped. */
    static final double CLIP_FACTOR = 3.0;
    /** The first part of the measured period left out of the fit: the catch-up after the warm-up. */
    static final long SETTLE_MILLIS = 1_500;
    /** Room left above the fitted percentile. */
    static final double HEADROOM = 1.5;

    private YScale() {}

    /** The chart, its y axis clipped when a few values would flatten the rest; unchanged otherwise. */
    public static Chart robust(Chart chart) {
        double[] values = values(chart, Long.MIN_VALUE);
        if (values.length < 10) {
            return chart;
        }
        long warmupEnd = chart.bands().stream()
                .filter(b -> Band.WARMUP.equals(b.kind()))
                .mapToLong(Band::to)
                .max()
                .orElse(Long.MIN_VALUE);
        // fitted to the measured period after its first seconds, whose catch-up after the warm-up is often far above
        double[] settled = warmupEnd == Long.MIN_VALUE ? new double[0] : values(chart, warmupEnd + SETTLE_MILLIS);
        double[] measured = values(chart, warmupEnd);
        double[] fitTo = settled.length >= 5 ? settled : measured.length >= 5 ? measured : values;
        double fitted = fitTo[(int) Math.min(fitTo.length - 1, Math.floor(fitTo.length * FIT_PERCENTILE))];
        double largest = values[values.length - 1];
        if (fitted <= 0 || largest <= fitted * CLIP_FACTOR) {
            return chart;
        }
        double top = nice(fitted * HEADROOM);
        long above = Arrays.stream(values).filter(v -> v > top).count();
        String note = "y axis clipped at " + format(top) + (chart.unit().isEmpty() ? "" : " " + chart.unit()) + ": "
                + above + " higher point(s), up to " + format(largest)
                + (chart.unit().isEmpty() ? "" : " " + chart.unit()) + ", are marked ▲ at the top edge.";
        return chart.clippedAt(top).withNote(chart.note() == null ? note : chart.note() + " " + note);
    }

    /** The sorted y values of the visible lines at x after {@code from}. */
    private static double[] values(Chart chart, long from) {
        return chart.series().stream()
                .filter(s -> !s.hidden())
                .flatMap(s -> s.points().stream())
                .filter(p -> p.length > 1 && p[1] instanceof Number)
                .filter(p -> !(p[0] instanceof Number) || ((Number) p[0]).longValue() > from)
                .mapToDouble(p -> ((Number) p[1]).doubleValue())
                .filter(v -> !Double.isNaN(v))
                .sorted()
                .toArray();
    }

    /** The smallest 1, 2 or 5 × 10^n at or above {@code value}. */
    static double nice(double value) {
        double power = Math.pow(10, Math.floor(Math.log10(value)));
        for (double step : new double[] {1, 2, 5, 10}) {
            if (step * power >= value) {
                return step * power;
            }
        }
        return 10 * power;
    }

    private static String format(double value) {
        return value == Math.rint(value)
                ? String.format(java.util.Locale.ROOT, "%,d", (long) value)
                : String.format(java.util.Locale.ROOT, "%,.3f", value);
    }
}

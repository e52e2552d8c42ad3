package org.maestro.reporter.chart;

/**
 * A shaded time range on a time chart.
 *
 * @param from epoch ms
 * @param to epoch ms
 * @param label shown on the band
 * @param kind {@code warmup}, {@code action}, {@code action-failed} or {@code recovery} (from an action's end until
 *     the throughput was back, on the rate chart)
 * @param kind {@code warmup}, {@code action}, {@code action-failed}, or {@code phase} and {@code phase-alt} for the
 *     phases of a rate profile (alternating)
 */
public record Band(long from, long to, String label, String kind) {

    public static final String WARMUP = "warmup";
    public static final String ACTION = "action";
    public static final String ACTION_FAILED = "action-failed";
    public static final String RECOVERY = "recovery";
    public static final String PHASE = "phase";
    public static final String PHASE_ALTERNATE = "phase-alt";
}

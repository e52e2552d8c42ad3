package org.maestro.reporter;

import java.util.Locale;

/** The figures of a {@link FaultCost} as words, the same on the iteration page, in the CLI table and in junit.xml. */
public final class FaultText {

    /** The figure came back within the tolerance for 3 seconds in a row. */
    public static final String RECOVERED = "recovered";
    /** It did not before the measured end or the next action. */
    public static final String NOT_RECOVERED = "not recovered";
    /** There was no level before the action to come back to. */
    public static final String NO_BASELINE = "no baseline";

    private FaultText() {}

    /** The silence: {@code 2.71 s}, {@code ≥ 9 s, still silent at the end}, or {@code unknown} without receivers. */
    public static String gap(FaultCost fault) {
        if (fault.gapSeconds() == null) {
            return "unknown";
        }
        String seconds = String.format(Locale.ROOT, "%.2f s", fault.gapSeconds());
        return fault.gapOngoing() ? "≥ " + seconds + ", still silent at the end" : seconds;
    }

    /** The throughput's recovery: {@code 3.7 s}, {@code not recovered (reached 12.0 msg/s of 100.0)}, …. */
    public static String throughputRecovery(FaultCost fault) {
        return recovery(
                fault.throughputRecovery(),
                fault.throughputRecoverySeconds(),
                fault.throughputReached() == null
                        ? null
                        : String.format(
                                Locale.ROOT,
                                "%.1f msg/s of %.1f",
                                fault.throughputReached(),
                                fault.throughputBefore()));
    }

    /** The p99's recovery: {@code 4.7 s}, {@code not recovered (reached 52.000 ms)}, …. */
    public static String p99Recovery(FaultCost fault) {
        return recovery(
                fault.p99Recovery(),
                fault.p99RecoverySeconds(),
                fault.p99Reached() == null ? null : millis(fault.p99Reached()));
    }

    /** A p99 in ms with microsecond precision, or {@code unknown}. */
    public static String millis(Double millis) {
        return millis == null ? "unknown" : String.format(Locale.ROOT, "%.3f ms", millis);
    }

    /** A count that may be unknown. */
    public static String count(Long count) {
        return count == null ? "unknown" : String.format(Locale.ROOT, "%,d", count);
    }

    private static String recovery(String status, Double seconds, String reached) {
        if (RECOVERED.equals(status) && seconds != null) {
            return String.format(Locale.ROOT, "%.1f s", seconds);
        }
        if (NOT_RECOVERED.equals(status)) {
            return reached == null ? "not recovered" : "not recovered (reached " + reached + ")";
        }
        return status == null ? "unknown" : status;
    }
}

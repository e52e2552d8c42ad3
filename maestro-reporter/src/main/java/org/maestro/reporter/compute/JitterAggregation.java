package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.maestro.reporter.JitterStats;
import org.maestro.reporter.LatencyStats;

/**
 * Merges the receivers' inter-arrival jitter logs ({@code jitter-late.hlog}: J ≥ 0, {@code jitter-early.hlog}: −J
 * for J &lt; 0) into the figures of {@link JitterStats} and the points of the jitter chart. Stateless.
 */
public final class JitterAggregation {

    /**
     * The result.
     *
     * @param late the late values (J ≥ 0) merged
     * @param early the early values (−J) merged
     * @param magnitude the measured |J|: late and early measured values in one histogram
     */
    public record Result(LatencyAggregation.Result late, LatencyAggregation.Result early, Histogram magnitude) {

        /** The summary figures, or null when no measured value was recorded. */
        public JitterStats stats() {
            LatencyStats all = LatencyAggregation.stats(magnitude);
            if (all == null) {
                return null;
            }
            Histogram lateValues = late.measured();
            Histogram earlyValues = early.measured();
            return new JitterStats(
                    all.count(),
                    all.mean(),
                    all.p50(),
                    all.p90(),
                    all.p95(),
                    all.p99(),
                    all.p999(),
                    all.p9999(),
                    all.max(),
                    lateValues.getTotalCount(),
                    lateValues.getTotalCount() == 0 ? 0 : lateValues.getMaxValue(),
                    earlyValues.getTotalCount(),
                    earlyValues.getTotalCount() == 0 ? 0 : earlyValues.getMaxValue());
        }

        /** Problems reading either side. */
        public List<String> problems() {
            List<String> problems = new ArrayList<>(late.problems());
            problems.addAll(early.problems());
            return problems;
        }
    }

    private JitterAggregation() {}

    /** Aggregates the late and the early logs of the receivers (any order; either list may be empty). */
    public static Result aggregate(List<java.nio.file.Path> lateLogs, List<java.nio.file.Path> earlyLogs) {
        LatencyAggregation.Result late = LatencyAggregation.aggregate(lateLogs);
        LatencyAggregation.Result early = LatencyAggregation.aggregate(earlyLogs);
        Histogram magnitude = new Histogram(3);
        magnitude.add(late.measured());
        magnitude.add(early.measured());
        return new Result(late, early, magnitude);
    }
}

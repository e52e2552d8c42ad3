package org.maestro.reporter.fault;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoublePredicate;
import java.util.function.LongFunction;
import java.util.function.ToDoubleFunction;
import org.maestro.reporter.FaultText;

/**
 * When a per-second figure came back after an action: the start of the first run of {@value #STEADY_SECONDS}
 * consecutive whole seconds, all back within the tolerance, among the seconds that begin at or after the action's end
 * and end by the search end. The recovery time runs from the action's start to that run's start, and is 0 when no
 * second from the action's start to there was out of the tolerance (the action did not disturb the figure). A second
 * is the rate row's (epoch ms of its end, covering the 1000 ms before).
 *
 * @param status {@link FaultText#RECOVERED}, {@link FaultText#NOT_RECOVERED} or {@link FaultText#NO_BASELINE}
 * @param seconds from the action's start to the recovery, s; null unless recovered
 * @param reached what the last {@value #STEADY_SECONDS} seconds searched reached when not recovered; null otherwise
 *     or when no second was searched
 */
public record Recovery(String status, Double seconds, Double reached) {

    /** Consecutive seconds within the tolerance that make a recovery. */
    public static final int STEADY_SECONDS = 3;
    /** The tolerance around the level before the action: 5%. */
    public static final double TOLERANCE = 0.05;

    /** There was no level to come back to. */
    public static final Recovery NO_BASELINE = new Recovery(FaultText.NO_BASELINE, null, null);

    /**
     * Looks for the recovery of one figure after one action.
     *
     * @param span the action's times
     * @param valueAt the figure of the second ending at the given epoch ms, null when it has none
     * @param back whether a value is back within the tolerance (a second without a value never is)
     * @param reachedOf what the values of the last seconds searched reached (called only with values)
     */
    public static Recovery find(
            FaultSpan span,
            LongFunction<Double> valueAt,
            DoublePredicate back,
            ToDoubleFunction<List<Double>> reachedOf) {
        long firstSearched = ceilSecond(span.end()) + 1000;
        int run = 0;
        List<Double> searched = new ArrayList<>();
        for (long second = firstSearched; second <= span.searchEnd(); second += 1000) {
            Double value = valueAt.apply(second);
            searched.add(value);
            run = value != null && back.test(value) ? run + 1 : 0;
            if (run == STEADY_SECONDS) {
                long runStart = second - STEADY_SECONDS * 1000L;
                boolean disturbed = false;
                for (long before = floorSecond(span.start()) + 1000; before <= runStart; before += 1000) {
                    Double earlier = valueAt.apply(before);
                    if (earlier == null || !back.test(earlier)) {
                        disturbed = true;
                        break;
                    }
                }
                double seconds = disturbed ? Math.max(0, runStart - span.start()) / 1000.0 : 0.0;
                return new Recovery(FaultText.RECOVERED, seconds, null);
            }
        }
        List<Double> last = searched.subList(Math.max(0, searched.size() - STEADY_SECONDS), searched.size()).stream()
                .filter(v -> v != null)
                .toList();
        return new Recovery(FaultText.NOT_RECOVERED, null, last.isEmpty() ? null : reachedOf.applyAsDouble(last));
    }

    /** Within {@link #TOLERANCE} of the level either way. */
    public static DoublePredicate near(double level) {
        return value -> Math.abs(value - level) <= TOLERANCE * level;
    }

    /** At most {@link #TOLERANCE} above the level. */
    public static DoublePredicate notAbove(double level) {
        return value -> value <= (1 + TOLERANCE) * level;
    }

    static long floorSecond(long millis) {
        return Math.floorDiv(millis, 1000) * 1000;
    }

    static long ceilSecond(long millis) {
        return -Math.floorDiv(-millis, 1000) * 1000;
    }
}

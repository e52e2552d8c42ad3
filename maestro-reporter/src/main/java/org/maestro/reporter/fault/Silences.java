package org.maestro.reporter.fault;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.common.files.rate.RateLog;

/**
 * The longest silence of a receiver that starts within a fault's interval: from its receive-gaps.csv (to the µs, the
 * silences that ended) and from its rate rows (whole seconds in which it received nothing, which also finds a
 * silence still going at the measured end); the longer of the two. Receivers that received nothing in the whole test
 * are left out.
 */
public final class Silences {

    /**
     * One receiver's data.
     *
     * @param gaps its recorded silences; null when it wrote no receive-gaps.csv
     * @param rows its rate rows
     */
    public record Receiver(List<ReceiveGaps.Gap> gaps, List<RateLog.Row> rows) {}

    /**
     * The silence found.
     *
     * @param seconds its length, s
     * @param resolution {@code recorded} or {@code per-second}
     * @param ongoing true when it had not ended at the measured end
     */
    public record Silence(double seconds, String resolution, boolean ongoing) {}

    /** Silences from receive-gaps.csv. */
    public static final String RECORDED = "recorded";
    /** Silences from the per-second rate rows. */
    public static final String PER_SECOND = "per-second";

    private Silences() {}

    /**
     * The longest silence of any receiver starting within {@code [span.start, span.until]}, none longer than the
     * silences counted through {@code measuredEnd}; null when no receiver received a message in the test.
     */
    public static Silence longest(FaultSpan span, long measuredEnd, List<Receiver> receivers) {
        Silence longest = null;
        for (Receiver receiver : receivers) {
            Map<Long, Long> counts = new TreeMap<>();
            for (RateLog.Row row : receiver.rows()) {
                counts.merge(SecondRange.secondOf(row.timestamp()), row.count(), Long::sum);
            }
            if (counts.values().stream().noneMatch(c -> c > 0)) {
                continue;
            }
            boolean recorded = receiver.gaps() != null;
            Silence own = new Silence(0, recorded ? RECORDED : PER_SECOND, false);
            if (recorded) {
                for (ReceiveGaps.Gap gap : receiver.gaps()) {
                    long startMillis = gap.startMicros() / 1000;
                    double seconds = (gap.endMicros() - gap.startMicros()) / 1_000_000.0;
                    if (startMillis >= span.start() && startMillis <= span.until() && seconds > own.seconds()) {
                        own = new Silence(seconds, RECORDED, false);
                    }
                }
            }
            Silence counted = zeroRun(span, measuredEnd, counts);
            if (counted != null && counted.seconds() > own.seconds()) {
                own = counted;
            }
            if (longest == null || own.seconds() > longest.seconds()) {
                longest = own;
            }
        }
        return longest;
    }

    /**
     * The longest run of seconds without a message whose first second ends after the action's start and begins by
     * {@code until}, the second before it having had messages.
     */
    private static Silence zeroRun(FaultSpan span, long measuredEnd, Map<Long, Long> counts) {
        SecondRange starts = SecondRange.overlapping(span.start(), span.until() + 1);
        long last = Recovery.floorSecond(measuredEnd);
        Silence longest = null;
        for (long second = starts.firstEnd(); second <= starts.lastEnd() && second <= last; second += 1000) {
            if (counts.getOrDefault(second, 0L) != 0 || counts.getOrDefault(second - 1000, 0L) == 0) {
                continue;
            }
            long end = second;
            while (end + 1000 <= last && counts.getOrDefault(end + 1000, 0L) == 0) {
                end += 1000;
            }
            double seconds = (end - second) / 1000.0 + 1;
            if (longest == null || seconds > longest.seconds()) {
                longest = new Silence(seconds, PER_SECOND, end + 1000 > last);
            }
        }
        return longest;
    }
}

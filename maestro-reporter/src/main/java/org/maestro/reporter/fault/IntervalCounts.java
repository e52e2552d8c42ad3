package org.maestro.reporter.fault;

import java.util.Collection;
import java.util.List;
import org.maestro.common.files.rate.RateLog;

/**
 * The per-second counts of a fault's interval: the rate rows of the seconds that overlap it.
 *
 * @param refused send attempts not accepted (released, rejected, modified, failed); null when a sender row has no
 *     outcomes
 * @param accepted messages the senders sent and had accepted (every message sent when they counted no outcomes)
 * @param received messages the receivers received, every copy
 */
public record IntervalCounts(Long refused, long accepted, long received) {

    /** Adds up the rows of the seconds in {@code range}. */
    public static IntervalCounts of(
            SecondRange range, Collection<List<RateLog.Row>> senders, Collection<List<RateLog.Row>> receivers) {
        long refused = 0;
        boolean outcomesKnown = true;
        long accepted = 0;
        for (List<RateLog.Row> rows : senders) {
            for (RateLog.Row row : rows) {
                if (!range.contains(SecondRange.secondOf(row.timestamp()))) {
                    continue;
                }
                if (row.outcomes() == null) {
                    outcomesKnown = false;
                    accepted += row.count();
                } else {
                    refused += row.outcomes().notAccepted();
                    accepted += row.outcomes().accepted();
                }
            }
        }
        long received = 0;
        for (List<RateLog.Row> rows : receivers) {
            for (RateLog.Row row : rows) {
                if (range.contains(SecondRange.secondOf(row.timestamp()))) {
                    received += row.count();
                }
            }
        }
        return new IntervalCounts(outcomesKnown ? refused : null, accepted, received);
    }

    /** Accepted messages that did not arrive within the interval: {@code max(0, accepted − received)}. */
    public long deficit() {
        return Math.max(0, accepted - received);
    }

    /** Arrivals beyond the accepted messages within the interval: {@code max(0, received − accepted)}. */
    public long excess() {
        return Math.max(0, received - accepted);
    }
}

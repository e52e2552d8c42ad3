package org.maestro.worker.sender;

import org.maestro.common.measure.OutcomeCounts;
import org.slf4j.Logger;

/**
 * Logs one line about a sender connection's send attempts that did not end accepted since the last line, at most
 * every 10 s, instead of one line per message. Used by one supervising thread.
 */
final class RefusalLog {
    /** The shortest time between two lines. */
    private static final long INTERVAL_MICROS = 10_000_000;

    private final int index;
    private final SendOutcomes outcomes;
    private final Logger log;
    private long lastLineMicros;
    private long refusalsAtLastLine;

    RefusalLog(int index, SendOutcomes outcomes, Logger log) {
        this.index = index;
        this.outcomes = outcomes;
        this.log = log;
    }

    /** Logs a line when attempts were refused since the last one and 10 s have passed. */
    void log(long nowMicros) {
        long refusals = outcomes.notAccepted();
        if (refusals == refusalsAtLastLine || nowMicros - lastLineMicros < INTERVAL_MICROS) {
            return;
        }
        OutcomeCounts counts = outcomes.counts();
        log.warn(
                "connection {}: {} send attempt(s) not accepted since the last report (so far: {} released, {} "
                        + "rejected, {} modified, {} failed; last: {})",
                index,
                refusals - refusalsAtLastLine,
                counts.released(),
                counts.rejected(),
                counts.modified(),
                counts.failed(),
                outcomes.lastRefusal());
        refusalsAtLastLine = refusals;
        lastLineMicros = nowMicros;
    }
}

package org.maestro.reporter.verdict;

import org.maestro.reporter.Decider;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;

/**
 * A verdict as {@link VerdictRule} decided it.
 *
 * @param verdict pass, fail, or none
 * @param reason why, in words: the failures, first cause first, or what passed
 * @param decidedBy who decided it
 */
public record Decision(Verdict verdict, String reason, Decider decidedBy) {

    /** The decision a report made: its summary's verdict, reason and decider. */
    public static Decision of(TestSummary summary) {
        return new Decision(summary.outcome(), summary.reason(), summary.decidedBy());
    }

    /** True unless it is a failure: a test without a verdict is not counted as failed. */
    public boolean notFailed() {
        return verdict != Verdict.FAILURE;
    }
}

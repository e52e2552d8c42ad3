package org.maestro.reporter.fault;

import java.util.ArrayList;
import java.util.List;
import org.maestro.reporter.AgentAction;

/**
 * The times that frame what one agent action cost (docs/reporting.md, "What each fault cost"), epoch ms.
 *
 * @param action the action
 * @param start its start, moved into the test (from its start to the measured end) when a file put it outside, so
 *     that no figure looks at seconds the test did not have
 * @param end its end (its start when unknown or earlier), moved into the test the same way
 * @param baselineStart where the baseline before it begins: {@code max(start − 10 s, warm-up end, test start, the
 *     previous action's until)}; the baseline is the whole seconds from there to the action's start
 * @param until where the fault's interval ends: {@code min(end + 10 s, next action's start when after end, search
 *     end)}; the interval is {@code [start, until]}
 * @param searchEnd the last moment a recovery is looked for: the next action's start (when after this one's end),
 *     else the measured end
 */
public record FaultSpan(AgentAction action, long start, long end, long baselineStart, long until, long searchEnd) {

    /** How far before the action the baseline reaches at most. */
    public static final long BASELINE_MILLIS = 10_000;
    /** How far after the action's end its interval reaches at most. */
    public static final long AFTER_MILLIS = 10_000;

    /**
     * The spans of actions sorted by start.
     *
     * @param warmupEnd epoch ms the warm-up ended, 0 without one
     * @param testStart epoch ms the test started, 0 when unknown
     * @param measuredEnd epoch ms the measured part ended (the senders' measured end, else the test's end)
     */
    public static List<FaultSpan> of(List<AgentAction> actions, long warmupEnd, long testStart, long measuredEnd) {
        List<FaultSpan> spans = new ArrayList<>(actions.size());
        long previousUntil = 0;
        for (int i = 0; i < actions.size(); i++) {
            AgentAction action = actions.get(i);
            long last = Math.max(testStart, measuredEnd);
            long start = Math.min(Math.max(action.startMillis(), testStart), last);
            long end = Math.min(Math.max(start, action.endMillis()), last);
            long searchEnd = measuredEnd;
            for (int j = i + 1; j < actions.size(); j++) {
                long next = actions.get(j).startMillis();
                if (next > end) {
                    searchEnd = Math.min(searchEnd, next);
                    break;
                }
            }
            long until = Math.max(start, Math.min(end + AFTER_MILLIS, searchEnd));
            long baselineStart =
                    Math.max(Math.max(start - BASELINE_MILLIS, previousUntil), Math.max(warmupEnd, testStart));
            spans.add(new FaultSpan(action, start, end, baselineStart, until, searchEnd));
            previousUntil = Math.max(previousUntil, until);
        }
        return spans;
    }
}

package org.maestro.reporter.verdict;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.maestro.common.measure.PeerResult;
import org.maestro.reporter.Decider;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.read.VerdictFile;

/**
 * The one rule that decides the verdict of a test iteration: the report applies it to the iteration's files, and the
 * runner applies it to the test it ran and to the script's verdict, so that both come from the same precedence and
 * words.
 *
 * <p>Who can fail an iteration, first cause first:
 *
 * <ol>
 *   <li>the runner ({@code test-outcome.json}): a peer died, a start was refused, a deadline passed;
 *   <li>the test script ({@code script-verdict.json}, {@code maestro.verdict(false, …)});
 *   <li>each peer that reported a failure ({@code peer-result.json});
 *   <li>the loss limit: more messages lost than MAXIMUM_LOSS allows, or a loss that cannot be known (judged only when
 *       a peer reported a verdict).
 * </ol>
 *
 * Any failure fails the iteration. Its reason lists every failure in that order, each after who saw it ({@code
 * runner: …}, {@code script: …}, {@code <peer>: …}, then the loss in words), a failure given without a reason as
 * {@value #NO_REASON}. It is decided by the script when the script failed it, else by the first of the runner, the
 * peers and the loss that did. Without a failure, the peers' success passes it, with the script's reason when the
 * script passed it with one, else the peers' reasons and the loss that held; when no peer reported a verdict there is
 * none ({@link Verdict#UNKNOWN}).
 *
 * <p>The runner words its result as it saw it: its own failures alone (without {@code runner: }) when it had any,
 * else the report's decision ({@link #ofRun}), a test without a verdict not counting as failed; a script's later
 * failure follows the test's reason ({@link #failedByScript}). Stateless.
 */
public final class VerdictRule {
    /** The reason of a failure given without one. */
    public static final String NO_REASON = "failed (no reason given)";

    private static final String RUNNER = "runner";
    private static final String SCRIPT = "script";
    private static final String SCRIPT_FAILURE = SCRIPT + ": ";

    private VerdictRule() {}

    /**
     * Decides an iteration's verdict.
     *
     * @param runner the runner's recorded verdict, null when none was recorded
     * @param script the script's recorded verdict, null when none was recorded
     * @param peers the verdicts of the peers that wrote a peer-result.json, in peer order
     * @param loss the loss judged against MAXIMUM_LOSS
     */
    public static Decision decide(VerdictFile runner, VerdictFile script, List<PeerVerdict> peers, LossCheck loss) {
        List<String> failures = new ArrayList<>();
        Decider decidedBy = null;
        if (runner != null && runner.failed()) {
            failures.add(failure(RUNNER, runner.reason()));
            decidedBy = Decider.RUNNER;
        }
        if (script != null && script.failed()) {
            failures.add(failure(SCRIPT, script.reason()));
            decidedBy = Decider.SCRIPT;
        }
        Set<String> successes = new LinkedHashSet<>();
        for (PeerVerdict peer : peers) {
            if (peer.verdict() == Verdict.FAILURE) {
                failures.add(failure(peer.peer(), peer.reason()));
                decidedBy = decidedBy == null ? Decider.PEERS : decidedBy;
            } else if (peer.verdict() == Verdict.SUCCESS) {
                successes.add(peer.reason());
            }
        }
        boolean peersReported = !successes.isEmpty() || !failures.isEmpty();
        if (peersReported && !loss.held()) {
            failures.add(loss.text());
            decidedBy = decidedBy == null ? Decider.LOSS : decidedBy;
        }
        if (!failures.isEmpty()) {
            return new Decision(Verdict.FAILURE, String.join("; ", failures), decidedBy);
        }
        if (!successes.isEmpty()) {
            if (script != null
                    && script.verdict() == Verdict.SUCCESS
                    && !script.reason().isBlank()) {
                return new Decision(Verdict.SUCCESS, script.reason(), Decider.SCRIPT);
            }
            successes.remove("");
            successes.add(loss.text());
            return new Decision(
                    Verdict.SUCCESS,
                    (successes.size() == 1 ? "all peers reported success; " : "") + String.join("; ", successes),
                    Decider.PEERS);
        }
        return new Decision(
                Verdict.UNKNOWN,
                "no peer reported an outcome (no " + PeerResult.FILE_NAME + " with an outcome)",
                Decider.PEERS);
    }

    /**
     * The verdict of a test the runner ran: its own failures fail it, in their words, joined by {@code "; "} (the
     * first cause: they come before anything the peers measured); else the report's decision; without a report, no
     * verdict and no reason.
     *
     * @param runnerFailures what the runner saw fail, in the order it saw it
     * @param reported the report's decision, null when the iteration could not be summarised
     */
    public static Decision ofRun(List<String> runnerFailures, Decision reported) {
        if (!runnerFailures.isEmpty()) {
            return new Decision(Verdict.FAILURE, String.join("; ", runnerFailures), Decider.RUNNER);
        }
        return reported != null ? reported : new Decision(Verdict.UNKNOWN, "", Decider.PEERS);
    }

    /**
     * The reason a script's verdict is recorded with: its own, trimmed, when it passed the test (possibly empty);
     * {@value #NO_REASON} for a failure without one.
     */
    public static String scriptReason(boolean passed, String reason) {
        String trimmed = reason == null ? "" : reason.trim();
        return passed || !trimmed.isEmpty() ? trimmed : NO_REASON;
    }

    /**
     * The reason of a test the script failed after it ran: the script's failure after the test's own failures, alone
     * when the test had passed.
     *
     * @param scriptReason the script's reason as {@link #scriptReason} records it
     */
    public static String failedByScript(boolean testPassed, String testReason, String scriptReason) {
        String script = failure(SCRIPT, scriptReason);
        return testPassed ? script : testReason + "; " + script;
    }

    /** True when a test's reason is the script's failure alone: the test itself had passed. */
    public static boolean failedByScriptAlone(String reason) {
        return reason.startsWith(SCRIPT_FAILURE);
    }

    /** A test's reason without the script's failure that {@link #failedByScript} added after it. */
    public static String withoutScriptFailure(String reason) {
        int script = reason.indexOf("; " + SCRIPT_FAILURE);
        return script < 0 ? reason : reason.substring(0, script);
    }

    /** One failure after who saw it: {@code script: 15014 messages lost}. */
    private static String failure(String who, String reason) {
        return who + ": " + (reason == null || reason.isBlank() ? NO_REASON : reason);
    }
}

package org.maestro.reporter.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.reporter.Decider;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.read.VerdictFile;

/** The verdict's precedence and words, as the report and the runner apply them. */
class VerdictRuleTest {
    private static final LossCheck HELD = new LossCheck(true, "lost 0 of 100 messages (MAXIMUM_LOSS 0)");
    private static final LossCheck EXCEEDED = new LossCheck(false, "lost 3 of 100 messages, more than MAXIMUM_LOSS 0");
    private static final PeerVerdict SENT = new PeerVerdict("sender-1@a", Verdict.SUCCESS, "sent 100");
    private static final PeerVerdict DROPPED = new PeerVerdict("receiver-1@b", Verdict.FAILURE, "p90 above 500 ms");

    @Test
    void everyFailureIsListedFirstCauseFirstAndTheScriptDecides() {
        Decision decision = VerdictRule.decide(
                new VerdictFile(Verdict.FAILURE, "peer receiver-2 died"),
                new VerdictFile(Verdict.FAILURE, "too slow"),
                List.of(SENT, DROPPED),
                EXCEEDED);

        assertEquals(Verdict.FAILURE, decision.verdict());
        assertEquals(
                "runner: peer receiver-2 died; script: too slow; receiver-1@b: p90 above 500 ms; " + EXCEEDED.text(),
                decision.reason());
        assertEquals(Decider.SCRIPT, decision.decidedBy());
    }

    @Test
    void withoutTheScriptTheFirstOfRunnerPeersAndLossDecides() {
        assertEquals(
                Decider.RUNNER,
                VerdictRule.decide(new VerdictFile(Verdict.FAILURE, "x"), null, List.of(DROPPED), EXCEEDED)
                        .decidedBy());
        assertEquals(
                Decider.PEERS,
                VerdictRule.decide(null, null, List.of(DROPPED), EXCEEDED).decidedBy());
        Decision loss = VerdictRule.decide(null, null, List.of(SENT), EXCEEDED);
        assertEquals(Decider.LOSS, loss.decidedBy());
        assertEquals(EXCEEDED.text(), loss.reason());
    }

    @Test
    void aFailureWithoutAReasonSaysSo() {
        Decision decision = VerdictRule.decide(
                null,
                new VerdictFile(Verdict.FAILURE, " "),
                List.of(new PeerVerdict("r@h", Verdict.FAILURE, "")),
                HELD);

        assertEquals("script: " + VerdictRule.NO_REASON + "; r@h: " + VerdictRule.NO_REASON, decision.reason());
    }

    @Test
    void aPassNamesWhatHeldOrTheScriptsReason() {
        Decision peers = VerdictRule.decide(null, null, List.of(SENT), HELD);
        assertEquals(Verdict.SUCCESS, peers.verdict());
        assertEquals("sent 100; " + HELD.text(), peers.reason());
        assertEquals(Decider.PEERS, peers.decidedBy());
        assertEquals(
                "all peers reported success; " + HELD.text(),
                VerdictRule.decide(null, null, List.of(new PeerVerdict("s@h", Verdict.SUCCESS, "")), HELD)
                        .reason());

        Decision script =
                VerdictRule.decide(null, new VerdictFile(Verdict.SUCCESS, "0 of 2000 lost"), List.of(SENT), HELD);
        assertEquals(new Decision(Verdict.SUCCESS, "0 of 2000 lost", Decider.SCRIPT), script);
    }

    @Test
    void aScriptsPassNeverPassesAFailedIteration() {
        Decision decision =
                VerdictRule.decide(null, new VerdictFile(Verdict.SUCCESS, "fine"), List.of(SENT, DROPPED), HELD);

        assertEquals(Verdict.FAILURE, decision.verdict());
        assertEquals(Decider.PEERS, decision.decidedBy());
    }

    @Test
    void noPeerVerdictIsNoVerdictAndTheLossIsNotJudged() {
        Decision decision = VerdictRule.decide(null, null, List.of(), EXCEEDED);

        assertEquals(Verdict.UNKNOWN, decision.verdict());
        assertEquals("no peer reported an outcome (no peer-result.json with an outcome)", decision.reason());
    }

    @Test
    void theRunnersOwnFailuresComeBeforeTheReport() {
        Decision reported = new Decision(Verdict.FAILURE, "receiver-1@b: p90 above 500 ms", Decider.PEERS);

        Decision run = VerdictRule.ofRun(List.of("peer x died", "deadline passed"), reported);
        assertEquals(new Decision(Verdict.FAILURE, "peer x died; deadline passed", Decider.RUNNER), run);
        assertEquals(reported, VerdictRule.ofRun(List.of(), reported));

        Decision unsummarised = VerdictRule.ofRun(List.of(), null);
        assertTrue(unsummarised.notFailed(), "a test that could not be summarised is not counted as failed");
        assertEquals("", unsummarised.reason());
    }

    @Test
    void aScriptsLaterFailureFollowsTheTestsReasonAndCanBeTakenOffAgain() {
        String why = VerdictRule.scriptReason(false, "  too slow ");
        assertEquals("too slow", why);
        assertEquals(VerdictRule.NO_REASON, VerdictRule.scriptReason(false, null));
        assertEquals("", VerdictRule.scriptReason(true, null), "a pass is recorded with its own reason, or none");

        String alone = VerdictRule.failedByScript(true, "sent 100; lost 0", why);
        assertEquals("script: too slow", alone);
        assertTrue(VerdictRule.failedByScriptAlone(alone));

        String after = VerdictRule.failedByScript(false, "peer x died", why);
        assertEquals("peer x died; script: too slow", after);
        assertFalse(VerdictRule.failedByScriptAlone(after));
        assertEquals("peer x died", VerdictRule.withoutScriptFailure(after));
        assertEquals("peer x died", VerdictRule.withoutScriptFailure("peer x died"));
    }
}

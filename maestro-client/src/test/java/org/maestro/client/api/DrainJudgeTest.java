package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** When a drain may end: at once when every message arrived, after DRAIN_QUIET without progress otherwise. */
class DrainJudgeTest {
    private static final long S = 1_000_000;
    private static final DrainTarget TARGET = new DrainTarget(100, Duration.ofSeconds(5), "100 message(s) sent");

    @Test
    void endsWhenEverythingArrivedOrNothingMovedForTheQuietPeriod() {
        DrainJudge judge = new DrainJudge(TARGET, 0);
        assertEquals(DrainJudge.Verdict.WAIT, judge.judge(1 * S, 40, 40));
        assertEquals(DrainJudge.Verdict.WAIT, judge.judge(5 * S, 40, 40));
        assertEquals(DrainJudge.Verdict.STALLED, judge.judge(6 * S, 40, 40));
        assertEquals(DrainJudge.Verdict.COMPLETE, new DrainJudge(TARGET, 0).judge(1 * S, 100, 1100));
    }

    @Test
    void aPlannedPauseIsNoStall() {
        DrainJudge judge = new DrainJudge(TARGET, 0, 20 * S); // the receivers consume again at 20 s
        assertEquals(DrainJudge.Verdict.WAIT, judge.judge(1 * S, 40, 40));
        assertEquals(DrainJudge.Verdict.WAIT, judge.judge(19 * S, 40, 40));
        assertEquals(DrainJudge.Verdict.WAIT, judge.judge(24 * S, 40, 40));
        assertEquals(DrainJudge.Verdict.STALLED, judge.judge(25 * S, 40, 40));
    }
}

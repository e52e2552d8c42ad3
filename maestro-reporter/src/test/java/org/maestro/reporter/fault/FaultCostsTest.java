package org.maestro.reporter.fault;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.maestro.reporter.fault.FaultScenario.T0;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.FaultText;
import org.maestro.reporter.compute.IterationAnalyzer;

/** The cost of each fault, reported from iterations written second by second with known disturbances. */
class FaultCostsTest {

    @TempDir
    Path results;

    private List<FaultCost> faults(FaultScenario scenario) throws Exception {
        return IterationAnalyzer.analyze(scenario.write(results)).summary().faults();
    }

    private static FaultCost only(List<FaultCost> faults) {
        assertEquals(1, faults.size(), faults.toString());
        return faults.get(0);
    }

    /** A restart of 2 s at 12.3 s: the receivers go quiet, a backlog arrives, then the load is as before. */
    private static FaultScenario restart() {
        FaultScenario scenario = new FaultScenario(30, 100, 2_000).action("restart 2", T0 + 12_300, T0 + 14_300);
        scenario.set(scenario.received, 12, 13, 30)
                .set(scenario.received, 13, 15, 0)
                .set(scenario.received, 15, 16, 250)
                .set(scenario.latencyMicros, 12, 17, 50_000)
                .set(scenario.latencyMicros, 13, 15, 0)
                .set(scenario.refused, 12, 13, 7)
                .set(scenario.refused, 13, 14, 5)
                .set(scenario.refused, 5, 6, 3);
        scenario.gaps = List.of(new ReceiveGaps.Gap((T0 + 12_310) * 1000, (T0 + 15_020) * 1000));
        return scenario;
    }

    @Test
    void aRestartCostsItsSilenceItsRecoveriesAndItsMessages() throws Exception {
        FaultScenario scenario = restart();
        scenario.vanished = 500;
        FaultCost fault = only(faults(scenario));

        assertEquals("agent-1@sut", fault.agent());
        assertEquals("restart 2", fault.action());
        assertEquals(T0 + 12_300, fault.start());
        assertEquals(T0 + 14_300, fault.end());
        assertEquals(T0 + 24_300, fault.until(), "10 s after the end");
        // the silence receive-gaps.csv recorded, longer than the 2 whole seconds without a message
        assertEquals(2.71, fault.gapSeconds(), 1e-9);
        assertEquals("recorded", fault.gapResolution());
        assertFalse(fault.gapOngoing());
        // the 9 whole seconds from 12.3 s − 10 s to 12.3 s received 100 each
        assertEquals(100.0, fault.throughputBefore(), 1e-9);
        // 250 in the second from 15 s, then 100 from 16 s: back from 16 s, 3.7 s after the start
        assertEquals(FaultText.RECOVERED, fault.throughputRecovery());
        assertEquals(3.7, fault.throughputRecoverySeconds(), 1e-9);
        assertNull(fault.throughputReached());
        assertEquals(2.0, fault.p99Before(), 0.002);
        // 50 ms until 17 s: back from 17 s
        assertEquals(4.7, fault.p99RecoverySeconds(), 1e-9);
        // the seconds from 12 s to 25 s: 3 of 50 ms (300 values), 8 of 2 ms (800 values)
        assertEquals(50.0, fault.p99During(), 0.05);
        assertEquals(12, fault.refused(), "7 + 5 within the interval; the 3 at 5 s are not the fault's");
        // 13 seconds of 100 accepted against 30 + 250 + 9 × 100 received
        assertEquals(1300 - 1180, fault.vanished());
        assertEquals(0, fault.duplicates());
    }

    @Test
    void withoutReceiveGapsTheSilenceIsCountedInWholeSeconds() throws Exception {
        FaultScenario scenario = restart();
        scenario.gaps = null;
        FaultCost fault = only(faults(scenario));
        assertEquals(2.0, fault.gapSeconds(), 1e-9);
        assertEquals("per-second", fault.gapResolution());
        assertNull(fault.vanished(), "no peer results: the test's loss is unknown, so is the fault's");
    }

    @Test
    void aShutdownThatLastsToTheEndIsNotRecoveredAndSaysWhatItReached() throws Exception {
        FaultScenario scenario = new FaultScenario(30, 100, 2_000).action("shutdown", T0 + 20_100, T0 + 20_400);
        scenario.set(scenario.received, 20, 21, 10)
                .set(scenario.received, 21, 30, 0)
                .set(scenario.latencyMicros, 21, 30, 0);
        FaultCost fault = only(faults(scenario));
        assertEquals(9.0, fault.gapSeconds(), 1e-9, "the seconds from 21 s to the measured end at 30 s");
        assertTrue(fault.gapOngoing());
        assertEquals(FaultText.NOT_RECOVERED, fault.throughputRecovery());
        assertNull(fault.throughputRecoverySeconds());
        assertEquals(0.0, fault.throughputReached(), 1e-9);
        assertEquals(FaultText.NOT_RECOVERED, fault.p99Recovery());
        assertNull(fault.p99Reached(), "no response time in the last seconds");
    }

    @Test
    void anActionAtTheVeryEndHasNoSecondToRecoverIn() throws Exception {
        FaultScenario scenario = new FaultScenario(20, 100, 2_000);
        scenario.action("restart 1", scenario.measuredEnd() - 200, scenario.measuredEnd() + 800);
        scenario.gaps = List.of();
        FaultCost fault = only(faults(scenario));
        assertEquals(scenario.measuredEnd(), fault.until());
        assertEquals(0.0, fault.gapSeconds(), 1e-9);
        assertEquals(100.0, fault.throughputBefore(), 1e-9);
        assertEquals(FaultText.NOT_RECOVERED, fault.throughputRecovery());
        assertNull(fault.throughputReached());
    }

    @Test
    void anActionBeforeTheWarmUpEndedHasNoBaseline() throws Exception {
        FaultScenario scenario = new FaultScenario(20, 100, 2_000).action("restart 1", T0 + 500, T0 + 1_500);
        scenario.set(scenario.received, 1, 2, 0);
        FaultCost fault = only(faults(scenario));
        assertEquals(FaultText.NO_BASELINE, fault.throughputRecovery());
        assertEquals(FaultText.NO_BASELINE, fault.p99Recovery());
        assertNull(fault.throughputBefore());
        assertNull(fault.p99Before());
        assertEquals(1.0, fault.gapSeconds(), 1e-9);
    }

    @Test
    void anActionThatDisturbsNothingCostsNothing() throws Exception {
        FaultScenario scenario = new FaultScenario(25, 100, 2_000).action("check-disk", T0 + 10_500, T0 + 15_500);
        scenario.gaps = List.of();
        scenario.vanished = 0;
        FaultCost fault = only(faults(scenario));
        assertEquals(0.0, fault.gapSeconds(), 1e-9);
        assertEquals(0.0, fault.throughputRecoverySeconds(), 1e-9);
        assertEquals(0.0, fault.p99RecoverySeconds(), 1e-9);
        assertEquals(0, fault.refused());
        assertEquals(0, fault.vanished());
        assertEquals(fault.p99Before(), fault.p99During(), 1e-9);
    }

    @Test
    void theNextActionEndsTheSearchAndTheTestsLossIsSharedOutOnce() throws Exception {
        FaultScenario scenario = new FaultScenario(30, 100, 2_000)
                .action("restart 1", T0 + 8_000, T0 + 8_500)
                .action("restart 1", T0 + 12_000, T0 + 12_500);
        scenario.set(scenario.received, 8, 10, 0).set(scenario.received, 12, 14, 0);
        scenario.vanished = 150;
        List<FaultCost> faults = faults(scenario);
        assertEquals(2, faults.size(), faults.toString());
        FaultCost first = faults.get(0);
        assertEquals(T0 + 12_000, first.until(), "ends where the next action starts");
        // searched from 10 s to 12 s: 0, 100, 100
        assertEquals(FaultText.NOT_RECOVERED, first.throughputRecovery());
        assertEquals(200.0 / 3, first.throughputReached(), 1e-9);
        // deficit 400 − 200 = 200, but the test lost only 150 in all
        assertEquals(150, first.vanished());
        assertEquals(0, faults.get(1).vanished());
        assertEquals(FaultText.RECOVERED, faults.get(1).throughputRecovery());
        assertEquals(2.0, faults.get(1).throughputRecoverySeconds(), 1e-9);
    }

    @Test
    void actionsTimedOutsideTheTestAreReportedAsWrittenAndLookOnlyAtTheTest() throws Exception {
        FaultScenario scenario = new FaultScenario(20, 100, 2_000)
                .action("from 1970", 0, 1)
                .action("from 3000", 32_503_680_000_000L, 32_503_680_060_000L);
        long before = System.nanoTime();
        List<FaultCost> faults = faults(scenario);
        assertTrue(System.nanoTime() - before < 20_000_000_000L, "no second outside the test is walked");
        assertEquals(0, faults.get(0).start(), "as written");
        assertEquals(FaultText.NO_BASELINE, faults.get(0).throughputRecovery(), "before the test: nothing before it");
        assertEquals(32_503_680_000_000L, faults.get(1).start());
        assertEquals(scenario.measuredEnd(), faults.get(1).until(), "looked at up to the measured end only");
        assertEquals(FaultText.NOT_RECOVERED, faults.get(1).throughputRecovery());
        assertNull(faults.get(1).throughputReached(), "no second after it in the test");
    }
}

package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.reporter.ClockEstimate;
import org.maestro.reporter.ClockSummary;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.read.ClockReadings;

/**
 * When the report warns of clocks: a sender–receiver difference beyond its uncertainty by more than a tenth of the p50
 * response time, compared within one phase; never for a difference its uncertainty may explain.
 */
class ClockCheckTest {
    /** A p50 response time of 2 ms: the limit is 200 µs. */
    private static final LatencyStats P50_2MS = new LatencyStats(100, 2000, 2000, 3000, 3000, 4000, 4000, 4000, 4000);

    @Test
    void aDifferenceBeyondItsUncertaintyByMoreThanTheLimitIsWarnedOfWithItsSign() {
        // receiver 1000 ± 300 µs ahead, sender 100 ± 200 µs ahead: 900 ± 500 µs, certainly 400 µs > 200 µs
        ClockSummary ahead =
                ClockCheck.check(readings(100, 200, 1000, 300), P50_2MS).orElseThrow();

        assertEquals(200L, ahead.limitMicros());
        assertEquals(900, ahead.largest().differenceMicros());
        assertEquals(500, ahead.largest().uncertaintyMicros());
        assertTrue(
                ahead.warning()
                        .startsWith("The clocks of receiver receiver-1@b and sender sender-1@a differ by "
                                + "0.900 ms ± 0.500 ms (the receiver's clock is ahead; estimated during the load), more than 10% of the"
                                + " measured p50 response time 2.000 ms (0.200 ms): every response time between them reads that"
                                + " much too long."),
                ahead.warning());

        ClockSummary behind =
                ClockCheck.check(readings(1000, 300, 100, 200), P50_2MS).orElseThrow();
        assertEquals(-900, behind.largest().differenceMicros());
        assertTrue(
                behind.warning().contains("the receiver's clock is behind")
                        && behind.warning().contains("too short"),
                behind.warning());
    }

    @Test
    void aDifferenceItsUncertaintyMayExplainOrWithinTheLimitIsNot() {
        // 900 ± 700 µs: certainly 200 µs, not more than the 200 µs limit
        ClockSummary atLimit =
                ClockCheck.check(readings(100, 300, 1000, 400), P50_2MS).orElseThrow();
        assertEquals(200, atLimit.largest().certainMicros());
        assertNull(atLimit.warning());
        // no response time measured: nothing to weigh the difference against
        ClockSummary unmeasured =
                ClockCheck.check(readings(100, 0, 900_000, 0), null).orElseThrow();
        assertNull(unmeasured.limitMicros());
        assertNull(unmeasured.warning());
    }

    @Test
    void onlyEstimatesOfOnePhaseAreCompared() {
        ClockReadings readings = new ClockReadings(
                1,
                null,
                List.of(
                        new ClockReadings.Peer(
                                "sender-1@a", "sender", "a", List.of(estimate(ClockEstimate.BEFORE, 0, 10))),
                        new ClockReadings.Peer(
                                "receiver-1@b", "receiver", "b", List.of(estimate(ClockEstimate.AFTER, 50_000, 10)))));

        ClockSummary summary = ClockCheck.check(readings, P50_2MS).orElseThrow();

        assertNull(summary.largest(), "a clock may have moved between two phases");
        assertNull(summary.warning());
    }

    private static ClockReadings readings(
            long senderOffset, long senderUncertainty, long receiverOffset, long receiverUncertainty) {
        return new ClockReadings(
                1,
                null,
                List.of(
                        new ClockReadings.Peer(
                                "sender-1@a",
                                "sender",
                                "a",
                                List.of(estimate(ClockEstimate.DURING, senderOffset, senderUncertainty))),
                        new ClockReadings.Peer(
                                "receiver-1@b",
                                "receiver",
                                "b",
                                List.of(estimate(ClockEstimate.DURING, receiverOffset, receiverUncertainty))),
                        new ClockReadings.Peer(
                                "inspector-1@c",
                                "inspector",
                                "c",
                                List.of(estimate(ClockEstimate.DURING, 5_000_000, 0)))));
    }

    private static ClockEstimate estimate(String phase, long offset, long uncertainty) {
        return new ClockEstimate(phase, 1_732_262_400_000L, offset, uncertainty, 2 * uncertainty, 8);
    }
}

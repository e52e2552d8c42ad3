package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;

/** The backlog a test plans, and the refusal of a DRAIN_TIMEOUT its drain could not fit in, before any load. */
class BacklogPlanTest {

    private static TestOptions options(String... pairs) {
        TestOptions options = TestOptions.DEFAULTS.with(OptionCode.BROKER, "amqp://localhost:5672/backlog");
        for (int i = 0; i < pairs.length; i += 2) {
            options = options.with(OptionCode.ofParameter(pairs[i]).orElseThrow(), pairs[i + 1]);
        }
        return options;
    }

    @Test
    void aCappedReceiverLeavesTheDifferenceOfTheRatesToDrain() {
        // 2 senders × 100 msg/s for 60 s, 2 receivers × 80 msg/s: 40 msg/s more in than out → 2400 left, 15 s
        BacklogPlan plan = BacklogPlan.of(options("RATE", "100", "TEST_DURATION", "60s", "RECEIVE_RATE", "80"), 2, 2);
        assertEquals(2400, plan.peak(), 1e-6);
        assertEquals(15, plan.drainSeconds(), 1e-6);
    }

    @Test
    void aDelayedReceiverCatchesUpBeforeTheSendersStop() {
        // 100 msg/s, 3 s late → 300, then drained at 200 − 100 = 100 msg/s in 3 s: empty long before the end
        BacklogPlan plan = BacklogPlan.of(
                options("RATE", "100", "TEST_DURATION", "20s", "RECEIVE_DELAY", "3s", "RECEIVE_RATE", "200"), 1, 1);
        assertEquals(300, plan.peak(), 1e-6);
        assertEquals(0, plan.drainSeconds(), 1e-6);
    }

    @Test
    void aPauseThatOutlastsTheSendersIsDrainTime() {
        // warm-up 5 s, pause from 5+10 to 5+30 s, senders stop at 5+20: 20 s of 50 msg/s held, unbounded receiver
        BacklogPlan plan = BacklogPlan.of(
                options("RATE", "50", "TEST_DURATION", "20s", "WARM_UP", "5s", "RECEIVE_PAUSE", "at 10s for 20s"),
                1,
                1);
        assertEquals(500, plan.peak(), 1e-6);
        assertEquals(10, plan.drainSeconds(), 1e-6);
        assertEquals(
                Duration.ofSeconds(35),
                BacklogPlan.heldUntil(
                        options("WARM_UP", "5s", "RECEIVE_PAUSE", "at 10s for 20s", "RECEIVE_DELAY", "2s")));
    }

    @Test
    void refusesADrainTimeoutThePlannedBacklogCannotDrainIn() {
        TestOptions options = options("RATE", "100", "TEST_DURATION", "60s", "RECEIVE_RATE", "50");
        BacklogPlan plan = BacklogPlan.of(options, 1, 1); // 3000 left at 50 msg/s: 60 s
        String refusal = plan.refusal(options).orElseThrow();
        assertTrue(refusal.startsWith("DRAIN_TIMEOUT=30s is too short for the planned backlog"), refusal);
        assertTrue(refusal.contains("RECEIVE_RATE=50"), refusal);
        assertTrue(refusal.contains("need 60.0 s"), refusal);
        assertTrue(refusal.contains("DRAIN_TIMEOUT=1m15s"), refusal);
        assertTrue(plan.refusal(options.with(OptionCode.DRAIN_TIMEOUT, "75s")).isEmpty());
    }

    @Test
    void plansNothingWithoutReceiveOptionsOrWithUnboundedSenders() {
        assertEquals(BacklogPlan.NONE, BacklogPlan.of(options("RATE", "100"), 1, 1));
        BacklogPlan unbounded = BacklogPlan.of(options("RECEIVE_RATE", "10"), 1, 1);
        assertEquals(0, unbounded.peak());
        assertTrue(unbounded.refusal(options("RECEIVE_RATE", "10")).isEmpty());
    }

    @Test
    void theSimulationFollowsHoldsThatStartBeforeAndEndAfterTheSenders() {
        BacklogPlan plan = BacklogPlan.simulate(10, 20, 10, List.of(new double[] {8, 12}));
        // 8 s drained as sent, 2 s held (20), 2 s held without sending, then 20 at 20 msg/s: 1 s
        assertEquals(20, plan.peak(), 1e-6);
        assertEquals(3, plan.drainSeconds(), 1e-6);
    }
}

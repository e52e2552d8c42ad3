package org.maestro.client.api.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The search's steps and answer against systems of a known capacity, each step a function of rate and connections. */
class RateSearchTest {
    private final List<String> log = new ArrayList<>();
    private final List<String> runs = new ArrayList<>();

    /** A plan searching the rate per connection on one connection: 1000 ×2, to 5%, one retry. */
    private static SearchPlan plan(int ceiling, int maxSteps, int maxConnections, int attempts) {
        return new SearchPlan(false, 1000, ceiling, 2, 5, maxSteps, 1, 1, maxConnections, attempts);
    }

    /** A system that takes in up to this many msg/s in total, failing once at the first rate of {@code flaky}. */
    private StepRunner capacity(long capacity, Set<Integer> flaky, SearchPlan plan) {
        Set<Integer> pending = new java.util.HashSet<>(flaky);
        return (rate, connections) -> {
            long total = (long) plan.perConnection(rate, connections) * connections;
            runs.add(connections + "×" + plan.perConnection(rate, connections));
            if (pending.remove(rate)) {
                return StepOutcome.fail(total, "a stall");
            }
            return total <= capacity ? StepOutcome.pass(total) : StepOutcome.fail(total, "received less than 95%");
        };
    }

    private static List<String> steps(SearchAnswer answer) {
        return answer.steps().stream()
                .map(s -> s.phase() + " " + s.connections() + "×" + s.perConnection() + " "
                        + (s.passed() ? "pass" : "FAIL") + "/" + s.attempts())
                .collect(Collectors.toList());
    }

    @Test
    void growsUntilAStepFailsThenBisectsToTheResolutionAndConfirmsEveryFailure() {
        SearchPlan plan = plan(1_000_000, 20, 1, 2);

        SearchAnswer answer = new RateSearch(plan, capacity(7300, Set.of(2000), plan), log::add).run();

        assertEquals(
                List.of(
                        "grow 1×1000 pass/1",
                        "grow 1×2000 pass/2",
                        "grow 1×4000 pass/1",
                        "grow 1×8000 FAIL/2",
                        "bisect 1×6000 pass/1",
                        "bisect 1×7000 pass/1",
                        "bisect 1×7500 FAIL/2",
                        "bisect 1×7250 pass/1"),
                steps(answer));
        assertTrue(answer.found());
        assertEquals(7250, answer.rate());
        assertEquals(1, answer.connections());
        assertEquals(7250, answer.perConnection());
        assertEquals(7500L, answer.failingRate());
        assertEquals(250 * 100.0 / 7250, answer.resolutionPercent(), 1e-9);
        assertTrue(answer.stopReason().startsWith("resolution reached: 3.4% ≤ 5%"), answer.stopReason());
        assertEquals("a stall", answer.steps().get(1).runs().get(0).why(), "the flaky first attempt is kept");
        assertEquals(11, runs.size(), "8 steps, 3 of them run twice: " + runs);
        assertEquals(
                List.of(
                        "running the failed step again (attempt 2 of 2)",
                        "running the failed step again (attempt 2 of 2)",
                        "running the failed step again (attempt 2 of 2)"),
                log);
        assertEquals(
                "maximum sustainable rate 7250 msg/s at 1 connections; 7500 msg/s failed, 3.4% above",
                answer.summary());
    }

    @Test
    void withoutAConfirmationAFlakyFailureEndsTheGrowthTooLow() {
        SearchPlan plan = plan(1_000_000, 20, 1, 1);

        SearchAnswer answer = new RateSearch(plan, capacity(7300, Set.of(2000), plan), log::add).run();

        assertEquals(
                List.of(
                        "grow 1×1000 pass/1",
                        "grow 1×2000 FAIL/1",
                        "bisect 1×1500 pass/1",
                        "bisect 1×1750 pass/1",
                        "bisect 1×1875 pass/1",
                        "bisect 1×1937 pass/1"),
                steps(answer));
        assertEquals(1937, answer.rate());
        assertEquals(2000L, answer.failingRate());
        assertTrue(log.isEmpty(), log.toString());
    }

    @Test
    void aCeilingThatPassesLeavesTheAnswerUnbounded() {
        SearchPlan plan = plan(5000, 20, 1, 2);

        SearchAnswer answer = new RateSearch(plan, capacity(7300, Set.of(), plan), log::add).run();

        assertEquals(
                List.of("grow 1×1000 pass/1", "grow 1×2000 pass/1", "grow 1×4000 pass/1", "grow 1×5000 pass/1"),
                steps(answer));
        assertEquals(5000, answer.rate());
        assertNull(answer.failingRate());
        assertNull(answer.resolutionPercent());
        assertEquals("every step passed up to the ceiling of 5000 msg/s", answer.stopReason());
    }

    @Test
    void theStepBudgetEndsTheSearchWithTheGapReached() {
        SearchPlan plan = plan(1_000_000, 5, 3, 2);

        SearchAnswer answer = new RateSearch(plan, capacity(7300, Set.of(), plan), log::add).run();

        assertEquals(5, answer.steps().size());
        assertEquals(6000, answer.rate());
        assertEquals(8000L, answer.failingRate());
        assertEquals(100.0 / 3, answer.resolutionPercent(), 1e-9);
        assertEquals("the budget of 5 steps is spent", answer.stopReason());
    }

    @Test
    void aFirstStepThatFailsShrinksTheRateUntilOnePasses() {
        SearchPlan plan = new SearchPlan(false, 40_000, 1_000_000, 2, 5, 20, 1, 1, 1, 1);

        SearchAnswer answer = new RateSearch(plan, capacity(7300, Set.of(), plan), log::add).run();

        assertEquals(
                List.of(
                        "grow 1×40000 FAIL/1",
                        "grow 1×20000 FAIL/1",
                        "grow 1×10000 FAIL/1",
                        "grow 1×5000 pass/1",
                        "grow 1×10000 FAIL/1",
                        "bisect 1×7500 FAIL/1",
                        "bisect 1×6250 pass/1",
                        "bisect 1×6875 pass/1",
                        "bisect 1×7187 pass/1"),
                steps(answer));
        assertEquals(7187, answer.rate());
        assertEquals(7500L, answer.failingRate());
    }

    @Test
    void aFirstStepThatFailedOnlyBecauseTheSystemWasColdDoesNotCapTheAnswer() {
        // both attempts of the first step fail (a cold SUT), the search shrinks to 500, then grows again through 1000
        SearchPlan plan = plan(1_000_000, 20, 1, 2);
        StepRunner coldAtFirst = new StepRunner() {
            private int runs;

            @Override
            public StepOutcome run(int rate, int connections) {
                return ++runs <= 2
                        ? StepOutcome.fail(rate, "p90 14000 ms > 500 ms")
                        : rate <= 7300 ? StepOutcome.pass(rate) : StepOutcome.fail(rate, "received less than 95%");
            }
        };

        SearchAnswer answer = new RateSearch(plan, coldAtFirst, log::add).run();

        assertEquals(
                List.of(
                        "grow 1×1000 FAIL/2",
                        "grow 1×500 pass/1",
                        "grow 1×1000 pass/1",
                        "grow 1×2000 pass/1",
                        "grow 1×4000 pass/1",
                        "grow 1×8000 FAIL/2",
                        "bisect 1×6000 pass/1",
                        "bisect 1×7000 pass/1",
                        "bisect 1×7500 FAIL/2",
                        "bisect 1×7250 pass/1"),
                steps(answer));
        assertEquals(7250, answer.rate());
        assertEquals(7500L, answer.failingRate(), "the cold failure at 1000 is below the answer and no bound");
    }

    @Test
    void aSystemThatTakesNothingGivesNoAnswer() {
        SearchPlan plan = new SearchPlan(false, 4, 1_000_000, 2, 5, 20, 1, 1, 1, 2);

        SearchAnswer answer = new RateSearch(plan, capacity(0, Set.of(), plan), log::add).run();

        assertFalse(answer.found());
        assertEquals(List.of("grow 1×4 FAIL/2", "grow 1×2 FAIL/2", "grow 1×1 FAIL/2"), steps(answer));
        assertEquals(1L, answer.failingRate());
        assertEquals("no step passed, down to 1 msg/s", answer.stopReason());
        assertEquals("no step passed: no step passed, down to 1 msg/s", answer.summary());
    }

    @Test
    void thenTheConnectionsRiseAtTheRateFoundUntilAStepFails() {
        // per connection: 1 × 3500 is found (to within 5% of 3750), then 2 × 3500 = 7000 passes, 3 × 3500 fails
        SearchPlan plan = new SearchPlan(false, 1000, 1_000_000, 2, 5, 20, 1, 1, 5, 1);
        StepRunner perConnectionLimited = (rate, connections) -> {
            long total = (long) rate * connections;
            return rate <= 3600 && total <= 7300 ? StepOutcome.pass(total) : StepOutcome.fail(total, "too much");
        };

        SearchAnswer answer = new RateSearch(plan, perConnectionLimited, log::add).run();

        assertEquals(
                List.of(
                        "grow 1×1000 pass/1",
                        "grow 1×2000 pass/1",
                        "grow 1×4000 FAIL/1",
                        "bisect 1×3000 pass/1",
                        "bisect 1×3500 pass/1",
                        "bisect 1×3750 FAIL/1",
                        "bisect 1×3625 FAIL/1",
                        "connections 2×3500 pass/1",
                        "connections 3×3500 FAIL/1"),
                steps(answer));
        assertEquals(7000, answer.rate());
        assertEquals(2, answer.connections());
        assertEquals(3500, answer.perConnection());
        assertEquals(10500L, answer.failingRate(), "the lowest failing total above 7000");
        assertEquals(50.0, answer.resolutionPercent(), 1e-9);
        assertTrue(answer.stopReason().endsWith("; connections: 3 failed"), answer.stopReason());
    }

    @Test
    void aFairSearchSplitsTheTotalAndKeepsItWhileTheConnectionsRise() {
        // a system with a cost per connection: each connection beyond the first takes 1000 msg/s off its capacity
        SearchPlan plan = new SearchPlan(true, 1000, 1_000_000, 2, 5, 20, 1, 2, 5, 1);
        StepRunner perConnectionCost = (rate, connections) -> {
            long total = (long) plan.perConnection(rate, connections) * connections;
            runs.add(connections + "×" + plan.perConnection(rate, connections));
            return total <= 7300 - 1000L * (connections - 1)
                    ? StepOutcome.pass(total)
                    : StepOutcome.fail(total, "too much");
        };

        SearchAnswer answer = new RateSearch(plan, perConnectionCost, log::add).run();

        assertEquals(
                List.of("1×1000", "1×2000", "1×4000", "1×8000", "1×6000", "1×7000", "1×7500", "1×7250", "3×2417"),
                runs);
        assertEquals(7250, answer.rate(), "3 × 2417 = 7251 failed: the answer stays at 1 connection");
        assertEquals(1, answer.connections());
        assertEquals(7251L, answer.failingRate());
    }

    @Test
    void aFairSearchPrefersTheMostConnectionsAtTheSameTotal() {
        SearchPlan plan = new SearchPlan(true, 1000, 4000, 2, 5, 20, 1, 1, 4, 1);

        SearchAnswer answer = new RateSearch(plan, capacity(7300, Set.of(), plan), log::add).run();

        assertEquals(
                List.of(
                        "grow 1×1000 pass/1",
                        "grow 1×2000 pass/1",
                        "grow 1×4000 pass/1",
                        "connections 2×2000 pass/1",
                        "connections 3×1333 pass/1",
                        "connections 4×1000 pass/1"),
                steps(answer));
        assertEquals(4000, answer.rate());
        assertEquals(4, answer.connections());
        assertEquals(1000, answer.perConnection());
        assertTrue(answer.stopReason().endsWith("; connections: every step passed up to 4"), answer.stopReason());
    }
}

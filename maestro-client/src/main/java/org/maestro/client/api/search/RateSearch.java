package org.maestro.client.api.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.maestro.common.text.Numbers;

/**
 * The search for the highest rate a system sustains, over any {@link StepRunner}. The rate grows geometrically from
 * the initial rate until a step fails or the ceiling passed (when the first step fails, it shrinks until one passes,
 * then grows again up to the lowest rate that failed, which is tried again: the first steps meet a cold SUT); the gap between the highest passing and the lowest failing rate is then halved until it is within the
 * resolution; last, at the rate found, the connections rise until a step fails or the most passed. A failing step
 * is run again, up to the plan's attempts, and fails only when every attempt failed. The step budget ends any phase.
 *
 * <pre>{@code
 * SearchAnswer answer = new RateSearch(plan, (rate, connections) -> rate <= 7300
 *         ? StepOutcome.pass(rate) : StepOutcome.fail(rate, "too fast"), System.out::println).run();
 * }</pre>
 */
public final class RateSearch {
    private final SearchPlan plan;
    private final StepRunner runner;
    private final Consumer<String> log;
    private final List<SearchStep> steps = new ArrayList<>();

    /** @param log where to say that a failed step runs again */
    public RateSearch(SearchPlan plan, StepRunner runner, Consumer<String> log) {
        this.plan = plan;
        this.runner = runner;
        this.log = log;
    }

    /** Runs the search; call once. */
    public SearchAnswer run() {
        int connections = plan.initialConnections();
        Integer passing = null;
        Integer failing = null;
        int rate = plan.initialRate();
        String stop = null;
        while (stop == null) {
            if (budgetSpent()) {
                stop = budgetReason();
            } else if (confirmed("grow", rate, connections).passed()) {
                passing = rate;
                if (rate >= plan.ceilingRate()) {
                    stop = "every step passed up to the ceiling of " + plan.ceilingRate() + " msg/s";
                }
                int next = Math.min(plan.ceilingRate(), Math.max(rate + 1, (int) Math.ceil(rate * plan.rateGrowth())));
                if (failing != null) {
                    // the rates that failed before any step passed met a cold SUT and cold workers: the growth goes
                    // on, up to the lowest of them, which is tried again
                    next = Math.min(next, failing);
                    failing = null;
                }
                rate = next;
            } else {
                failing = rate;
                if (passing != null) {
                    break;
                }
                int lower = (int) Math.floor(rate / plan.rateGrowth());
                if (lower < 1 || lower >= rate) {
                    stop = "no step passed, down to " + rate + " msg/s";
                }
                rate = lower;
            }
        }
        while (stop == null) {
            double gap = gapPercent(passing, failing);
            int middle = passing + (failing - passing) / 2;
            if (gap <= plan.resolutionPercent()) {
                stop = String.format(
                        Locale.ROOT, "resolution reached: %.1f%% ≤ %s%%", gap, Numbers.plain(plan.resolutionPercent()));
            } else if (middle <= passing) {
                stop = "the passing and the failing rate are 1 msg/s apart";
            } else if (budgetSpent()) {
                stop = budgetReason();
            } else if (confirmed("bisect", middle, connections).passed()) {
                passing = middle;
            } else {
                failing = middle;
            }
        }
        if (passing != null && !budgetSpent()) {
            stop = stop + connectionsSearch(passing, connections);
        }
        return answer(stop);
    }

    /** At the rate found, raises the connections; returns what ended it, to add to the reason the rate search ended. */
    private String connectionsSearch(int rate, int connections) {
        if (connections >= plan.maxConnections()) {
            return "";
        }
        while (connections < plan.maxConnections()) {
            if (budgetSpent()) {
                return "; connections: " + budgetReason();
            }
            connections = Math.min(connections + plan.connectionStep(), plan.maxConnections());
            if (!confirmed("connections", rate, connections).passed()) {
                return "; connections: " + connections + " failed";
            }
        }
        return "; connections: every step passed up to " + plan.maxConnections();
    }

    /** Runs a step, and again while it fails, up to the plan's attempts. */
    private SearchStep confirmed(String phase, int rate, int connections) {
        List<StepOutcome> runs = new ArrayList<>();
        StepOutcome outcome = runner.run(rate, connections);
        runs.add(outcome);
        while (!outcome.passed() && runs.size() < plan.attempts()) {
            log.accept(String.format(
                    Locale.ROOT, "running the failed step again (attempt %d of %d)", runs.size() + 1, plan.attempts()));
            outcome = runner.run(rate, connections);
            runs.add(outcome);
        }
        SearchStep step = new SearchStep(
                phase,
                rate,
                plan.perConnection(rate, connections),
                connections,
                outcome.target(),
                runs.size(),
                outcome.passed(),
                outcome.why(),
                runs);
        steps.add(step);
        return step;
    }

    private boolean budgetSpent() {
        return steps.size() >= plan.maxSteps();
    }

    private String budgetReason() {
        return "the budget of " + plan.maxSteps() + " steps is spent";
    }

    private SearchAnswer answer(String stop) {
        // the highest passing total; of equal totals the later one (in a fair search: the most connections)
        SearchStep best = null;
        for (SearchStep step : steps) {
            if (step.passed() && (best == null || step.target() >= best.target())) {
                best = step;
            }
        }
        long floor = best == null ? Long.MIN_VALUE : best.target();
        Long failingRate = steps.stream()
                .filter(s -> !s.passed() && s.target() > floor)
                .map(SearchStep::target)
                .min(Comparator.naturalOrder())
                .orElse(null);
        if (best == null) {
            return new SearchAnswer(false, 0, 0, 0, failingRate, null, stop, steps);
        }
        Double resolution = failingRate == null ? null : gapPercent(best.target(), failingRate);
        return new SearchAnswer(
                true, best.target(), best.perConnection(), best.connections(), failingRate, resolution, stop, steps);
    }

    private static double gapPercent(long passing, long failing) {
        return (failing - passing) * 100.0 / passing;
    }
}

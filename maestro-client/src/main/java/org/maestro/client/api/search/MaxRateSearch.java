package org.maestro.client.api.search;

import groovy.lang.Closure;
import java.io.PrintStream;
import java.util.Locale;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.ScriptTests;
import org.maestro.common.text.Numbers;

/**
 * {@code maestro.findMaxRate { … }}: checks that nothing in the environment would override every step, runs the
 * search with a fixed-rate test per step, prints each step, a table of them and the answer, and returns the answer.
 * It sets no verdict: the script judges the answer (a search fails steps by design).
 */
public final class MaxRateSearch {

    private MaxRateSearch() {}

    /** Runs the search the closure describes, printing to standard output. */
    public static SearchAnswer run(ScriptTests maestro, Closure<?> definition) {
        refuseOverridingEnvironment(maestro);
        SearchSettings settings = SearchSettings.of(definition, name -> maestro.env(name, (String) null));
        return run(maestro, settings, System.out);
    }

    /** Runs a search of these settings. */
    public static SearchAnswer run(ScriptTests maestro, SearchSettings settings, PrintStream out) {
        SearchPlan plan = settings.plan();
        out.println(String.format(
                Locale.ROOT,
                "%s: searching the highest %s rate from %d msg/s (×%s while steps pass, "
                        + "up to %d) to within %s%%, at most %d steps, on %d connections%s",
                settings.name(),
                plan.fair() ? "total" : "per-connection",
                plan.initialRate(),
                Numbers.plain(plan.rateGrowth()),
                plan.ceilingRate(),
                Numbers.plain(plan.resolutionPercent()),
                plan.maxSteps(),
                plan.initialConnections(),
                plan.maxConnections() > plan.initialConnections() ? " then up to " + plan.maxConnections() : ""));
        SearchAnswer answer = new RateSearch(
                        plan,
                        new FixedRateSteps(maestro, settings, plan, out),
                        line -> out.println(settings.name() + ": " + line))
                .run();
        printTable(answer, out);
        out.println(settings.name() + ": " + answer.summary());
        out.println(settings.name() + ": the search ended: " + answer.stopReason());
        return answer;
    }

    private static void refuseOverridingEnvironment(ScriptTests maestro) {
        for (String overriding : new String[] {"RATE", "PARALLEL_COUNT"}) {
            if (maestro.env(overriding, (String) null) != null) {
                throw MaestroException.usage(overriding + " is set in the environment and would override every step "
                        + "of the search; unset it and use INITIAL_RATE, CEILING_RATE, RATE_GROWTH, "
                        + "INITIAL_PARALLEL_COUNT, PARALLEL_COUNT_STEP and MAX_PARALLEL_COUNT");
            }
        }
    }

    private static void printTable(SearchAnswer answer, PrintStream out) {
        out.println();
        out.println(String.format(
                Locale.ROOT,
                "%-4s %-11s %5s %10s %10s %10s %10s  %s",
                "#",
                "phase",
                "conn",
                "msg/s/conn",
                "target",
                "received",
                "p90 ms",
                "result"));
        for (SearchStep step : answer.steps()) {
            for (StepOutcome run : step.runs()) {
                out.println(String.format(
                        Locale.ROOT,
                        "%-4d %-11s %5d %10d %10d %10.0f %10.3f  %s",
                        run.iteration(),
                        step.phase(),
                        step.connections(),
                        step.perConnection(),
                        run.target(),
                        run.received(),
                        run.responseP90Ms(),
                        run.passed() ? "PASS" : "FAIL: " + run.why()));
            }
        }
    }
}

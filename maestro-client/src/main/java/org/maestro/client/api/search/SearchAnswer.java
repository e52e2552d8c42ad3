package org.maestro.client.api.search;

import java.util.List;

/**
 * What a maximum-rate search found: the highest passing total rate and its connections, the lowest failing total
 * rate above it, how close the two are, and every step.
 *
 * <pre>{@code
 * def answer = maestro.findMaxRate { initialRate 1000; ceilingRate 50000 }
 * println "${answer.rate} msg/s on ${answer.connections} connections, ±${answer.resolutionPercent}%"
 * }</pre>
 *
 * @param found             true when a step passed
 * @param rate              the highest total rate of a passing step (msg/s over all sender peers); 0 when none passed
 * @param perConnection     msg/s per connection of that step
 * @param connections       connections per sender and receiver peer of that step
 * @param failingRate       the lowest total rate of a failing step above {@code rate}; null when none failed above it
 * @param resolutionPercent {@code (failingRate − rate) ÷ rate} in percent: how far above the answer the true
 *                          maximum may lie; null when no step failed above it (the ceiling passed)
 * @param stopReason        why the search ended
 * @param steps             every step, in the order run
 */
public record SearchAnswer(
        boolean found,
        long rate,
        int perConnection,
        int connections,
        Long failingRate,
        Double resolutionPercent,
        String stopReason,
        List<SearchStep> steps) {

    public SearchAnswer {
        steps = List.copyOf(steps);
    }

    /** The answer in one line, e.g. "maximum sustainable rate 7250 msg/s at 1 connections (next failing…)". */
    public String summary() {
        if (!found) {
            return "no step passed: " + stopReason;
        }
        String bound = failingRate == null
                ? "no step above it failed (" + stopReason + ")"
                : String.format(java.util.Locale.ROOT, "%d msg/s failed, %.1f%% above", failingRate, resolutionPercent);
        return "maximum sustainable rate " + rate + " msg/s at " + connections + " connections; " + bound
                + generatorNote();
    }

    /**
     * What a reader must know when a step that decided the answer was generator-bound: the passing step at the answer,
     * or the failing step above it. Empty when neither was.
     */
    public String generatorNote() {
        List<String> bound = new java.util.ArrayList<>();
        for (SearchStep step : steps) {
            boolean decides =
                    step.passed() ? step.target() == rate : failingRate != null && step.target() == failingRate;
            if (decides && step.runs().stream().anyMatch(r -> r.generatorBound() != null)) {
                bound.add(step.target() + " msg/s");
            }
        }
        return bound.isEmpty()
                ? ""
                : "; generator-bound at " + String.join(" and ", bound) + ": the load generator itself was saturated,"
                        + " so this maximum may be the generator's, not the system's";
    }

    @Override
    public String toString() {
        return summary();
    }
}

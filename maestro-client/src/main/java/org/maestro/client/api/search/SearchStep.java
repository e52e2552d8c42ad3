package org.maestro.client.api.search;

import java.util.List;

/**
 * One step of a maximum-rate search: a rate on a number of connections, run until it passed or its attempts ran out.
 *
 * @param phase         {@code "grow"}, {@code "bisect"} or {@code "connections"}: the part of the search that chose it
 * @param rate          the search's rate (per connection, or the fair total)
 * @param perConnection msg/s per connection
 * @param connections   connections per sender and receiver peer
 * @param target        the total rate aimed at (of the last attempt)
 * @param attempts      how many times it ran
 * @param passed        true when one attempt passed
 * @param why           why the last attempt failed, or an empty text
 * @param runs          every attempt, in order
 */
public record SearchStep(
        String phase,
        int rate,
        int perConnection,
        int connections,
        long target,
        int attempts,
        boolean passed,
        String why,
        List<StepOutcome> runs) {

    public SearchStep {
        runs = List.copyOf(runs);
    }

    @Override
    public String toString() {
        return connections + " × " + perConnection + " msg/s = " + target + " msg/s: "
                + (passed ? "passed" : "failed (" + why + ")")
                + (attempts > 1 ? " after " + attempts + " attempts" : "");
    }
}

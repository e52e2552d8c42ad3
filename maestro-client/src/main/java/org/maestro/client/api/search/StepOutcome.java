package org.maestro.client.api.search;

/**
 * What one run of a search step gave: passed or why not, the total rate it aimed at and what the receivers took in.
 *
 * @param passed        the run met every condition of a passing step
 * @param why           what failed, or an empty text
 * @param target        the total rate aimed at: rate per connection × connections × sender peers
 * @param received      msg/s the receivers took in during the measured part (NaN when not measured)
 * @param iteration     the iteration of the test in the results (-1 when no test ran)
 * @param responseP90Ms p90 of response time, ms (NaN when not measured)
 * @param generatorBound why the run was generator-bound (its senders or receivers were themselves saturated), or null
 */
public record StepOutcome(
        boolean passed,
        String why,
        long target,
        double received,
        int iteration,
        double responseP90Ms,
        String generatorBound) {

    /** A passing run that recorded nothing but its target (for a search driven by a function). */
    public static StepOutcome pass(long target) {
        return new StepOutcome(true, "", target, Double.NaN, -1, Double.NaN, null);
    }

    /** A failing run that recorded nothing but its target and why. */
    public static StepOutcome fail(long target, String why) {
        return new StepOutcome(false, why, target, Double.NaN, -1, Double.NaN, null);
    }
}

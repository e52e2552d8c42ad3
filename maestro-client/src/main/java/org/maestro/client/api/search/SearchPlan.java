package org.maestro.client.api.search;

/**
 * The numbers of a maximum-rate search: where the rate starts and how it grows, when the search stops, and the
 * connections. A rate is per connection, or with {@code fair} the total per sender peer split over the connections.
 *
 * @param fair               rates are totals per sender peer, split evenly over the connections
 * @param initialRate        the rate of the first step
 * @param ceilingRate        the highest rate tried
 * @param rateGrowth         the factor the rate grows by while every step passes (greater than 1)
 * @param resolutionPercent  the search stops once the lowest failing rate is at most this much above the highest
 *                           passing one
 * @param maxSteps           the most steps (distinct rate and connection pairs; the attempts of a step count once)
 * @param initialConnections connections per sender and receiver peer while the rate is searched
 * @param connectionStep     connections added per step once the rate is found
 * @param maxConnections     the most connections; equal to {@code initialConnections} to search the rate only
 * @param attempts           runs of a failing step before it counts as failed (1: no confirmation)
 */
public record SearchPlan(
        boolean fair,
        int initialRate,
        int ceilingRate,
        double rateGrowth,
        double resolutionPercent,
        int maxSteps,
        int initialConnections,
        int connectionStep,
        int maxConnections,
        int attempts) {

    /** The rate per connection of a step at this rate and connection count. */
    public int perConnection(int rate, int connections) {
        return fair ? Math.max(1, (int) Math.round(rate / (double) connections)) : rate;
    }
}

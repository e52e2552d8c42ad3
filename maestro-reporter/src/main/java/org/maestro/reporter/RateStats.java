package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Message rate of a set of peers over the measured (non-warm-up) seconds.
 *
 * @param mean mean of the per-second totals, messages per second
 * @param max highest per-second total
 * @param min lowest per-second total
 * @param seconds number of measured one-second intervals
 * @param total messages counted in the measured intervals
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record RateStats(double mean, long max, long min, int seconds, long total) {

    /** The rate of a set of peers that wrote no measured interval. */
    public static final RateStats EMPTY = new RateStats(0.0, 0, 0, 0, 0);
}

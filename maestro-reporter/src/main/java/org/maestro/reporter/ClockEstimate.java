package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One estimate of a peer's clock offset to the client's clock: the best (shortest round trip) of several PING
 * exchanges at one phase of the test. The peer's clock read {@code offsetMicros} ahead of the client's (behind when
 * negative), give or take {@code uncertaintyMicros}, half the round trip.
 *
 * @param phase when it was taken: {@value #BEFORE} (before the load), {@value #DURING} (while it ran) or
 *     {@value #AFTER} (once the peers stopped)
 * @param atMillis the client's clock when the best exchange was sent, epoch ms
 * @param offsetMicros the peer's clock minus the client's, µs
 * @param uncertaintyMicros how far the true offset may lie from {@code offsetMicros}, either way: half the round trip,
 *     rounded up, µs
 * @param roundTripMicros the round trip of the best exchange, on the client's clock, µs
 * @param exchanges how many exchanges the peer answered, of which the best was taken
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record ClockEstimate(
        String phase, long atMillis, long offsetMicros, long uncertaintyMicros, long roundTripMicros, int exchanges) {

    /** Before the load: the options are set, no peer has started. */
    public static final String BEFORE = "before";
    /** While the load runs. */
    public static final String DURING = "during";
    /** Once the peers stopped. */
    public static final String AFTER = "after";
}

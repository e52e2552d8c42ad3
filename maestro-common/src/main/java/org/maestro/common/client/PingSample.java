package org.maestro.common.client;

import org.maestro.common.protocol.PeerInfo;

/**
 * One PING exchange with one peer, timed on the client's clock: when the request left, when the reply arrived, and
 * the time the peer's clock had moved on from the request's send time when it answered (the PING reply's "elapsed µs
 * seen by the peer"). The peer read its clock somewhere between the client's two readings, so its offset to the
 * client lies within half the round trip of {@code elapsed − roundTrip / 2}.
 *
 * @param peer the peer that answered
 * @param sentMicros the client's clock when the request left (epoch µs), the time the request carried
 * @param receivedMicros the client's clock when the reply arrived (epoch µs)
 * @param elapsedMicros the peer's clock when it answered minus {@code sentMicros}, as the peer said it
 */
public record PingSample(PeerInfo peer, long sentMicros, long receivedMicros, long elapsedMicros) {

    /**
     * The largest elapsed time, either way, that a PING reply may claim: a day. A peer whose clock is further off
     * than that (or that lies) is refused and named, and gets no clock estimate.
     */
    public static final long MAX_ELAPSED_MICROS = 86_400_000_000L;

    /** The round trip on the client's clock, µs. */
    public long roundTripMicros() {
        return receivedMicros - sentMicros;
    }

    /**
     * Why a PING reply cannot be taken as a clock reading, or null when it can: it must echo the send time of the
     * request it answers, and its elapsed time must lie within {@link #MAX_ELAPSED_MICROS} either way.
     */
    public static String refusal(
            long sentSeconds, long sentMicros, long echoedSeconds, long echoedMicros, long elapsed) {
        if (echoedSeconds != sentSeconds || echoedMicros != sentMicros) {
            return "a PING reply that echoes the send time " + echoedSeconds + " s " + echoedMicros + " µs, not the "
                    + sentSeconds + " s " + sentMicros + " µs of the request it answers: it is no clock reading"
                    + " (run the client and the peers of one release)";
        }
        if (elapsed > MAX_ELAPSED_MICROS || elapsed < -MAX_ELAPSED_MICROS) {
            return "a PING reply that claims " + elapsed + " µs elapsed on the peer's clock, more than a day ("
                    + MAX_ELAPSED_MICROS + " µs) either way: its clock or its reply is wrong, it gets no clock estimate"
                    + " (set its clock right, e.g. with chrony)";
        }
        return null;
    }
}

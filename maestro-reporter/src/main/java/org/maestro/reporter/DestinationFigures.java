package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * The figures of one destination of a flow. Counts cover the whole test (warm-up included) and are the test total's
 * (docs/measurement.md) restricted to the streams of the sender connections of the destination, so they add up to the
 * total; null when unknown (a sender's or receiver's files are missing).
 *
 * @param destination the destination number (0-based, {@code {n}} in the URLs)
 * @param name        the destination's name (the URL's address with {@code {n}} replaced)
 * @param sent        messages its sender connections sent
 * @param received    distinct messages its receivers got
 * @param refused     lost messages the senders knew did not go through
 * @param vanished    lost messages that were not refused: {@code sent − received − refused}
 * @param duplicates  deliveries beyond the first
 * @param rate        measured messages its receiver connections got ÷ the measured window (msg/s); its sender
 *                    connections' when the flow has no receiver
 * @param latency     its receiver connections' measured response time; null without one
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"destination", "name", "sent", "received", "refused", "vanished", "duplicates", "rate", "latency"})
public record DestinationFigures(
        int destination,
        String name,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long sent,
        long received,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long refused,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long vanished,
        long duplicates,
        double rate,
        @JsonInclude(JsonInclude.Include.NON_NULL) DestinationLatency latency) {

    /** True when its senders sent messages and none of them arrived: the destination starved. */
    public boolean starved() {
        return sent != null && sent > 0 && received == 0;
    }
}

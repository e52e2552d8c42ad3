package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Message accounting of one test iteration, over the whole test including warm-up.
 *
 * <p>{@code received} counts distinct messages (per stream, the union of the sequence numbers all
 * receivers of the address got), so {@code sent = received + lost} whenever no receiver reports
 * a sequence number the sender never sent. {@code duplicates} are deliveries beyond the first.
 *
 * @param sent messages the senders sent
 * @param received distinct messages received
 * @param lost messages sent but received by no receiver of the address
 * @param duplicates extra deliveries: same sequence at several receivers, or several times at one
 * @param outOfOrder messages received with a lower sequence number than one received before
 * @param errors send and receive errors of all peers
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record MessageCounts(long sent, long received, long lost, long duplicates, long outOfOrder, long errors) {

    /** Lost messages as a percentage of sent ones (0 when nothing was sent). */
    @JsonProperty("lostPercent")
    public double lostPercent() {
        return sent == 0 ? 0.0 : lost * 100.0 / sent;
    }
}

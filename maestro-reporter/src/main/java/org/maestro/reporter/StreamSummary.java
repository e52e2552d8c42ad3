package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;

/**
 * Accounting of one stream (one sender connection) at one address, across all its receivers.
 *
 * @param address destination the stream was sent to (path of the URL)
 * @param sender sending peer
 * @param connection connection index within the sender
 * @param sent messages the sender sent on it, or null when no sender result names this stream
 * @param received distinct sequence numbers received by any receiver of the address whose results arrived
 * @param lost sent but never received; null when {@code sent} is unknown or a receiver of the address has no
 *        results
 * @param duplicates deliveries beyond the first
 * @param outOfOrder out-of-order deliveries the receivers counted
 * @param receivedBy distinct sequence numbers per receiving peer
 * @param refused lost messages the sender knew were refused (released, rejected, modified, failed); null when
 *        lost is unknown
 * @param vanished lost messages that were not refused: {@code lost − refused}; null when lost is unknown
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StreamSummary(
        String address,
        String sender,
        int connection,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long sent,
        long received,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long lost,
        long duplicates,
        long outOfOrder,
        Map<String, Long> receivedBy,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long refused,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long vanished) {

    /** A stream without refusals: every lost message vanished. */
    public StreamSummary(
            String address,
            String sender,
            int connection,
            long sent,
            long received,
            long lost,
            long duplicates,
            long outOfOrder,
            Map<String, Long> receivedBy) {
        this(address, sender, connection, sent, received, lost, duplicates, outOfOrder, receivedBy, 0L, lost);
    }

    /** True when the stream's loss is a number. */
    @JsonIgnore
    public boolean lostKnown() {
        return lost != null;
    }
}

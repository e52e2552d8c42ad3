package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import java.util.Map;

/**
 * Accounting of one stream (one sender connection) at one address, across all its receivers.
 *
 * @param address destination the stream was sent to (path of the URL)
 * @param sender sending peer
 * @param connection connection index within the sender
 * @param sent messages the sender sent on it, or -1 when no sender result names this stream
 * @param received distinct sequence numbers received by any receiver of the address
 * @param lost sent but never received (0 when {@code sent} is unknown)
 * @param duplicates deliveries beyond the first
 * @param outOfOrder out-of-order deliveries the receivers counted
 * @param receivedBy distinct sequence numbers per receiving peer
 * @param refused lost messages the sender knew were refused (released, rejected, modified, failed)
 * @param vanished lost messages that were not refused: {@code lost − refused}
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record StreamSummary(
        String address,
        String sender,
        int connection,
        long sent,
        long received,
        long lost,
        long duplicates,
        long outOfOrder,
        Map<String, Long> receivedBy,
        long refused,
        long vanished) {

    /** A stream without refusals: every lost message vanished. */
    public StreamSummary(String address, String sender, int connection, long sent, long received, long lost,
                         long duplicates, long outOfOrder, Map<String, Long> receivedBy) {
        this(address, sender, connection, sent, received, lost, duplicates, outOfOrder, receivedBy, 0, lost);
    }
}

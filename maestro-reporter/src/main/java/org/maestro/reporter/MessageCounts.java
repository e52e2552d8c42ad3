package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import org.maestro.common.measure.OutcomeCounts;

/**
 * Message accounting of one test iteration, over the whole test including warm-up.
 *
 * <p>{@code received} counts distinct messages (per stream, the union of the sequence numbers all
 * receivers of the address got), so {@code sent = received + lost} whenever no receiver reports
 * a sequence number the sender never sent, and {@code lost = refused + vanished}: a lost message
 * was either refused (the sender was told it did not go through) or vanished (the system took it,
 * or it was sent presettled, and no receiver got it). {@code duplicates} are deliveries beyond the
 * first.
 *
 * @param sent messages the senders sent
 * @param received distinct messages received
 * @param lost messages sent but received by no receiver of the address
 * @param duplicates extra deliveries: same sequence at several receivers, or several times at one
 * @param outOfOrder messages received with a lower sequence number than one received before
 * @param errors send and receive errors of all peers (a sender's include every send attempt that
 *        did not end accepted)
 * @param refused lost messages whose final outcome the sender knew to be a refusal: released,
 *        rejected, modified, failed (0 with results of senders that did not count outcomes)
 * @param vanished lost messages that were not refused: {@code lost − refused}
 * @param outcomes how the system settled the senders' send attempts, one count per attempt; null
 *        when no sender result counted them
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record MessageCounts(long sent, long received, long lost, long duplicates, long outOfOrder, long errors,
                            long refused, long vanished, OutcomeCounts outcomes) {

    /** Counts without outcomes: nothing known to be refused, every lost message vanished. */
    public MessageCounts(long sent, long received, long lost, long duplicates, long outOfOrder, long errors) {
        this(sent, received, lost, duplicates, outOfOrder, errors, 0, lost, null);
    }

    /** The same counts with more errors. */
    public MessageCounts withMoreErrors(long more) {
        return new MessageCounts(sent, received, lost, duplicates, outOfOrder, errors + more, refused, vanished,
                outcomes);
    }

    /** Lost messages as a percentage of sent ones (0 when nothing was sent). */
    @JsonProperty("lostPercent")
    public double lostPercent() {
        return sent == 0 ? 0.0 : lost * 100.0 / sent;
    }
}

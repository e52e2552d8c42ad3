package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
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
 * <p>A count that cannot be known is null, never 0 and never a guess, and {@code unknownReason} says
 * why: {@code sent} when a sender's counts are missing; {@code lost}, {@code refused} and
 * {@code vanished} when a sender's or any receiver's counts are missing (a receiver that died, did
 * not send its files, or sent another run's), or when no receiver listened on an address senders
 * sent to. {@code received} then counts what the receivers whose results arrived got.
 *
 * @param sent messages the senders sent; null when a sender's counts are missing
 * @param received distinct messages received by the receivers whose results arrived
 * @param lost messages sent but received by no receiver of the address; null when unknown
 * @param duplicates extra deliveries: same sequence at several receivers, or several times at one
 * @param outOfOrder messages received with a lower sequence number than one received before
 * @param errors send and receive errors of all peers (a sender's include every send attempt that
 *        did not end accepted)
 * @param refused lost messages whose final outcome the sender knew to be a refusal: released,
 *        rejected, modified, failed (0 with results of senders that did not count outcomes); null
 *        when lost is unknown
 * @param vanished lost messages that were not refused: {@code lost − refused}; null when lost is unknown
 * @param outcomes how the system settled the senders' send attempts, one count per attempt; null
 *        when no sender result counted them
 * @param unknownReason why {@code sent} or {@code lost} is unknown; null when both are known
 * @param stale messages of another run the receivers consumed (another run tag in the header, e.g. left in a queue
 *        by an earlier test): not in {@code received}, {@code duplicates} or any latency
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "sent",
    "received",
    "lost",
    "lostKnown",
    "lostPercent",
    "unknownReason",
    "duplicates",
    "stale",
    "outOfOrder",
    "errors",
    "refused",
    "vanished",
    "outcomes"
})
public record MessageCounts(
        @JsonInclude(JsonInclude.Include.ALWAYS) Long sent,
        long received,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long lost,
        long duplicates,
        long outOfOrder,
        long errors,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long refused,
        @JsonInclude(JsonInclude.Include.ALWAYS) Long vanished,
        OutcomeCounts outcomes,
        String unknownReason,
        long stale) {

    /** Counts of receivers that consumed no message of another run. */
    public MessageCounts(
            Long sent,
            long received,
            Long lost,
            long duplicates,
            long outOfOrder,
            long errors,
            Long refused,
            Long vanished,
            OutcomeCounts outcomes,
            String unknownReason) {
        this(sent, received, lost, duplicates, outOfOrder, errors, refused, vanished, outcomes, unknownReason, 0L);
    }

    /** Counts without outcomes: nothing known to be refused, every lost message vanished. */
    public MessageCounts(long sent, long received, long lost, long duplicates, long outOfOrder, long errors) {
        this(sent, received, lost, duplicates, outOfOrder, errors, 0L, lost, null, null);
    }

    /** Counts where everything is known. */
    public MessageCounts(
            long sent,
            long received,
            long lost,
            long duplicates,
            long outOfOrder,
            long errors,
            long refused,
            long vanished,
            OutcomeCounts outcomes) {
        this(sent, received, lost, duplicates, outOfOrder, errors, refused, vanished, outcomes, null);
    }

    /** The same counts with more errors. */
    public MessageCounts withMoreErrors(long more) {
        return new MessageCounts(
                sent,
                received,
                lost,
                duplicates,
                outOfOrder,
                errors + more,
                refused,
                vanished,
                outcomes,
                unknownReason,
                stale);
    }

    /** True when every sender's and receiver's counts arrived, so lost is a number. */
    @JsonProperty("lostKnown")
    public boolean lostKnown() {
        return lost != null;
    }

    /** Lost messages as a percentage of sent ones (0 when nothing was sent); null when either is unknown. */
    @JsonProperty("lostPercent")
    @JsonInclude(JsonInclude.Include.ALWAYS)
    public Double lostPercent() {
        if (lost == null || sent == null) {
            return null;
        }
        return sent == 0 ? 0.0 : lost * 100.0 / sent;
    }
}

package org.maestro.common.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * How the system under test settled a sender's send attempts: accepted, released, rejected, modified, or failed
 * (the send could not be handed over, or the connection failed before the system settled it). One count per
 * attempt, so a message sent again counts once per attempt; presettled messages have no outcome and count nowhere.
 *
 * @param accepted  attempts the system accepted
 * @param released  attempts the system released (not delivered, may be sent again)
 * @param rejected  attempts the system rejected (invalid or over a limit)
 * @param modified  attempts the system returned as modified (delivery failed, possibly undeliverable here)
 * @param failed    attempts that failed on the sender's side or lost their connection before an outcome
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record OutcomeCounts(long accepted, long released, long rejected, long modified, long failed) {

    /** No attempt at all. */
    public static final OutcomeCounts NONE = new OutcomeCounts(0, 0, 0, 0, 0);

    /** Attempts that did not end accepted: released + rejected + modified + failed. */
    @JsonIgnore
    public long notAccepted() {
        return released + rejected + modified + failed;
    }

    /** Every attempt with an outcome. */
    @JsonIgnore
    public long total() {
        return accepted + notAccepted();
    }

    /** The sum of both, field by field; null counts as {@link #NONE}. */
    public OutcomeCounts plus(OutcomeCounts other) {
        if (other == null) {
            return this;
        }
        return new OutcomeCounts(
                accepted + other.accepted,
                released + other.released,
                rejected + other.rejected,
                modified + other.modified,
                failed + other.failed);
    }
}

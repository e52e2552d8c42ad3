package org.maestro.reporter.verdict;

import org.maestro.reporter.Verdict;

/**
 * The verdict one peer reported in its peer-result.json.
 *
 * @param peer the peer's name, e.g. {@code receiver-1@beta}
 * @param verdict what it reported
 * @param reason why, in its words (trimmed, possibly empty)
 */
public record PeerVerdict(String peer, Verdict verdict, String reason) {

    /** A peer's verdict as its file writes it: the outcome read leniently, the reason trimmed. */
    public static PeerVerdict of(String peer, String outcome, String reason) {
        return new PeerVerdict(peer, Verdict.parse(outcome), reason == null ? "" : reason.trim());
    }
}

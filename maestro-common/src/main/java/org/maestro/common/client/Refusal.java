package org.maestro.common.client;

import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.PeerNames;

/**
 * A note the client refused: the peer it claimed to come from (escaped, fit for a log line or a report), and what was
 * refused under which rule or limit.
 *
 * @param peerId the id the note claimed (raw, for comparing), empty when the note named no sender
 * @param peer the sender as the note named it, every field escaped, e.g. {@code "x"@"h" (role "receiver", id "1")}
 * @param reason what was refused and which rule or limit applied
 * @param cutOff true when the peer was cut off for flooding: every later note from it is ignored
 */
public record Refusal(String peerId, String peer, String reason, boolean cutOff) {

    /** A refusal of a note from a (claimed) sender. */
    public static Refusal of(PeerInfo sender, String reason) {
        return new Refusal(sender.id(), PeerNames.describe(sender), reason, false);
    }

    /** A peer cut off for flooding. */
    public static Refusal cutOff(PeerInfo sender, String reason) {
        return new Refusal(sender.id(), PeerNames.describe(sender), reason, true);
    }

    /** In words: {@code refused a note from <peer>: <reason>}. */
    public String describe() {
        return "refused a note from " + peer + ": " + reason;
    }
}

package org.maestro.worker;

import java.util.List;
import org.maestro.common.measure.PeerResult;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.compute.MessageAccounting;

/**
 * The messages of one sender and one receiver as the reporter accounts them, with -1 for a count it does not know
 * (so tests compare plain numbers).
 */
record MessageTally(
        long sent, long received, long lost, long duplicates, long outOfOrder, long refused, long vanished) {

    /** The accounting of a sender's and a receiver's results, both of the same address. */
    static MessageTally of(PeerResult sender, PeerResult receiver) {
        MessageCounts counts = MessageAccounting.account(
                        List.of(new MessageAccounting.Peer(sender.peer(), "", sender)),
                        List.of(new MessageAccounting.Peer(receiver.peer(), "", receiver)))
                .counts();
        return new MessageTally(
                known(counts.sent()),
                counts.received(),
                known(counts.lost()),
                counts.duplicates(),
                counts.outOfOrder(),
                known(counts.refused()),
                known(counts.vanished()));
    }

    private static long known(Long count) {
        return count == null ? -1 : count;
    }
}

package org.maestro.common.measure;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.roaringbitmap.RoaringBitmap;

/**
 * Adds up the peer results of one test iteration into per-stream sent, received, lost and duplicated counts across
 * all senders and receivers of an address, as {@code docs/results-format.md} defines them. Not thread-safe.
 *
 * <pre>{@code
 * StreamLedger ledger = new StreamLedger();
 * for (Path peer : peerDirectories) {
 *     ledger.add(PeerResult.read(peer.resolve(PeerResult.FILE_NAME)));
 * }
 * StreamLedger.Tally total = ledger.total(); // total.lost(), total.duplicates() ...
 * }</pre>
 */
public final class StreamLedger {
    /**
     * A stream's or the whole test's figures; {@code sent}, {@code lost}, {@code refused} and {@code vanished} are -1
     * when no sender result was added. {@code lost = refused + vanished}: refused messages are those the sender was
     * told did not go through, vanished ones were accepted (or presettled) and never received.
     */
    public record Tally(String sender, int connection, long sent, long received, long lost, long duplicates,
            long outOfOrder, long refused, long vanished) {
    }

    private record Key(String sender, int connection) {
    }

    private static final class Entry {
        long sent = -1;
        final RoaringBitmap refused = new RoaringBitmap();
        long receivedCounts;
        long ownDuplicates;
        long outOfOrder;
        final RoaringBitmap union = new RoaringBitmap();
    }

    private final Map<Key, Entry> entries = new TreeMap<>(
            Comparator.comparing(Key::sender).thenComparingInt(Key::connection));

    /** Builds a ledger of the given results. */
    public static StreamLedger of(Collection<PeerResult> results) {
        StreamLedger ledger = new StreamLedger();
        results.forEach(ledger::add);
        return ledger;
    }

    /** Adds a sender's or a receiver's result; results of other roles are ignored. */
    public StreamLedger add(PeerResult result) {
        for (PeerResult.Stream stream : result.streams()) {
            Entry entry = entries.computeIfAbsent(new Key(stream.sender(), stream.connection()), k -> new Entry());
            if (result.isSender()) {
                entry.sent = Math.max(entry.sent, 0) + stream.count();
                entry.refused.or(stream.refusedBitmap());
            } else if (result.isReceiver()) {
                entry.union.or(stream.sequenceBitmap());
                entry.receivedCounts += stream.count();
                entry.ownDuplicates += stream.duplicates();
                entry.outOfOrder += stream.outOfOrder();
            }
        }
        return this;
    }

    /** The figures of each stream, ordered by sender and connection. */
    public List<Tally> streams() {
        List<Tally> tallies = new ArrayList<>();
        entries.forEach((key, entry) -> {
            long received = entry.union.getLongCardinality();
            long lost = -1;
            long refused = -1;
            if (entry.sent >= 0) {
                long inRange = entry.sent == 0 ? 0 : entry.union.rangeCardinality(0, entry.sent);
                lost = entry.sent - inRange;
                RoaringBitmap notReceived = RoaringBitmap.andNot(entry.refused, entry.union);
                refused = entry.sent == 0 ? 0 : notReceived.rangeCardinality(0, entry.sent);
            }
            long duplicates = entry.receivedCounts - received + entry.ownDuplicates;
            tallies.add(new Tally(key.sender(), key.connection(), entry.sent, received, lost, duplicates,
                    entry.outOfOrder, refused, lost < 0 ? -1 : lost - refused));
        });
        return tallies;
    }

    /** The sums over all streams (sender "*", connection -1); sent and lost are -1 if any stream lacks a sender. */
    public Tally total() {
        long sent = 0;
        long received = 0;
        long lost = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        long refused = 0;
        boolean known = true;
        for (Tally tally : streams()) {
            known &= tally.sent() >= 0;
            sent += Math.max(tally.sent(), 0);
            lost += Math.max(tally.lost(), 0);
            refused += Math.max(tally.refused(), 0);
            received += tally.received();
            duplicates += tally.duplicates();
            outOfOrder += tally.outOfOrder();
        }
        return new Tally("*", -1, known ? sent : -1, received, known ? lost : -1, duplicates, outOfOrder,
                known ? refused : -1, known ? lost - refused : -1);
    }
}

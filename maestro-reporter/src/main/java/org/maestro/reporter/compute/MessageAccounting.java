package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.options.DestinationUrls;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.StreamSummary;
import org.roaringbitmap.RoaringBitmap;

/**
 * Counts sent, received, lost, refused, vanished, duplicated and out-of-order messages of a test
 * iteration from the peers' results, across all receivers of an address (anycast), as
 * docs/results-format.md defines it. Per stream (sender + connection) and address:
 * {@code received = |∪ sequences|}, {@code lost = sent − |∪ sequences ∩ [0, sent)|},
 * {@code refused = |(refusedSequences ∖ ∪ sequences) ∩ [0, sent)|},
 * {@code vanished = lost − refused},
 * {@code duplicates = Σ |sequences| − |∪ sequences| + Σ own duplicates}; so
 * {@code sent = received + refused + vanished} for every stream a receiver result covers.
 *
 * <p>A loss is counted only when it is known: when a sender of the test has no result, {@code sent} and every loss
 * are unknown (null); when a receiver of an address has no result, the losses of that address are unknown; so are
 * those of an address senders sent to where no receiver listened. The counts say why.
 */
public final class MessageAccounting {

    /**
     * A peer's result and the address it sent to or received from.
     *
     * @param name peer name
     * @param address destination (see {@link #address(String)}), "" when unknown
     * @param result its peer-result.json
     */
    public record Peer(String name, String address, PeerResult result) {}

    /**
     * A sender or receiver of the test whose result is missing.
     *
     * @param name peer name
     * @param role sender or receiver
     * @param address destination it sent to or received from, "" when unknown (then every address is affected)
     * @param why what happened to it, e.g. {@code died: its control connection dropped …}
     */
    public record Missing(String name, String role, String address, String why) {

        boolean isSender() {
            return Role.SENDER.is(role);
        }

        String describe() {
            return name + " (" + role + (address == null || address.isEmpty() ? "" : " of '" + address + "'") + ") "
                    + (why == null || why.isBlank() ? "has no results" : why);
        }
    }

    /**
     * The accounting.
     *
     * @param counts totals
     * @param streams per stream and address
     * @param problems what could not be accounted for
     */
    public record Result(MessageCounts counts, List<StreamSummary> streams, List<String> problems) {}

    private record StreamKey(String sender, int connection) {}

    private MessageAccounting() {}

    /**
     * The address of a URL: its path without the leading slash ({@code amqp://h:5672/test.queue} → test.queue), see
     * {@link DestinationUrls#address(String)}.
     */
    public static String address(String url) {
        return DestinationUrls.address(url);
    }

    /**
     * The name receivers know a sender's stream by: the stream's own sender field, else the peer name in its
     * result, else its directory's peer name.
     */
    private static String senderName(Peer sender, PeerResult.Stream stream) {
        if (stream.sender() != null && !stream.sender().isBlank()) {
            return stream.sender();
        }
        String peer = sender.result().peer();
        return peer != null && !peer.isBlank() ? peer : sender.name();
    }

    /** Accounts the messages of the given senders and receivers, all of whose results arrived. */
    public static Result account(List<Peer> senders, List<Peer> receivers) {
        return account(senders, receivers, List.of());
    }

    /** Accounts the messages of the given senders and receivers; {@code missing} peers make some counts unknown. */
    public static Result account(List<Peer> senders, List<Peer> receivers, List<Missing> missing) {
        List<String> problems = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        boolean senderMissing = false;
        for (Missing peer : missing) {
            unknown.add(peer.describe());
            senderMissing |= peer.isSender();
        }
        long sent = 0;
        long errors = 0;
        long stale = 0;
        Map<StreamKey, Long> sentPerStream = new LinkedHashMap<>();
        Map<StreamKey, RoaringBitmap> refusedPerStream = new LinkedHashMap<>();
        Map<StreamKey, String> senderAddress = new LinkedHashMap<>();
        OutcomeCounts outcomes = null;
        for (Peer sender : senders) {
            sent += sender.result().count();
            errors += sender.result().errors();
            outcomes = add(outcomes, outcomesOf(sender.result()));
            for (PeerResult.Stream stream : sender.result().streams()) {
                StreamKey key = new StreamKey(senderName(sender, stream), stream.connection());
                sentPerStream.merge(key, stream.count(), Long::sum);
                senderAddress.put(key, sender.address());
                try {
                    refusedPerStream
                            .computeIfAbsent(key, k -> new RoaringBitmap())
                            .or(stream.refusedBitmap());
                } catch (IllegalArgumentException e) {
                    problems.add(sender.name() + ": " + e.getMessage() + "; its refused messages count as vanished");
                }
            }
        }
        Map<String, List<Peer>> groups = new TreeMap<>();
        for (Peer receiver : receivers) {
            groups.computeIfAbsent(receiver.address(), a -> new ArrayList<>()).add(receiver);
            errors += receiver.result().errors();
            stale += receiver.result().staleCount();
        }

        List<StreamSummary> streams = new ArrayList<>();
        long received = 0;
        long lost = 0;
        long refused = 0;
        long duplicates = 0;
        long outOfOrder = 0;
        Map<StreamKey, Boolean> accounted = new LinkedHashMap<>();
        for (Map.Entry<String, List<Peer>> group : groups.entrySet()) {
            String address = group.getKey();
            boolean receiverMissing = receiverMissing(missing, at -> belongsTo(at, address, groups.size()));
            boolean lossKnown = !senderMissing && !receiverMissing;
            Map<StreamKey, RoaringBitmap> union = new LinkedHashMap<>();
            Map<StreamKey, long[]> perStream = new LinkedHashMap<>();
            Map<StreamKey, Map<String, Long>> receivedBy = new LinkedHashMap<>();
            for (Map.Entry<StreamKey, String> entry : senderAddress.entrySet()) {
                if (belongsTo(entry.getValue(), address, groups.size())) {
                    union.put(entry.getKey(), new RoaringBitmap());
                    perStream.put(entry.getKey(), new long[3]);
                    receivedBy.put(entry.getKey(), new TreeMap<>());
                }
            }
            for (Peer receiver : group.getValue()) {
                duplicates += receiver.result().duplicates();
                outOfOrder += receiver.result().outOfOrder();
                if (receiver.result().streams().isEmpty() && receiver.result().count() > 0) {
                    received += receiver.result().count();
                    problems.add(receiver.name() + " lists no streams: its "
                            + receiver.result().count()
                            + " messages are counted as received without checking sequence numbers");
                }
                for (PeerResult.Stream stream : receiver.result().streams()) {
                    StreamKey key = new StreamKey(stream.sender(), stream.connection());
                    RoaringBitmap sequences;
                    try {
                        sequences = stream.sequenceBitmap();
                    } catch (IllegalArgumentException e) {
                        problems.add(receiver.name() + ": " + e.getMessage());
                        continue;
                    }
                    union.computeIfAbsent(key, k -> new RoaringBitmap()).or(sequences);
                    long[] sums = perStream.computeIfAbsent(key, k -> new long[3]);
                    sums[0] += sequences.getLongCardinality();
                    sums[1] += stream.duplicates();
                    sums[2] += stream.outOfOrder();
                    receivedBy
                            .computeIfAbsent(key, k -> new TreeMap<>())
                            .merge(receiver.name(), sequences.getLongCardinality(), Long::sum);
                }
            }
            for (Map.Entry<StreamKey, RoaringBitmap> entry : union.entrySet()) {
                StreamKey key = entry.getKey();
                RoaringBitmap all = entry.getValue();
                long[] sums = perStream.get(key);
                long distinct = all.getLongCardinality();
                long streamDuplicates = sums[0] - distinct + sums[1];
                Long streamSent = sentPerStream.get(key);
                long streamLost = 0;
                long streamRefused = 0;
                if (streamSent != null && !lossKnown) {
                    accounted.put(key, true);
                } else if (streamSent != null) {
                    long end = Math.min(streamSent, 1L << 32);
                    long inRange = all.rangeCardinality(0, end);
                    streamLost = streamSent - inRange;
                    RoaringBitmap refusals = refusedPerStream.get(key);
                    if (refusals != null && !refusals.isEmpty()) {
                        streamRefused = RoaringBitmap.andNot(refusals, all).rangeCardinality(0, end);
                    }
                    accounted.put(key, true);
                } else if (!senderMissing) {
                    problems.add("stream " + key.sender() + "#" + key.connection() + " at '" + address
                            + "' has no sender result: its losses are unknown");
                }
                boolean streamKnown = streamSent != null && lossKnown;
                received += distinct;
                lost += streamLost;
                refused += streamRefused;
                duplicates += sums[0] - distinct;
                streams.add(new StreamSummary(
                        address,
                        key.sender(),
                        key.connection(),
                        streamSent,
                        distinct,
                        streamKnown ? streamLost : null,
                        streamDuplicates,
                        sums[2],
                        receivedBy.getOrDefault(key, Map.of()),
                        streamKnown ? streamRefused : null,
                        streamKnown ? streamLost - streamRefused : null));
            }
        }
        if (receivers.isEmpty() && !senders.isEmpty()) {
            if (missing.stream().noneMatch(m -> !m.isSender())) {
                unknown.add("no receiver results: the messages received are not counted");
            }
        } else {
            for (Map.Entry<StreamKey, Long> entry : sentPerStream.entrySet()) {
                String to = senderAddress.get(entry.getKey());
                boolean receiverGone = receiverMissing(missing, to::equals);
                if (!accounted.containsKey(entry.getKey()) && !receiverGone) {
                    unknown.add("stream " + entry.getKey().sender() + "#"
                            + entry.getKey().connection() + " sent to '" + senderAddress.get(entry.getKey())
                            + "' where no receiver listened");
                }
            }
        }
        if (stale > 0) {
            problems.add(stale + " stale message(s) of another run (left at the address by an earlier test or run) "
                    + "were consumed by the receivers: not counted as received and not measured");
        }
        streams.sort((a, b) -> {
            int c = a.address().compareTo(b.address());
            if (c == 0) {
                c = a.sender().compareTo(b.sender());
            }
            return c != 0 ? c : Integer.compare(a.connection(), b.connection());
        });
        // a missing sender is among the unknown: without any, every count is known
        boolean known = unknown.isEmpty();
        String reason = known ? null : String.join("; ", unknown);
        if (!known) {
            problems.add("lost messages are unknown: " + reason);
        }
        return new Result(
                new MessageCounts(
                        senderMissing ? null : sent,
                        received,
                        known ? lost : null,
                        duplicates,
                        outOfOrder,
                        errors,
                        known ? refused : null,
                        known ? lost - refused : null,
                        outcomes,
                        reason,
                        stale),
                streams,
                problems);
    }

    /** A sender's outcome counts: its own total, else the sum of its streams', else null (not counted). */
    private static OutcomeCounts outcomesOf(PeerResult sender) {
        if (sender.outcomes() != null) {
            return sender.outcomes();
        }
        OutcomeCounts sum = null;
        for (PeerResult.Stream stream : sender.streams()) {
            sum = add(sum, stream.outcomes());
        }
        return sum;
    }

    private static OutcomeCounts add(OutcomeCounts sum, OutcomeCounts more) {
        if (more == null) {
            return sum;
        }
        return sum == null ? more : sum.plus(more);
    }

    /** True when a missing receiver's address is unknown (it may be any) or passes {@code at}. */
    private static boolean receiverMissing(List<Missing> missing, java.util.function.Predicate<String> at) {
        return missing.stream()
                .anyMatch(m ->
                        !m.isSender() && (m.address() == null || m.address().isEmpty() || at.test(m.address())));
    }

    private static boolean belongsTo(String senderAddress, String receiverAddress, int groupCount) {
        return Objects.equals(senderAddress, receiverAddress) || groupCount == 1;
    }
}

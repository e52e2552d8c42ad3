package org.maestro.reporter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;

/**
 * Builds the peer-result.json of one sender or receiver of a test and writes it with {@link PeerResult}, as the peers
 * do: its count is the sum of its streams' counts, the rest 0 unless given, and the test's times those of
 * {@link SyntheticResults#peer} unless given.
 *
 * <pre>{@code
 * SyntheticPeerResult.receiver("receiver-1@alpha")
 *         .stream(new PeerResult.Stream("sender-1@alpha", 0, 60, 0, 0, 0, PeerResult.Stream.encode(received)))
 *         .verdict(PeerResult.SUCCESS, "received")
 *         .writeIn(SyntheticResults.peer(iteration, "receiver-1@alpha", "receiver"));
 * }</pre>
 */
public final class SyntheticPeerResult {

    private final String peer;
    private final String role;
    private final List<PeerResult.Stream> streams = new ArrayList<>();
    private long startMillis = 1000;
    private long endMillis = 5000;
    private long warmupEndMillis = 1000;
    private long errors;
    private long duplicates;
    private long outOfOrder;
    private String outcome;
    private String reason;
    private OutcomeCounts outcomes;

    private SyntheticPeerResult(String peer, String role) {
        this.peer = peer;
        this.role = role;
    }

    /** The result of a sender of this peer name that did not count how its send attempts were settled. */
    public static SyntheticPeerResult sender(String peer) {
        return sender(peer, null);
    }

    /** The result of a sender of this peer name, with how the system settled its send attempts. */
    public static SyntheticPeerResult sender(String peer, OutcomeCounts outcomes) {
        SyntheticPeerResult result = new SyntheticPeerResult(peer, "sender");
        result.outcomes = outcomes;
        return result;
    }

    /** The result of a receiver of this peer name. */
    public static SyntheticPeerResult receiver(String peer) {
        return new SyntheticPeerResult(peer, "receiver");
    }

    /** The test ran from {@code start} to {@code end}, its warm-up ended at {@code warmupEnd} (epoch ms). */
    public SyntheticPeerResult times(long start, long end, long warmupEnd) {
        this.startMillis = start;
        this.endMillis = end;
        this.warmupEndMillis = warmupEnd;
        return this;
    }

    /** One more stream. */
    public SyntheticPeerResult stream(PeerResult.Stream stream) {
        streams.add(stream);
        return this;
    }

    /** More streams. */
    public SyntheticPeerResult streams(List<PeerResult.Stream> more) {
        streams.addAll(more);
        return this;
    }

    /** The peer's errors, duplicates and messages out of order (beyond its streams' own). */
    public SyntheticPeerResult counts(long errorCount, long duplicateCount, long outOfOrderCount) {
        this.errors = errorCount;
        this.duplicates = duplicateCount;
        this.outOfOrder = outOfOrderCount;
        return this;
    }

    /** The peer's verdict (a success unless given otherwise) and why. */
    public SyntheticPeerResult verdict(String verdict, String why) {
        this.outcome = verdict;
        this.reason = why;
        return this;
    }

    /** Writes the result into the peer's directory. */
    public void writeIn(Path peerDirectory) throws IOException {
        new PeerResult(
                        PeerResult.FORMAT_VERSION,
                        peer,
                        role,
                        startMillis,
                        endMillis,
                        warmupEndMillis,
                        streams.stream().mapToLong(PeerResult.Stream::count).sum(),
                        errors,
                        duplicates,
                        outOfOrder,
                        List.copyOf(streams),
                        outcome,
                        reason,
                        outcomes)
                .write(peerDirectory.resolve(PeerResult.FILE_NAME));
    }
}

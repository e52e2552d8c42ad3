package org.maestro.client.api;

import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.PingSample;
import org.maestro.common.client.Refusal;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;

/**
 * The peers of one test, asked through other {@link TestPeers}, noting in a {@link PeerSilence} which of the peers a
 * request named answered it and which let its timeout pass. A request that fails or is cancelled (the control broker
 * unreachable, the test over) says nothing about the peers. Thread-safe.
 */
final class SilenceTrackingPeers implements TestPeers {
    private final TestPeers peers;
    private final PeerSilence silence;

    SilenceTrackingPeers(TestPeers peers, PeerSilence silence) {
        this.peers = peers;
        this.silence = silence;
    }

    /** Sends a request to the peers {@code asked} and notes, once it completes, who answered and who did not. */
    private CompletableFuture<Replies> watch(Set<String> asked, Supplier<CompletableFuture<Replies>> request) {
        Instant askedAt = silence.now();
        CompletableFuture<Replies> future = request.get();
        future.whenComplete((replies, error) -> {
            if (replies == null) {
                return;
            }
            Set<String> answered = new HashSet<>();
            for (Note note : replies.notes()) {
                if (note.sender() != null && asked.contains(note.sender().id())) {
                    answered.add(note.sender().id());
                    silence.answered(note.sender().id());
                }
            }
            for (String peerId : asked) {
                if (!answered.contains(peerId)) {
                    silence.missed(peerId, askedAt);
                }
            }
        });
        return future;
    }

    @Override
    public String endpoint() {
        return peers.endpoint();
    }

    @Override
    public boolean isConnected() {
        return peers.isConnected();
    }

    @Override
    public List<PeerStatus> discover(Duration wait) throws Exception {
        return peers.discover(wait);
    }

    @Override
    public Listening onNotification(Consumer<Note> listener) {
        return peers.onNotification(listener);
    }

    @Override
    public Listening onRefusal(Consumer<Refusal> listener) {
        return peers.onRefusal(listener);
    }

    @Override
    public CompletableFuture<Replies> reset(Set<String> peerIds, Duration timeout) {
        return watch(peerIds, () -> peers.reset(peerIds, timeout));
    }

    @Override
    public CompletableFuture<Replies> set(OptionCode option, String value, Set<String> peerIds, Duration timeout) {
        return watch(peerIds, () -> peers.set(option, value, peerIds, timeout));
    }

    @Override
    public CompletableFuture<Replies> start(
            Command command, Role role, Payload payload, Set<String> peerIds, Duration timeout) {
        return watch(peerIds, () -> peers.start(command, role, payload, peerIds, timeout));
    }

    @Override
    public CompletableFuture<Replies> startOne(
            Command command, Role role, Payload payload, String peerId, Duration timeout) {
        return watch(Set.of(peerId), () -> peers.startOne(command, role, payload, peerId, timeout));
    }

    @Override
    public CompletableFuture<Replies> stats(Role role, Set<String> peerIds, Duration timeout) {
        return watch(peerIds, () -> peers.stats(role, peerIds, timeout));
    }

    @Override
    public CompletableFuture<Replies> status(String peerId, Duration timeout) {
        return watch(Set.of(peerId), () -> peers.status(peerId, timeout));
    }

    @Override
    public CompletableFuture<Replies> drain(Set<String> peerIds, DrainMode mode, Duration timeout) {
        return watch(peerIds, () -> peers.drain(peerIds, mode, timeout));
    }

    @Override
    public CompletableFuture<Replies> stop(Role role, Set<String> peerIds, Duration timeout) {
        return watch(peerIds, () -> peers.stop(role, peerIds, timeout));
    }

    @Override
    public CompletableFuture<Replies> agentAction(String command, Set<String> peerIds, Duration timeout) {
        return watch(peerIds, () -> peers.agentAction(command, peerIds, timeout));
    }

    @Override
    public CompletableFuture<Replies> collect(String peerId, Duration timeout, Consumer<Note> onReply) {
        // every chunk of its files is an answer: a long transfer is not silence
        return watch(
                Set.of(peerId),
                () -> peers.collect(peerId, timeout, chunk -> {
                    silence.answered(peerId);
                    onReply.accept(chunk);
                }));
    }

    @Override
    public CompletableFuture<List<PingSample>> pingEach(Set<String> peerIds, Duration timeout) {
        // a clock estimate's short timeout measures the round trip, not whether the peer still answers
        return peers.pingEach(peerIds, timeout);
    }
}

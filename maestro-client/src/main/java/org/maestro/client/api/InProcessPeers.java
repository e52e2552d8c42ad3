package org.maestro.client.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import org.maestro.base.time.MicroClock;
import org.maestro.common.client.PingSample;
import org.maestro.common.peer.Peer;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;

/**
 * Answers, for the peers that run in the client's own JVM (embedded mode), the requests the client repeats while the
 * load runs: STATS, read from their roles as their control threads would, and the PING exchanges of the clock
 * estimate, whose clock is the client's own. So the once-a-second statistics poll and the clock estimate in the middle
 * of the measured window do not wake the control broker and every peer's MQTT client in the JVM that carries the load.
 * Every other request still travels through the control broker.
 */
final class InProcessPeers {
    private static final InProcessPeers NONE = new InProcessPeers(List::of);

    private final Supplier<? extends Collection<Peer>> peers;

    private InProcessPeers(Supplier<? extends Collection<Peer>> peers) {
        this.peers = peers;
    }

    /** No peer runs in this JVM: every request goes through the control broker. */
    static InProcessPeers none() {
        return NONE;
    }

    /** The peers {@code peers} gives (asked each time: they may start after the runner) run in this JVM. */
    static InProcessPeers of(Supplier<? extends Collection<Peer>> peers) {
        return new InProcessPeers(peers);
    }

    /**
     * The replies to {@code request} (a STATS request) of those of {@code peerIds} that run here, are not halted and
     * play {@code role} (null: any role), as each would send it.
     */
    List<Note> stats(Note request, Role role, Set<String> peerIds) {
        List<Note> replies = new ArrayList<>();
        for (Peer peer : running(peerIds)) {
            if (role != null && peer.behaviour().role() != role) {
                continue;
            }
            Payload.Stats stats = peer.behaviour().stats();
            if (stats != null) {
                replies.add(request.reply(Command.STATS, stats, peer.info()));
            }
        }
        return replies;
    }

    /**
     * One PING exchange with each of {@code peerIds} that runs here and is not halted, timed on {@code clock} as the
     * exchange through the broker is: the peer reads the system clock, as a peer answering a PING does.
     */
    List<PingSample> ping(Set<String> peerIds, MicroClock clock) {
        List<PingSample> samples = new ArrayList<>();
        for (Peer peer : running(peerIds)) {
            long sent = clock.nowMicros();
            long answered = MicroClock.system().nowMicros();
            samples.add(new PingSample(peer.info(), sent, clock.nowMicros(), answered - sent));
        }
        return samples;
    }

    private List<Peer> running(Set<String> peerIds) {
        List<Peer> found = new ArrayList<>();
        for (Peer peer : peers.get()) {
            if (!peer.isHalted() && peerIds.contains(peer.info().id())) {
                found.add(peer);
            }
        }
        return found;
    }
}

package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.PingSample;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.maestro.common.time.ManualClock;

/**
 * {@link TestPeers} that answer at once, as the test sets them up: connected or not, idle or busy, accepting agent
 * actions or not; every request is recorded with the time of the clock it is given. Thread-safe.
 */
final class FakeTestPeers implements TestPeers {
    /** A request as the fake saw it: what, to whom, and when on the test's clock. */
    record Request(String what, String to, Duration at) {}

    private final ManualClock clock;
    private final Map<String, PeerInfo> peers = Collections.synchronizedMap(new java.util.LinkedHashMap<>());
    private final Set<String> idle = ConcurrentHashMap.newKeySet();
    private final Set<String> unreachable = ConcurrentHashMap.newKeySet();
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());
    private final List<Consumer<Note>> listeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean connected = true;
    private volatile String agentRefusal;
    private volatile String agentActionFailure;
    private volatile String resetRefusal;
    private final Map<String, Payload.Stats> statistics = new ConcurrentHashMap<>();
    private volatile Runnable drainEnd = () -> {};
    private final Set<String> started = ConcurrentHashMap.newKeySet();

    FakeTestPeers(ManualClock clock, PeerInfo... peers) {
        this.clock = clock;
        for (PeerInfo peer : peers) {
            this.peers.put(peer.id(), peer);
        }
    }

    /** From now on the control broker is reachable, or not. */
    void connected(boolean value) {
        connected = value;
    }

    /** From now on the peer answers nothing, as one whose network was cut: every request it gets times out. */
    void unreachable(String peerId) {
        unreachable.add(peerId);
    }

    /** From now on the peer answers GET with busy=false. */
    void idle(String peerId) {
        idle.add(peerId);
    }

    /** From now on the agents refuse every action with this message. */
    void refuseAgentActions(String message) {
        agentRefusal = message;
    }

    /** From now on every agent action fails to go out, as when the transport gives up, with this message. */
    void failAgentActions(String message) {
        agentActionFailure = message;
    }

    /**
     * From now on the receiver answers STATS with this count of its run's messages and this consumed total (every
     * message); a peer without statistics answers STATS with a reply that has no figures.
     */
    void receiverCounts(String peerId, long count, long consumed) {
        statistics.put(peerId, new Payload.Stats("receiver", 0, count, 0, 0, 0).withConsumed(consumed));
    }

    /** Runs {@code action} when the client ends the receivers' drain (DRAIN end). */
    void onDrainEnd(Runnable action) {
        drainEnd = action;
    }

    /** From now on every peer refuses RESET as busy, with this message. */
    void refuseReset(String message) {
        resetRefusal = message;
    }

    /** Delivers a notification from a peer to the listeners, as the control client would. */
    void notify(String peerId, Command command, Payload payload) {
        Note note = Note.notification(command, payload, peers.get(peerId), null);
        listeners.forEach(listener -> listener.accept(note));
    }

    /** The peers asked to start so far (any start command). */
    Set<String> started() {
        return Set.copyOf(started);
    }

    /** The requests so far whose {@code what} starts with {@code prefix}. */
    List<Request> requests(String prefix) {
        synchronized (requests) {
            return requests.stream().filter(r -> r.what().startsWith(prefix)).toList();
        }
    }

    private void record(String what, String to) {
        requests.add(new Request(what, to, Duration.ofNanos(clock.nowMicros() * 1_000)));
    }

    private CompletableFuture<Replies> ok(Note request, List<PeerInfo> from) {
        if (!connected) {
            return CompletableFuture.completedFuture(new Replies(request, List.of(), from.size()));
        }
        return CompletableFuture.completedFuture(new Replies(
                request,
                from.stream()
                        .filter(p -> !unreachable.contains(p.id()))
                        .map(p -> request.reply(Command.OK, Payload.Empty.INSTANCE, p))
                        .toList(),
                from.size()));
    }

    private List<PeerInfo> ofRole(Role role) {
        return peers.values().stream()
                .filter(p -> role == null || p.plays(role))
                .toList();
    }

    @Override
    public String endpoint() {
        return "tcp://control.example:1883";
    }

    @Override
    public boolean isConnected() {
        return connected;
    }

    @Override
    public List<PeerStatus> discover(Duration wait) {
        record("PING", "all");
        return peers.values().stream()
                .map(p -> new PeerStatus(p, Duration.ofMillis(1)))
                .toList();
    }

    /** Every peer answers each PING at once, on the test's clock: offset 0, round trip 0. */
    @Override
    public CompletableFuture<List<PingSample>> pingEach(Set<String> peerIds, Duration timeout) {
        long now = clock.nowMicros();
        return CompletableFuture.completedFuture(
                connected
                        ? peerIds.stream()
                                .map(peers::get)
                                .filter(java.util.Objects::nonNull)
                                .map(p -> new PingSample(p, now, now, 0))
                                .toList()
                        : List.of());
    }

    @Override
    public Listening onNotification(Consumer<Note> listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    @Override
    public CompletableFuture<Replies> reset(Set<String> peerIds, Duration timeout) {
        record("RESET", String.join(",", peerIds));
        Note request = Note.request(Command.RESET);
        String refusal = resetRefusal;
        if (refusal == null) {
            return ok(request, ofRole(null));
        }
        return CompletableFuture.completedFuture(new Replies(
                request,
                ofRole(null).stream()
                        .map(p -> request.reply(Command.INTERNAL_ERROR, new Payload.Error(ErrorCodes.BUSY, refusal), p))
                        .toList(),
                peerIds.size()));
    }

    @Override
    public CompletableFuture<Replies> set(OptionCode option, String value, Set<String> peerIds, Duration timeout) {
        record("SET " + option.parameter(), String.join(",", peerIds));
        return ok(Note.request(Command.SET, new Payload.SetOption(option.code(), value)), ofRole(null));
    }

    @Override
    public CompletableFuture<Replies> start(
            Command command, Role role, Payload payload, Set<String> peerIds, Duration timeout) {
        record(command.name(), role.label());
        started.addAll(peerIds);
        // as the control client counts them: only the replies of the peers asked
        return ok(
                Note.request(command, payload),
                ofRole(role).stream().filter(p -> peerIds.contains(p.id())).toList());
    }

    @Override
    public CompletableFuture<Replies> stats(Role role, Set<String> peerIds, Duration timeout) {
        record("STATS", role == null ? "all" : role.label());
        Note request = Note.request(Command.STATS);
        if (!connected) {
            return CompletableFuture.completedFuture(new Replies(request, List.of(), peerIds.size()));
        }
        List<Note> replies = new ArrayList<>();
        for (String id : peerIds) {
            Payload.Stats stats = statistics.get(id);
            if (unreachable.contains(id) || !peers.containsKey(id)) {
                continue;
            }
            replies.add(
                    stats != null
                            ? request.reply(Command.STATS, stats, peers.get(id))
                            : request.reply(Command.OK, Payload.Empty.INSTANCE, peers.get(id)));
        }
        return CompletableFuture.completedFuture(new Replies(request, replies, peerIds.size()));
    }

    @Override
    public CompletableFuture<Replies> status(String peerId, Duration timeout) {
        record("GET", peerId);
        Note request = Note.request(Command.GET);
        if (!connected || unreachable.contains(peerId)) {
            return CompletableFuture.completedFuture(new Replies(request, List.of(), 1));
        }
        return CompletableFuture.completedFuture(new Replies(
                request,
                List.of(request.reply(
                        Command.GET,
                        new Payload.Notice("", Map.of("busy", Boolean.toString(!idle.contains(peerId)))),
                        peers.get(peerId))),
                1));
    }

    @Override
    public CompletableFuture<Replies> drain(Set<String> peerIds, DrainMode mode, Duration timeout) {
        record(mode == DrainMode.END ? "DRAIN end" : "DRAIN", "receiver");
        if (mode == DrainMode.END) {
            drainEnd.run();
        }
        return ok(Note.request(Command.DRAIN, mode.payload()), ofRole(Role.RECEIVER));
    }

    @Override
    public CompletableFuture<Replies> stop(Role role, Set<String> peerIds, Duration timeout) {
        record(TestPeers.stopCommand(role).name(), role.label());
        return ok(Note.request(TestPeers.stopCommand(role)), ofRole(role));
    }

    @Override
    public CompletableFuture<Replies> agentAction(String command, Set<String> peerIds, Duration timeout) {
        java.util.Set<String> agents =
                ofRole(Role.AGENT).stream().map(PeerInfo::id).collect(java.util.stream.Collectors.toSet());
        record("action " + command, peerIds.equals(agents) ? "agent" : "agent " + new java.util.TreeSet<>(peerIds));
        if (agentActionFailure != null) {
            // as the control client fails it: the transport's own exception, with the MQTT client's as its cause
            return CompletableFuture.failedFuture(new IllegalStateException(
                    agentActionFailure, new IllegalStateException("Client is not connected")));
        }
        Note request = Note.request(Command.USER_COMMAND_1, new Payload.Text(command));
        String refusal = agentRefusal;
        if (refusal == null) {
            return ok(request, ofRole(Role.AGENT));
        }
        return CompletableFuture.completedFuture(new Replies(
                request,
                ofRole(Role.AGENT).stream()
                        .map(p -> request.reply(Command.INTERNAL_ERROR, new Payload.Error(0, refusal), p))
                        .toList(),
                peerIds.size()));
    }

    @Override
    public CompletableFuture<Replies> collect(String peerId, Duration timeout, Consumer<Note> onReply) {
        record("LOG", peerId);
        return ok(Note.request(Command.LOG), List.of(peers.get(peerId)));
    }
}

package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.maestro.base.time.MicroClock;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.PingSample;
import org.maestro.common.client.Refusal;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.Topics;

/**
 * The {@link TestPeers} reached through the control broker, with a {@link ControlClient} that is asked for (and so, in
 * embedded mode, started) when a test first needs the peers. Thread-safe.
 */
final class ControlTestPeers implements TestPeers {
    private final Supplier<ControlClient> connect;
    private volatile ControlClient connected;
    private volatile InProcessPeers inProcess = InProcessPeers.none();

    ControlTestPeers(Supplier<ControlClient> connect) {
        this.connect = connect;
    }

    /** Answers STATS and PING for the peers in this JVM directly rather than through the control broker. */
    void answerInProcess(InProcessPeers peers) {
        this.inProcess = peers;
    }

    private ControlClient client() {
        ControlClient client = connected;
        if (client == null) {
            synchronized (this) {
                if (connected == null) {
                    connected = connect.get();
                }
                client = connected;
            }
        }
        return client;
    }

    @Override
    public String endpoint() {
        return String.valueOf(client().endpoint());
    }

    @Override
    public boolean isConnected() {
        return client().isConnected();
    }

    @Override
    public List<PeerStatus> discover(Duration wait) throws Exception {
        return client().ping(wait);
    }

    @Override
    public CompletableFuture<List<PingSample>> pingEach(Set<String> peerIds, Duration timeout) {
        // the clock every peer's offset is measured against: the client's own, of this JVM
        MicroClock clock = MicroClock.system();
        List<PingSample> local = inProcess.ping(peerIds, clock);
        Set<String> remote = unanswered(peerIds, local.stream().map(PingSample::peer));
        if (remote.isEmpty()) {
            return CompletableFuture.completedFuture(local);
        }
        return client().pingEach(remote, clock, timeout).thenApply(samples -> together(local, samples));
    }

    @Override
    public Listening onNotification(Consumer<Note> listener) {
        ControlClient client = client();
        client.onNotification(listener);
        return () -> client.removeNotificationListener(listener);
    }

    @Override
    public CompletableFuture<Replies> reset(Set<String> peerIds, Duration timeout) {
        // to each peer's own topic: an idle peer of another test (or another client) keeps its options
        return client().requestEach(peerIds, Note.request(Command.RESET), timeout);
    }

    @Override
    public Listening onRefusal(Consumer<Refusal> listener) {
        ControlClient client = client();
        client.onRefusal(listener);
        return () -> client.removeRefusalListener(listener);
    }

    @Override
    public CompletableFuture<Replies> set(OptionCode option, String value, Set<String> peerIds, Duration timeout) {
        // to each peer's own topic: a flow's options reach its peers only, and an idle peer keeps its own
        return client().requestEach(
                        peerIds, Note.request(Command.SET, new Payload.SetOption(option.code(), value)), timeout);
    }

    @Override
    public CompletableFuture<Replies> start(
            Command command, Role role, Payload payload, Set<String> peerIds, Duration timeout) {
        // to each peer's own topic: a peer no flow of the test took does not start
        return client().requestEach(peerIds, Note.request(command, payload), timeout);
    }

    @Override
    public CompletableFuture<Replies> startOne(
            Command command, Role role, Payload payload, String peerId, Duration timeout) {
        return client().requestEach(Set.of(peerId), Note.request(command, payload), timeout);
    }

    @Override
    public CompletableFuture<Replies> stats(Role role, Set<String> peerIds, Duration timeout) {
        Note request = Note.request(Command.STATS);
        List<Note> local = inProcess.stats(request, role, peerIds);
        Set<String> remote = unanswered(peerIds, local.stream().map(Note::sender));
        if (remote.isEmpty()) {
            return CompletableFuture.completedFuture(new Replies(request, local, peerIds.size()));
        }
        if (local.isEmpty()) {
            return client().requestFrom(role == null ? Topics.ALL_PEERS : Topics.role(role), request, remote, timeout);
        }
        // to each other peer's own topic: on the role's topic, the peers read here would answer a second time
        return client().requestEach(remote, request, timeout)
                .thenApply(replies -> new Replies(request, together(local, replies.notes()), peerIds.size()));
    }

    /** Those of {@code asked} that are not among the peers answered here. */
    private static Set<String> unanswered(Set<String> asked, Stream<PeerInfo> answeredHere) {
        Set<String> rest = new HashSet<>(asked);
        answeredHere.forEach(peer -> rest.remove(peer.id()));
        return rest;
    }

    /** The answers given here, then those that came through the broker. */
    private static <T> List<T> together(List<T> here, List<T> throughBroker) {
        List<T> all = new ArrayList<>(here);
        all.addAll(throughBroker);
        return all;
    }

    @Override
    public CompletableFuture<Replies> status(String peerId, Duration timeout) {
        return client().request(Topics.peer(peerId), Note.request(Command.GET), 1, timeout);
    }

    @Override
    public CompletableFuture<Replies> drain(Set<String> peerIds, DrainMode mode, Duration timeout) {
        return client().requestFrom(
                        Topics.role(Role.RECEIVER), Note.request(Command.DRAIN, mode.payload()), peerIds, timeout);
    }

    @Override
    public CompletableFuture<Replies> stop(Role role, Set<String> peerIds, Duration timeout) {
        return client().requestFrom(Topics.role(role), Note.request(TestPeers.stopCommand(role)), peerIds, timeout);
    }

    @Override
    public CompletableFuture<Replies> agentAction(String command, Set<String> peerIds, Duration timeout) {
        // to each agent's own topic: an agent the action does not address never gets it
        return client().requestEach(peerIds, Note.request(Command.USER_COMMAND_1, new Payload.Text(command)), timeout);
    }

    @Override
    public CompletableFuture<Replies> collect(String peerId, Duration timeout, Consumer<Note> onReply) {
        return client().request(Topics.peer(peerId), Note.request(Command.LOG), 1, timeout, onReply);
    }
}

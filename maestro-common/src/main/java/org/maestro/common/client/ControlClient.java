package org.maestro.common.client;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import org.maestro.base.time.MicroClock;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.MalformedNoteException;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteCodec;
import org.maestro.common.protocol.NoteType;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.PeerNames;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.MqttTransport;
import org.maestro.common.transport.Topics;
import org.maestro.common.transport.TransportException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client's side of the control plane: sends requests to peers and collects their replies as futures, receives
 * notifications and result-file data. Thread-safe.
 *
 * <pre>{@code
 * try (ControlClient client = ControlClient.connect(MqttEndpoint.parse("mqtt://127.0.0.1:1883"))) {
 *     List<PeerStatus> peers = client.ping(Duration.ofSeconds(2));
 *     Replies replies = client.request(Topics.ALL_PEERS, Note.request(Command.SET,
 *             new Payload.SetOption(OptionCode.RATE.code(), "1000")), peers.size(), Duration.ofSeconds(5)).join();
 * }
 * }</pre>
 */
public final class ControlClient implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControlClient.class);

    private final MqttTransport transport;
    private final Map<String, Pending> pending = new ConcurrentHashMap<>();
    private final Map<String, Consumer<Note>> dataListeners = new ConcurrentHashMap<>();
    private final List<Consumer<Note>> notificationListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<Refusal>> refusalListeners = new CopyOnWriteArrayList<>();
    private final Map<String, AtomicLong> refusedBySender = new ConcurrentHashMap<>();
    private final FloodGuard floodGuard;
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "maestro-client-timers");
        thread.setDaemon(true);
        return thread;
    });

    /** By default, how many notes the client did not ask for one peer may send within one second. */
    public static final int DEFAULT_FLOOD_LIMIT = FloodGuard.DEFAULT_LIMIT;

    private ControlClient(MqttTransport transport, int floodLimit) {
        this.transport = transport;
        this.floodGuard = new FloodGuard(floodLimit, System::nanoTime);
    }

    /** Connects to the control broker and subscribes to replies and notifications. */
    public static ControlClient connect(MqttEndpoint endpoint) throws TransportException {
        return connect(endpoint, DEFAULT_FLOOD_LIMIT);
    }

    /**
     * Connects, cutting off any peer that sends more than {@code floodLimit} notes the client did not ask for within
     * one second (by default {@value FloodGuard#DEFAULT_LIMIT}).
     */
    public static ControlClient connect(MqttEndpoint endpoint, int floodLimit) throws TransportException {
        MqttTransport transport =
                MqttTransport.connect(endpoint, MqttTransport.Options.of("maestro-client-" + UUID.randomUUID()));
        ControlClient client = new ControlClient(transport, floodLimit);
        try {
            transport.subscribe(Topics.CLIENT, Topics.REQUEST_QOS, (topic, bytes) -> client.onReply(bytes));
            transport.subscribe(
                    Topics.NOTIFICATIONS, Topics.NOTIFICATION_QOS, (topic, bytes) -> client.onNotification(bytes));
        } catch (TransportException e) {
            client.close();
            throw e;
        }
        return client;
    }

    /** Registers a listener for every notification (test outcomes, last wills). */
    public void onNotification(Consumer<Note> listener) {
        notificationListeners.add(listener);
    }

    /** Removes a notification listener. */
    public void removeNotificationListener(Consumer<Note> listener) {
        notificationListeners.remove(listener);
    }

    /**
     * Registers a listener for every note refused from a peer that the note names: a sender breaking the name rule, a
     * payload not of its command's layout, a reply or DATA from a peer that was not asked, a reply of the wrong
     * command, a peer cut off for flooding.
     */
    public void onRefusal(Consumer<Refusal> listener) {
        refusalListeners.add(listener);
    }

    /** Removes a refusal listener. */
    public void removeRefusalListener(Consumer<Refusal> listener) {
        refusalListeners.remove(listener);
    }

    /** How many notes the client did not ask for one peer may send within one second before it is cut off. */
    public int floodLimit() {
        return floodGuard.limit();
    }

    /** True when the peer of this id was cut off for flooding the client: its notes are ignored. */
    public boolean isCutOff(String peerId) {
        return floodGuard.isCutOff(peerId);
    }

    /**
     * Sends a request and collects replies until {@code expected} arrived or the timeout passed; the future then
     * completes with what arrived (see {@link Replies#complete()}). With {@code expected <= 0} it collects until the
     * timeout.
     */
    public CompletableFuture<Replies> request(String topic, Note request, int expected, Duration timeout) {
        return request(topic, request, expected, timeout, null);
    }

    /**
     * Like {@link #request(String, Note, int, Duration)}, and also hands every DATA note correlated with the request
     * to a listener (result files shipped in answer to LOG).
     */
    public CompletableFuture<Replies> request(
            String topic, Note request, int expected, Duration timeout, Consumer<Note> dataListener) {
        return request(topic, request, expected, timeout, dataListener, null);
    }

    /**
     * Sends a request to a topic several peers share and collects only the replies of the given peers (by id),
     * until each of them answered or the timeout passed: peers outside the set that answer too (e.g. an idle peer
     * of another role on {@code /mpt/daemon}) neither fill the count nor appear in the replies.
     */
    public CompletableFuture<Replies> requestFrom(String topic, Note request, Set<String> peerIds, Duration timeout) {
        return request(topic, request, peerIds.size(), timeout, null, Set.copyOf(peerIds));
    }

    /**
     * Sends a request to each of the given peers on its own topic ({@code /mpt/peer/<id>}), so that no other peer
     * gets it, and collects their replies until each answered or the timeout passed.
     */
    public CompletableFuture<Replies> requestEach(Set<String> peerIds, Note request, Duration timeout) {
        Set<String> peers = Set.copyOf(peerIds);
        return request(peers.stream().map(Topics::peer).toList(), request, peers.size(), timeout, null, peers);
    }

    private CompletableFuture<Replies> request(
            String topic, Note request, int expected, Duration timeout, Consumer<Note> dataListener, Set<String> from) {
        Set<String> asked = from;
        if (asked == null && topic.startsWith(Topics.peer(""))) {
            asked = Set.of(topic.substring(Topics.peer("").length()));
        }
        return request(List.of(topic), request, expected, timeout, dataListener, asked);
    }

    private CompletableFuture<Replies> request(
            List<String> topics,
            Note request,
            int expected,
            Duration timeout,
            Consumer<Note> dataListener,
            Set<String> from) {
        Pending entry = new Pending(request, expected, from);
        send(topics, entry, timeout, dataListener);
        return entry.future;
    }

    /** Registers a request's entry, publishes the request on the topics and finishes the entry at the timeout. */
    private void send(List<String> topics, Pending entry, Duration timeout, Consumer<Note> dataListener) {
        Note request = entry.request;
        String correlation = request.header().correlationId();
        pending.put(correlation, entry);
        if (dataListener != null) {
            dataListeners.put(correlation, dataListener);
        }
        entry.future.whenComplete((r, e) -> {
            pending.remove(correlation);
            dataListeners.remove(correlation);
        });
        ScheduledFuture<?> timer = timers.schedule(entry::finish, timeout.toMillis(), TimeUnit.MILLISECONDS);
        entry.future.whenComplete((r, e) -> timer.cancel(false));
        try {
            byte[] encoded = NoteCodec.encode(request);
            for (String topic : topics) {
                transport.publish(topic, encoded, Topics.REQUEST_QOS);
            }
        } catch (TransportException e) {
            entry.future.completeExceptionally(e);
        }
    }

    /**
     * Times one PING exchange with each of the given peers, on its own topic: each request carries the client's clock
     * reading when it leaves, each reply is stamped with the client's clock when it arrives. Completes once every peer
     * answered or the timeout passed, with the exchanges that came back (a peer that did not answer in time, or
     * answered with an error, has none). A reply that does not echo its request's send time, or that claims more than
     * {@link PingSample#MAX_ELAPSED_MICROS} elapsed either way, is refused and named like any refused note.
     */
    public CompletableFuture<List<PingSample>> pingEach(Set<String> peerIds, MicroClock clock, Duration timeout) {
        List<CompletableFuture<PingSample>> exchanges = new ArrayList<>();
        for (String peerId : peerIds) {
            long sent = clock.nowMicros();
            Note request = Note.request(
                    Command.PING, new Payload.Ping(Math.floorDiv(sent, 1_000_000L), Math.floorMod(sent, 1_000_000L)));
            TimedPing entry = new TimedPing(request, peerId, sent, clock);
            exchanges.add(entry.future.thenApply(entry::sample));
            send(List.of(Topics.peer(peerId)), entry, timeout, null);
        }
        return CompletableFuture.allOf(exchanges.toArray(CompletableFuture[]::new))
                .thenApply(done -> exchanges.stream()
                        .map(CompletableFuture::join)
                        .filter(java.util.Objects::nonNull)
                        .toList());
    }

    /**
     * Finds the live peers: PINGs every peer and collects replies for the given wait.
     *
     * @return the peers that answered, with their round-trip time
     */
    public List<PeerStatus> ping(Duration wait) throws TransportException {
        Instant now = Instant.now();
        Note request = Note.request(Command.PING, new Payload.Ping(now.getEpochSecond(), now.getNano() / 1_000));
        long sent = System.nanoTime();
        List<PeerStatus> peers = new ArrayList<>();
        Map<String, PeerInfo> answered = new HashMap<>();
        Pending entry = new Pending(request, 0, null) {
            @Override
            synchronized String add(Note reply) {
                PeerInfo first = answered.putIfAbsent(reply.sender().id(), reply.sender());
                if (first != null) {
                    if (first.equals(reply.sender())) {
                        return null;
                    }
                    // two peers claim one id: neither can be told from the other, so neither takes part
                    peers.removeIf(p -> p.peer().id().equals(first.id()));
                    return "a PING reply under the id of " + PeerNames.describe(first) + ", which answered too: "
                            + "neither takes part";
                }
                String refused = super.add(reply);
                if (refused == null && reply.command() == Command.PING) {
                    peers.add(new PeerStatus(reply.sender(), Duration.ofNanos(System.nanoTime() - sent)));
                }
                return refused;
            }
        };
        pending.put(request.header().correlationId(), entry);
        try {
            transport.publish(Topics.ALL_PEERS, NoteCodec.encode(request), Topics.REQUEST_QOS);
            Thread.sleep(wait.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            pending.remove(request.header().correlationId());
        }
        synchronized (entry) {
            return List.copyOf(peers);
        }
    }

    /** Publishes raw bytes to a topic (for tests of how peers take garbage). */
    public void publishRaw(String topic, byte[] bytes) throws TransportException {
        transport.publish(topic, bytes, Topics.REQUEST_QOS);
    }

    /** True while connected to the control broker. */
    public boolean isConnected() {
        return transport.isConnected();
    }

    /** The broker this client talks to. */
    public MqttEndpoint endpoint() {
        return transport.endpoint();
    }

    @Override
    public void close() {
        timers.shutdownNow();
        pending.values().forEach(Pending::finish);
        transport.close();
    }

    private void onReply(byte[] bytes) {
        Note note = decode(bytes, Topics.CLIENT);
        if (note == null) {
            return;
        }
        String correlation = note.header().correlationId();
        PeerInfo sender = note.sender();
        if (note.type() == NoteType.DATA) {
            Consumer<Note> listener = dataListeners.get(correlation);
            Pending entry = pending.get(correlation);
            if (listener == null || entry == null) {
                charge(sender);
                return;
            }
            if (!entry.asked(sender)) {
                refuse(sender, "DATA of " + note.payload() + " for a request that did not ask this peer");
                return;
            }
            try {
                listener.accept(note);
            } catch (RuntimeException e) {
                refuse(sender, "DATA " + note.payload() + " could not be taken: " + e);
            }
            return;
        }
        if (note.type() != NoteType.RESPONSE) {
            refuse(
                    sender,
                    note.type() + " " + note.command() + " on " + Topics.CLIENT + ", where only replies and "
                            + "DATA belong");
            return;
        }
        Pending entry = pending.get(correlation);
        if (entry != null && !entry.asked(sender)) {
            // a peer outside the set the request was for may answer a request sent to a topic it shares (an idle
            // peer of another test on /mpt/daemon): its reply is not counted, and not an offence
            LOG.debug(
                    "ignored a {} reply to {} from {}, which was not asked",
                    note.command(),
                    entry.request.command(),
                    PeerNames.describe(sender));
            charge(sender);
            return;
        }
        if (entry != null) {
            String refused = entry.add(note);
            if (refused != null) {
                refuse(sender, refused);
            }
            return;
        }
        charge(sender);
        if (note.command() == Command.PROTOCOL_ERROR) {
            LOG.warn("{} could not decode a note: {}", PeerNames.describe(sender), note.payload());
        }
    }

    private void onNotification(byte[] bytes) {
        Note note = decode(bytes, Topics.NOTIFICATIONS);
        if (note == null) {
            return;
        }
        if (note.type() != NoteType.NOTIFICATION) {
            refuse(
                    note.sender(),
                    note.type() + " " + note.command() + " on " + Topics.NOTIFICATIONS
                            + ", where only notifications belong");
            return;
        }
        charge(note.sender());
        if (floodGuard.isCutOff(note.sender().id())) {
            return;
        }
        for (Consumer<Note> listener : notificationListeners) {
            try {
                listener.accept(note);
            } catch (RuntimeException e) {
                LOG.error("notification listener failed on {}", note.command(), e);
            }
        }
    }

    /**
     * The note in the bytes received on the topic, or null when they are not a Maestro note (logged; a refusal when
     * the note named its sender) or come from a peer that was cut off.
     */
    private Note decode(byte[] bytes, String topic) {
        Note note;
        try {
            note = NoteCodec.decode(bytes);
        } catch (MalformedNoteException e) {
            if (e.sender().isPresent()) {
                refuse(e.sender().get(), e.getMessage());
            } else {
                LOG.warn("ignored {} bytes on {} that are not a Maestro note: {}", bytes.length, topic, e.getMessage());
            }
            return null;
        }
        if (note.sender() != null && floodGuard.isCutOff(note.sender().id())) {
            return null;
        }
        return note;
    }

    /** Counts a note the client did not ask for against its sender's flood limit; says so when it is cut off. */
    private void charge(PeerInfo sender) {
        if (sender != null && floodGuard.charge(sender.id())) {
            Refusal refusal = Refusal.cutOff(
                    sender,
                    "it sent more than " + floodGuard.limit() + " notes the client did not ask for within one second "
                            + "(the flood limit): it is cut off, every later note from it is ignored");
            LOG.warn("{}", refusal.describe());
            tell(refusal);
        }
    }

    /** Refuses a note from a (claimed) sender: logs it (the first ones of each peer) and tells the listeners. */
    private void refuse(PeerInfo sender, String reason) {
        if (sender == null) {
            LOG.warn("ignored a note that names no sender: {}", reason);
            return;
        }
        Refusal refusal = Refusal.of(sender, reason);
        long count = refusedBySender
                .computeIfAbsent(sender.id(), id -> new AtomicLong())
                .incrementAndGet();
        if (count <= 10 || count % 1000 == 0) {
            LOG.warn(
                    "{}{}",
                    refusal.describe(),
                    count == 10
                            ? " (further refusals of this peer are logged every " + "1000th)"
                            : count > 10 ? " (" + count + " refused so far)" : "");
        }
        tell(refusal);
        charge(sender);
    }

    private void tell(Refusal refusal) {
        for (Consumer<Refusal> listener : refusalListeners) {
            try {
                listener.accept(refusal);
            } catch (RuntimeException e) {
                LOG.error("refusal listener failed on {}", refusal.describe(), e);
            }
        }
    }

    /** A request waiting for its replies. */
    private static class Pending {
        final Note request;
        final int expected;
        final List<Note> replies = new ArrayList<>();
        final CompletableFuture<Replies> future = new CompletableFuture<>();

        final Set<String> from;

        Pending(Note request, int expected, Set<String> from) {
            this.request = request;
            this.expected = expected;
            this.from = from;
        }

        /** True when the request asked this peer (or anyone). */
        boolean asked(PeerInfo sender) {
            return from == null || (sender != null && from.contains(sender.id()));
        }

        /** Takes a reply; returns why it is refused (and not counted), or null when it was taken. */
        synchronized String add(Note reply) {
            if (!asked(reply.sender())) {
                return null;
            }
            Command command = reply.command();
            if (command != request.command()
                    && command != Command.OK
                    && command != Command.INTERNAL_ERROR
                    && command != Command.PROTOCOL_ERROR) {
                return "a " + command + " reply to " + request.command() + ", which is answered with "
                        + request.command() + ", OK or an error";
            }
            replies.add(reply);
            if (expected > 0 && replies.size() >= expected) {
                finish();
            }
            return null;
        }

        synchronized void finish() {
            future.complete(new Replies(request, replies, expected));
        }
    }

    /** A PING to one peer whose reply is stamped with the client's clock when it arrives. */
    private static final class TimedPing extends Pending {
        private final long sentMicros;
        private final MicroClock clock;
        private long arrivedMicros;

        TimedPing(Note request, String peerId, long sentMicros, MicroClock clock) {
            super(request, 1, Set.of(peerId));
            this.sentMicros = sentMicros;
            this.clock = clock;
        }

        @Override
        synchronized String add(Note reply) {
            long now = clock.nowMicros();
            if (asked(reply.sender()) && reply.payload() instanceof Payload.PingReply answer) {
                Payload.Ping ping = (Payload.Ping) request.payload();
                String refused = PingSample.refusal(
                        ping.seconds(), ping.micros(), answer.seconds(), answer.micros(), answer.elapsedMicros());
                if (refused != null) {
                    finish(); // the peer answered, falsely: no need to wait for the timeout
                    return refused;
                }
                arrivedMicros = now;
            }
            return super.add(reply);
        }

        /** The exchange, or null when no PING reply was taken. */
        synchronized PingSample sample(Replies replies) {
            for (Note reply : replies.notes()) {
                if (reply.payload() instanceof Payload.PingReply answer) {
                    return new PingSample(reply.sender(), sentMicros, arrivedMicros, answer.elapsedMicros());
                }
            }
            return null;
        }
    }
}

package org.maestro.common.client;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.MalformedNoteException;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteCodec;
import org.maestro.common.protocol.NoteType;
import org.maestro.common.protocol.Payload;
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
    private final ScheduledExecutorService timers = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "maestro-client-timers");
        thread.setDaemon(true);
        return thread;
    });

    private ControlClient(MqttTransport transport) {
        this.transport = transport;
    }

    /** Connects to the control broker and subscribes to replies and notifications. */
    public static ControlClient connect(MqttEndpoint endpoint) throws TransportException {
        MqttTransport transport =
                MqttTransport.connect(endpoint, MqttTransport.Options.of("maestro-client-" + UUID.randomUUID()));
        ControlClient client = new ControlClient(transport);
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
    public CompletableFuture<Replies> requestFrom(
            String topic, Note request, java.util.Set<String> peerIds, Duration timeout) {
        return request(topic, request, peerIds.size(), timeout, null, java.util.Set.copyOf(peerIds));
    }

    /**
     * Sends a request to each of the given peers on its own topic ({@code /mpt/peer/<id>}), so that no other peer
     * gets it, and collects their replies until each answered or the timeout passed.
     */
    public CompletableFuture<Replies> requestEach(java.util.Set<String> peerIds, Note request, Duration timeout) {
        java.util.Set<String> peers = java.util.Set.copyOf(peerIds);
        return request(peers.stream().map(Topics::peer).toList(), request, peers.size(), timeout, null, peers);
    }

    private CompletableFuture<Replies> request(
            String topic,
            Note request,
            int expected,
            Duration timeout,
            Consumer<Note> dataListener,
            java.util.Set<String> from) {
        return request(List.of(topic), request, expected, timeout, dataListener, from);
    }

    private CompletableFuture<Replies> request(
            List<String> topics,
            Note request,
            int expected,
            Duration timeout,
            Consumer<Note> dataListener,
            java.util.Set<String> from) {
        String correlation = request.header().correlationId();
        Pending entry = new Pending(request, expected, from);
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
        return entry.future;
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
        Pending entry = new Pending(request, 0, null) {
            @Override
            synchronized void add(Note reply) {
                super.add(reply);
                if (reply.command() == Command.PING) {
                    peers.add(new PeerStatus(reply.sender(), Duration.ofNanos(System.nanoTime() - sent)));
                }
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
        if (note.type() == NoteType.DATA) {
            Consumer<Note> listener = dataListeners.get(correlation);
            if (listener != null) {
                listener.accept(note);
            }
            return;
        }
        if (note.type() != NoteType.RESPONSE) {
            return;
        }
        Pending entry = pending.get(correlation);
        if (entry != null) {
            entry.add(note);
        } else if (note.command() == Command.PROTOCOL_ERROR) {
            LOG.warn("{} could not decode a note: {}", note.sender().qualifiedName(), note.payload());
        }
    }

    private void onNotification(byte[] bytes) {
        Note note = decode(bytes, Topics.NOTIFICATIONS);
        if (note == null) {
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

    /** The note in the bytes received on the topic, or null (logged) when they are not a Maestro note. */
    private static Note decode(byte[] bytes, String topic) {
        try {
            return NoteCodec.decode(bytes);
        } catch (MalformedNoteException e) {
            LOG.warn("ignored {} bytes on {} that are not a Maestro note: {}", bytes.length, topic, e.getMessage());
            return null;
        }
    }

    /** A request waiting for its replies. */
    private static class Pending {
        final Note request;
        final int expected;
        final List<Note> replies = new ArrayList<>();
        final CompletableFuture<Replies> future = new CompletableFuture<>();

        final java.util.Set<String> from;

        Pending(Note request, int expected, java.util.Set<String> from) {
            this.request = request;
            this.expected = expected;
            this.from = from;
        }

        synchronized void add(Note reply) {
            if (from != null
                    && (reply.sender() == null || !from.contains(reply.sender().id()))) {
                return;
            }
            replies.add(reply);
            if (expected > 0 && replies.size() >= expected) {
                finish();
            }
        }

        synchronized void finish() {
            future.complete(new Replies(request, replies, expected));
        }
    }
}

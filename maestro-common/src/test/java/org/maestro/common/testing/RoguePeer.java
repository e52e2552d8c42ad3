package org.maestro.common.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.eclipse.paho.client.mqttv3.IMqttDeliveryToken;
import org.eclipse.paho.client.mqttv3.MqttAsyncClient;
import org.eclipse.paho.client.mqttv3.MqttCallback;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.MqttMessage;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.MalformedNoteException;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteCodec;
import org.maestro.common.protocol.NoteHeader;
import org.maestro.common.protocol.NoteType;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;

/**
 * A fake peer for tests of how the client takes hostile peers: it speaks the protocol over a real control broker and
 * lies as it is told to. It claims any identity (a name such as {@code /etc} that no real peer may have), answers the
 * requests it sees with OK (PING with a PING reply, STATS with figures, LOG with the chunks it was given, however
 * false their counts), and can answer a request with other bytes (e.g. a PING reply carrying a STATS payload), send
 * DATA or replies for another peer's request, spoof notifications and flood a topic. Requests are answered on a
 * thread of its own, never on the MQTT client's.
 *
 * <pre>{@code
 * try (RoguePeer rogue = RoguePeer.connect(url, RoguePeer.identity("/etc", "h", "receiver"))) {
 *     rogue.shipOnLog(List.of(RoguePeer.chunk("owned.txt", "x")));
 *     // run a test: the client must refuse the rogue, naming it
 * }
 * }</pre>
 */
public final class RoguePeer implements AutoCloseable {
    private final MqttAsyncClient client;
    private final PeerInfo identity;
    private final ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
        Thread thread = new Thread(r, "rogue-peer");
        thread.setDaemon(true);
        return thread;
    });
    private final Map<Command, Function<Note, List<byte[]>>> answers = new ConcurrentHashMap<>();
    private final List<Note> requests = new CopyOnWriteArrayList<>();
    private final List<Note> seenOnClientTopic = new CopyOnWriteArrayList<>();
    private volatile List<Payload.Chunk> files = List.of();
    private volatile boolean answerPing = true;
    private volatile boolean answerOthers = true;
    private volatile boolean answerEveryone;

    private RoguePeer(MqttAsyncClient client, PeerInfo identity) {
        this.client = client;
        this.identity = identity;
    }

    /** An identity of any kind, unchecked: a fresh id, and name, host and role as given. */
    public static PeerInfo identity(String name, String host, String role) {
        return new PeerInfo(UUID.randomUUID().toString(), name, host, role);
    }

    /**
     * Connects to the control broker as a peer of the given identity and listens where a peer of its role listens
     * ({@code /mpt/daemon}, {@code /mpt/daemon/<role>}, {@code /mpt/peer/<id>}), and on every other role's and peer's
     * topic and the client's, to see the requests and replies of others; it answers every request it sees.
     */
    public static RoguePeer connect(String brokerUrl, PeerInfo identity) throws MqttException {
        MqttAsyncClient client = new MqttAsyncClient(
                MqttEndpoint.parse(brokerUrl).pahoUri(), "rogue-" + UUID.randomUUID(), new MemoryPersistence());
        RoguePeer rogue = new RoguePeer(client, identity);
        client.setCallback(new MqttCallback() {
            @Override
            public void connectionLost(Throwable cause) {
                // a test's rogue lives as long as its test; a lost connection shows as unanswered requests
            }

            @Override
            public void messageArrived(String topic, MqttMessage message) {
                if (topic.equals(Topics.CLIENT)) {
                    rogue.onClientTopic(message.getPayload());
                } else {
                    rogue.onRequest(topic, message.getPayload());
                }
            }

            @Override
            public void deliveryComplete(IMqttDeliveryToken token) {
                // publish waits for completion
            }
        });
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(true);
        options.setMaxInflight(65535);
        client.connect(options).waitForCompletion(10_000);
        client.subscribe(
                        new String[] {Topics.ALL_PEERS + "/#", Topics.peer("#"), Topics.CLIENT},
                        new int[] {Topics.REQUEST_QOS, Topics.REQUEST_QOS, Topics.REQUEST_QOS})
                .waitForCompletion(10_000);
        return rogue;
    }

    /** The identity this peer claims. */
    public PeerInfo identity() {
        return identity;
    }

    /** Whether it answers PING (it does by default): without it, it is not one of a test's peers. */
    public RoguePeer answerPing(boolean answer) {
        this.answerPing = answer;
        return this;
    }

    /** Whether it answers the requests other than PING (and those set with {@link #answer}) with OK or figures. */
    public RoguePeer answerOthers(boolean answer) {
        this.answerOthers = answer;
        return this;
    }

    /**
     * Whether it also answers the requests meant for other roles and peers, as itself (it does not by default): its
     * replies and DATA then answer requests that did not ask it.
     */
    public RoguePeer answerEveryone(boolean answer) {
        this.answerEveryone = answer;
        return this;
    }

    /** The chunks it ships when asked for its files (LOG), as given: names, counts, sizes and checksums unchecked. */
    public RoguePeer shipOnLog(List<Payload.Chunk> chunks) {
        this.files = List.copyOf(chunks);
        return this;
    }

    /** Answers a request command with the notes {@code answer} makes of the request (raw bytes: they may lie). */
    public RoguePeer answer(Command command, Function<Note, List<byte[]>> answer) {
        answers.put(command, answer);
        return this;
    }

    /** The requests it saw, on any peer's topic. */
    public List<Note> requests() {
        return List.copyOf(requests);
    }

    /** The replies and data other peers sent the client, as it saw them. */
    public List<Note> seenOnClientTopic() {
        return List.copyOf(seenOnClientTopic);
    }

    /** A chunk of a one-chunk file with the right checksum and size. */
    public static Payload.Chunk chunk(String file, String text) {
        byte[] data = text.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        return new Payload.Chunk(
                file, 0, 1, org.maestro.common.peer.ResultShipper.sha256(List.of(data)), data, data.length);
    }

    /** A reply from this peer to a request, encoded. */
    public byte[] reply(Note request, Command command, Payload payload) {
        return NoteCodec.encode(request.reply(command, payload, identity));
    }

    /** A DATA note from a peer (this one, or one it pretends to be) in answer to a request, encoded. */
    public static byte[] data(Note request, PeerInfo from, Payload.Chunk chunk) {
        return NoteCodec.encode(new Note(
                NoteType.DATA,
                Command.LOG,
                new NoteHeader(
                        request.header().correlationId(), UUID.randomUUID().toString(), from),
                chunk));
    }

    /** A notification claiming to come from {@code from} (any peer), encoded. */
    public static byte[] notification(Command command, Payload payload, PeerInfo from) {
        return NoteCodec.encode(Note.notification(command, payload, from, null));
    }

    /**
     * The same encoded note with another command code: a note whose payload is of another layout than its command
     * calls for (a PING reply carrying a STATS payload). Both codes must be below 128 (one byte in MessagePack).
     */
    public static byte[] withCommand(byte[] note, Command command) {
        if (command.code() >= 128 || note[1] < 0) {
            throw new IllegalArgumentException("only commands of one-byte codes can be swapped: " + command);
        }
        byte[] swapped = note.clone();
        swapped[1] = (byte) command.code();
        return swapped;
    }

    /** Publishes bytes on a topic (QoS 1), as a peer would, and waits until the broker has them. */
    public void publish(String topic, byte[] bytes) throws MqttException {
        client.publish(topic, bytes, Topics.REQUEST_QOS, false).waitForCompletion(10_000);
    }

    /**
     * Publishes the same bytes {@code count} times as fast as the broker takes them (QoS 1, many in flight), and
     * waits until the broker has them all.
     */
    public void flood(String topic, byte[] bytes, int count) throws MqttException {
        List<IMqttDeliveryToken> sent = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            sent.add(client.publish(topic, bytes, Topics.REQUEST_QOS, false));
        }
        for (IMqttDeliveryToken token : sent) {
            token.waitForCompletion(10_000);
        }
    }

    @Override
    public void close() {
        worker.shutdownNow();
        try {
            worker.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            client.disconnect(1000).waitForCompletion(2000);
        } catch (MqttException e) {
            // already gone
        }
        try {
            client.close(true);
        } catch (MqttException e) {
            // already closed
        }
    }

    private void onClientTopic(byte[] bytes) {
        try {
            seenOnClientTopic.add(NoteCodec.decode(bytes));
        } catch (MalformedNoteException e) {
            // another rogue's bytes, or its own lies: nothing to learn from them
        }
    }

    private void onRequest(String topic, byte[] bytes) {
        Note request;
        try {
            request = NoteCodec.decode(bytes);
        } catch (MalformedNoteException e) {
            return;
        }
        if (request.type() != NoteType.REQUEST) {
            return;
        }
        requests.add(request);
        boolean mine = topic.equals(Topics.ALL_PEERS)
                || topic.equals(Topics.ALL_PEERS + "/" + identity.role())
                || topic.equals(Topics.peer(identity.id()));
        if (mine || answerEveryone) {
            worker.execute(() -> answer(request));
        }
    }

    private void answer(Note request) {
        try {
            for (byte[] note : answersTo(request)) {
                publish(Topics.CLIENT, note);
            }
        } catch (MqttException e) {
            throw new IllegalStateException("the rogue peer cannot publish: " + e.getMessage(), e);
        }
    }

    private List<byte[]> answersTo(Note request) {
        Function<Note, List<byte[]>> custom = answers.get(request.command());
        if (custom != null) {
            return custom.apply(request);
        }
        if (request.command() == Command.PING) {
            if (!answerPing) {
                return List.of();
            }
            Payload.Ping ping = (Payload.Ping) request.payload();
            return List.of(reply(request, Command.PING, new Payload.PingReply(ping.seconds(), ping.micros(), 100)));
        }
        if (!answerOthers) {
            return List.of();
        }
        List<byte[]> notes = new ArrayList<>();
        switch (request.command()) {
            case STATS -> notes.add(reply(request, Command.STATS, new Payload.Stats(identity.role(), 0, 0, 0.0, 0, 0)));
            case GET -> notes.add(reply(request, Command.GET, new Payload.Notice("idle", Map.of("busy", "false"))));
            case LOG -> {
                for (Payload.Chunk chunk : files) {
                    notes.add(data(request, identity, chunk));
                }
                notes.add(reply(request, Command.OK, Payload.Empty.INSTANCE));
            }
            default -> notes.add(reply(request, Command.OK, Payload.Empty.INSTANCE));
        }
        return notes;
    }
}

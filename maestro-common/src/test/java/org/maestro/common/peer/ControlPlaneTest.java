package org.maestro.common.peer;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.testing.ProbeRole;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.testing.MosquittoProcess;

/** The control plane over a real broker: a Mosquitto process, and the embedded Artemis MQTT acceptor. */
class ControlPlaneTest {
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path results;

    private final List<AutoCloseable> resources = new ArrayList<>();
    private String url;
    private List<Peer> peers;
    private ControlClient client;

    @AfterEach
    void tearDown() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    private String startBroker(String kind) throws Exception {
        if (kind.equals("mosquitto")) {
            MosquittoProcess mosquitto = MosquittoProcess.start();
            resources.add(mosquitto);
            return mosquitto.url();
        }
        EmbeddedArtemis artemis = EmbeddedArtemis.builder()
                .mqtt()
                .name("control-" + System.nanoTime())
                .withoutJmx()
                .start();
        resources.add(artemis);
        return artemis.mqttUrl();
    }

    private List<Peer> startPeers(String url, int count) throws Exception {
        List<Peer> peers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Peer peer = Peer.start(
                    PeerConfig.of(MqttEndpoint.parse(url), "probe-" + i, results), new ProbeRole(Role.SENDER));
            resources.add(peer);
            peers.add(peer);
        }
        return peers;
    }

    /** Starts a broker of this kind, {@code count} probe peers on it, then the control client; the first peer. */
    private Peer start(String broker, int count) throws Exception {
        url = startBroker(broker);
        peers = startPeers(url, count);
        client = ControlClient.connect(MqttEndpoint.parse(url));
        resources.add(client);
        return peers.get(0);
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto", "embedded"})
    void clientDiscoversThreePeersSetsOptionsOnAllAndHaltsThem(String broker) throws Exception {
        start(broker, 3);

        List<PeerStatus> found = client.ping(Duration.ofSeconds(2));
        assertEquals(
                peers.stream().map(p -> p.info().id()).collect(Collectors.toSet()),
                found.stream().map(s -> s.peer().id()).collect(Collectors.toSet()));
        assertTrue(found.stream().allMatch(s -> s.roundTrip().toMillis() < 2000));

        Replies set = set(Topics.ALL_PEERS, OptionCode.RATE.code(), "1000", 3);
        assertTrue(set.allOk(), set.describeErrors());
        assertEquals(3, set.notes().size());
        for (Peer peer : peers) {
            assertEquals(1000, peer.options().rate());
        }

        Replies get = request(Topics.peer(peers.get(1).info().id()), Note.request(Command.GET), 1);
        Payload.Notice info = (Payload.Notice) get.notes().get(0).payload();
        assertEquals("1000", info.details().get("option.RATE"));
        assertEquals("probe-1", info.details().get("name"));

        Replies halt = request(Topics.ALL_PEERS, Note.request(Command.HALT), 3);
        assertTrue(halt.allOk(), halt.describeErrors());
        for (Peer peer : peers) {
            assertTrue(peer.awaitHalt(Duration.ofSeconds(10)), peer.info().name() + " halted");
            assertTrue(((ProbeRole) peer.behaviour()).halted);
        }
        assertTrue(client.ping(Duration.ofSeconds(1)).isEmpty(), "no peer answers after HALT");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto", "embedded"})
    void aPeerWhoseConnectionDiesIsReportedByItsLastWill(String broker) throws Exception {
        Peer victim = start(broker, 1);
        CompletableFuture<Note> will = new CompletableFuture<>();
        client.onNotification(note -> {
            if (note.command() == Command.ABNORMAL_DISCONNECT) {
                will.complete(note);
            }
        });

        victim.crashConnection();

        Note note = will.get(20, TimeUnit.SECONDS);
        assertEquals(victim.info(), note.sender());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto", "embedded"})
    void garbageIsAnsweredWithProtocolErrorAndThePeerKeepsServing(String broker) throws Exception {
        Peer peer = start(broker, 1);
        CompletableFuture<Note> protocolError = new CompletableFuture<>();
        // PROTOCOL_ERROR replies carry no usable correlation id: listen to the client topic directly
        Random random = new Random(42);
        List<byte[]> garbage = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            byte[] bytes = new byte[1 + random.nextInt(200)];
            random.nextBytes(bytes);
            garbage.add(bytes);
        }
        garbage.add("hello".getBytes(StandardCharsets.UTF_8));
        try (var raw = org.maestro.common.transport.MqttTransport.connect(
                MqttEndpoint.parse(url), org.maestro.common.transport.MqttTransport.Options.of("raw-listener"))) {
            raw.subscribe(Topics.CLIENT, Topics.REQUEST_QOS, (topic, bytes) -> {
                try {
                    Note reply = org.maestro.common.protocol.NoteCodec.decode(bytes);
                    if (reply.command() == Command.PROTOCOL_ERROR) {
                        protocolError.complete(reply);
                    }
                } catch (Exception ignored) {
                    // not ours
                }
            });
            for (byte[] bytes : garbage) {
                client.publishRaw(Topics.peer(peer.info().id()), bytes);
            }
            Note reply = protocolError.get(15, TimeUnit.SECONDS);
            assertEquals(peer.info(), reply.sender());
            assertTrue(((Payload.Text) reply.payload()).text().startsWith("cannot decode the note"));
        }

        List<PeerStatus> alive = client.ping(Duration.ofSeconds(2));
        assertEquals(1, alive.size(), "the peer still answers PING after garbage");
        assertFalse(peer.isHalted());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto"})
    void invalidOptionValuesAreRefusedNamingTheOptionAndItsForms(String broker) throws Exception {
        Peer peer = start(broker, 1);

        String size = errorOf(peer, OptionCode.MESSAGE_SIZE.code(), "abc");
        assertTrue(size.contains("MESSAGE_SIZE=abc"), size);
        assertTrue(size.contains("~256"), size);

        String duration = errorOf(peer, OptionCode.DURATION.code(), "5x");
        assertTrue(duration.contains("TEST_DURATION=5x"), duration);
        assertTrue(duration.contains("1h30m"), duration);

        String unknown = errorOf(peer, 999, "1");
        assertTrue(unknown.contains("unknown option code 999"), unknown);
        assertTrue(unknown.contains("4 (MESSAGE_SIZE)"), unknown);

        String roleRule = errorOf(peer, OptionCode.PARALLEL_COUNT.code(), "500");
        assertTrue(roleRule.contains("at most 100 connections"), roleRule);
        assertTrue(roleRule.startsWith("PARALLEL_COUNT: "), roleRule);

        String named = errorOf(peer, OptionCode.BROKER.code(), "amqp://h:5672/probe-refuses");
        assertEquals("SEND_RECEIVE_URL: the probe refuses this URL", named, "a role that names the parameter");

        assertEquals(TestOptionsDefaults.RATE, peer.options().rate(), "refused values are not kept");
        Replies good = set(Topics.peer(peer.info().id()), OptionCode.MESSAGE_SIZE.code(), "~512", 1);
        assertTrue(good.allOk(), good.describeErrors());
        assertEquals(512, peer.options().messageSize().bytes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto"})
    void roleCommandsReachTheRoleAndForeignCommandsAreRefusedOnlyWhenAddressed(String broker) throws Exception {
        Peer peer = start(broker, 1);

        Replies start = request(Topics.role(Role.SENDER), Note.request(Command.START_SENDER), 1);
        assertTrue(start.allOk(), start.describeErrors());
        assertEquals(List.of(Command.START_SENDER), ((ProbeRole) peer.behaviour()).handled);

        Replies broadcast = client.request(
                        Topics.ALL_PEERS, Note.request(Command.START_RECEIVER), 1, Duration.ofSeconds(2))
                .get(15, TimeUnit.SECONDS);
        assertTrue(broadcast.notes().isEmpty(), "a broadcast role command of another role is ignored");

        Replies direct = request(Topics.peer(peer.info().id()), Note.request(Command.START_RECEIVER), 1);
        assertEquals(Command.INTERNAL_ERROR, direct.notes().get(0).command());
        assertTrue(direct.describeErrors().contains("does not handle START_RECEIVER"), direct.describeErrors());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto"})
    void resultFilesAreShippedInChecksummedChunks(String broker) throws Exception {
        Peer peer = start(broker, 1);
        Path directory =
                results.resolve("test").resolve("0").resolve(peer.info().qualifiedName());
        Files.createDirectories(directory.resolve("sub"));
        byte[] big = new byte[ResultShipper.CHUNK_BYTES * 2 + 17];
        new Random(7).nextBytes(big);
        Files.write(directory.resolve("big.bin"), big);
        Files.writeString(directory.resolve("sub/small.txt"), "small");

        List<Payload.Chunk> chunks = new java.util.concurrent.CopyOnWriteArrayList<>();
        Replies log = client.request(
                        Topics.peer(peer.info().id()),
                        Note.request(Command.LOG),
                        1,
                        REPLY_TIMEOUT,
                        note -> chunks.add((Payload.Chunk) note.payload()))
                .get(30, TimeUnit.SECONDS);

        assertTrue(log.allOk(), log.describeErrors());
        assertEquals(
                Set.of("big.bin", "sub/small.txt"),
                chunks.stream().map(Payload.Chunk::file).collect(Collectors.toSet()));
        List<byte[]> parts = chunks.stream()
                .filter(c -> c.file().equals("big.bin"))
                .map(Payload.Chunk::data)
                .toList();
        assertEquals(3, parts.size());
        assertEquals(ResultShipper.sha256(directory.resolve("big.bin")), ResultShipper.sha256(parts));
        assertEquals(1, ((ProbeRole) peer.behaviour()).flushes, "LOG flushes before shipping");
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto"})
    void aRequestToAllPeersCanCountOnlyTheRepliesOfChosenPeers(String broker) throws Exception {
        start(broker, 3);
        Set<String> chosen =
                Set.of(peers.get(0).info().id(), peers.get(2).info().id());

        Replies replies = client.requestFrom(
                        Topics.ALL_PEERS,
                        Note.request(Command.SET, new Payload.SetOption(OptionCode.RATE.code(), "7")),
                        chosen,
                        REPLY_TIMEOUT)
                .get(15, TimeUnit.SECONDS);

        assertTrue(replies.allOk(), replies.describeErrors());
        assertEquals(
                chosen,
                replies.notes().stream().map(n -> n.sender().id()).collect(Collectors.toSet()),
                "the third peer's reply neither fills the count nor is listed");
        await().atMost(Duration.ofSeconds(30))
                .untilAsserted(
                        () -> assertEquals(7, peers.get(1).options().rate(), "the request still reached every peer"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mosquitto"})
    void resetDropsEveryOptionAndIsRefusedWhileTheRoleRunsATest(String broker) throws Exception {
        Peer peer = start(broker, 2);
        Peer bystander = peers.get(1);
        ProbeRole role = (ProbeRole) peer.behaviour();
        String topic = Topics.peer(peer.info().id());
        Replies both = set(Topics.ALL_PEERS, OptionCode.TEST_NAME.code(), "other", 2);
        assertTrue(both.allOk(), both.describeErrors());
        for (OptionCode option : List.of(OptionCode.RATE, OptionCode.PARALLEL_COUNT, OptionCode.SEND_URL)) {
            String value = option == OptionCode.SEND_URL ? "amqp://router.example:5672/q" : "7";
            Replies set = set(topic, option.code(), value, 1);
            assertTrue(set.allOk(), set.describeErrors());
        }
        assertEquals(4, peer.options().values().size(), peer.options().toString());

        Replies start = request(topic, Note.request(Command.START_SENDER), 1);
        assertTrue(start.allOk(), start.describeErrors());
        Replies refused = request(topic, Note.request(Command.RESET), 1);
        assertEquals(Command.INTERNAL_ERROR, refused.notes().get(0).command());
        Payload.Error busy = (Payload.Error) refused.notes().get(0).payload();
        assertEquals(ErrorCodes.BUSY, busy.code());
        assertTrue(busy.message().contains("cannot reset the options of probe-0@"), busy.message());
        assertTrue(busy.message().contains("it still runs test 'other'"), busy.message());
        assertTrue(busy.message().contains("wait for that test to end"), busy.message());
        assertEquals(4, peer.options().values().size(), "a refused RESET keeps the options of the running test");
        assertEquals(0, role.resets, "a refused RESET leaves the role alone");

        Replies stop = request(topic, Note.request(Command.STOP_SENDER), 1);
        assertTrue(stop.allOk(), stop.describeErrors());
        Replies reset = client.requestEach(Set.of(peer.info().id()), Note.request(Command.RESET), REPLY_TIMEOUT)
                .get(15, TimeUnit.SECONDS);

        assertTrue(reset.allOk(), reset.describeErrors());
        assertEquals(
                List.of(Command.OK), reset.notes().stream().map(Note::command).toList());
        assertEquals(org.maestro.common.options.TestOptions.DEFAULTS, peer.options());
        assertEquals("other", bystander.options().testName(), "a peer not asked keeps its options");
        assertEquals(0, ((ProbeRole) bystander.behaviour()).resets);
        assertEquals(1, role.resets, "the role forgets its last test too");
        Replies get = request(topic, Note.request(Command.GET), 1);
        Map<String, String> details = ((Payload.Notice) get.notes().get(0).payload()).details();
        assertTrue(
                details.keySet().stream().noneMatch(k -> k.startsWith("option.")),
                "GET lists no option after RESET: " + details);
    }

    /** Sends a request and waits for {@code expected} replies, or the reply timeout. */
    private Replies request(String topic, Note request, int expected) throws Exception {
        return client.request(topic, request, expected, REPLY_TIMEOUT).get(15, TimeUnit.SECONDS);
    }

    /** Sets one option on the peers of {@code topic} and waits for {@code expected} replies. */
    private Replies set(String topic, long option, String value, int expected) throws Exception {
        return request(topic, Note.request(Command.SET, new Payload.SetOption(option, value)), expected);
    }

    private String errorOf(Peer peer, long option, String value) throws Exception {
        Replies replies = set(Topics.peer(peer.info().id()), option, value, 1);
        assertEquals(1, replies.notes().size());
        assertEquals(Command.INTERNAL_ERROR, replies.notes().get(0).command());
        Payload.Error error = (Payload.Error) replies.notes().get(0).payload();
        assertEquals(ErrorCodes.INVALID_OPTION, error.code());
        return error.message();
    }

    private static final class TestOptionsDefaults {
        static final int RATE = 0;
    }
}

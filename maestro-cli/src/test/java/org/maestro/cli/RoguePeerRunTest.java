package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.api.CollectLimits;
import org.maestro.client.api.NoteTaker;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.api.TestResult;
import org.maestro.client.api.TestRunner;
import org.maestro.common.client.ControlClient;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.ResultShipper;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.PeerNames;
import org.maestro.common.testing.RoguePeer;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.read.ClockReadings;
import org.maestro.reporter.read.Roster;
import org.maestro.testing.MosquittoProcess;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * Hostile peers on the control broker of a real test: a real Mosquitto, an Artemis SUT, an honest sender and receiver
 * and the real client, with a {@link RoguePeer} that lies in one way per case. Each lie is refused, the refusal names
 * the rogue (escaped) and the rule in the progress output and in the report's warnings, and the honest peers' results
 * are intact.
 */
class RoguePeerRunTest {
    /** Low enough that the flood case crosses it at once on a loaded machine; far above what an honest peer sends. */
    private static final int FLOOD_LIMIT = 200;

    private static MosquittoProcess mosquitto;
    private static EmbeddedArtemis sut;
    private static Path staging;
    private static Peer sender;
    private static Peer receiver;
    private static ControlClient client;

    @TempDir
    Path results;

    private final List<String> notes = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startCluster() throws Exception {
        mosquitto = MosquittoProcess.start();
        sut = EmbeddedArtemis.builder().amqp().name("rogue-sut").withoutJmx().start();
        staging = Files.createTempDirectory("maestro-rogue-peers-");
        MqttEndpoint control = MqttEndpoint.parse(mosquitto.url());
        sender = Peer.start(
                new PeerConfig(control, "sender-rg", "localhost", staging, Duration.ofSeconds(10)),
                SenderRole.builder().build());
        receiver = Peer.start(
                new PeerConfig(control, "receiver-rg", "localhost", staging, Duration.ofSeconds(10)),
                ReceiverRole.builder().build());
        client = ControlClient.connect(control, FLOOD_LIMIT);
    }

    @AfterAll
    static void stopCluster() throws Exception {
        for (AutoCloseable resource : new AutoCloseable[] {client, sender, receiver, sut, mosquitto}) {
            if (resource != null) {
                resource.close();
            }
        }
        if (staging != null) {
            org.maestro.common.peer.RunFiles.delete(staging);
        }
    }

    /**
     * Five rogues around one honest test: one named like an absolute path that ships {@code owned.txt}, one whose
     * PING reply carries a STATS payload, one that answers every request as itself and ships {@code evil.txt} for the
     * honest peers' LOG requests, one that spoofs a last will and a failure for the honest receiver's id from another
     * host, and one that floods the client with notifications. None of them joins or disturbs the test.
     */
    @Test
    void hostilePeersAroundATestAreRefusedNamedAndLeaveItsResultsIntact() throws Exception {
        Path outside = results.getParent().resolve(results.getFileName() + "-outside");
        PeerInfo absolute = RoguePeer.identity(outside.toString(), "h", "receiver");
        PeerInfo mistyped = RoguePeer.identity("sender-mistyped", "localhost", "sender");
        PeerInfo eavesdropper = RoguePeer.identity("eavesdropper", "localhost", "receiver");
        PeerInfo spoofer = RoguePeer.identity("spoofer", "localhost", "receiver");
        PeerInfo flooder = RoguePeer.identity("flooder", "localhost", "receiver");
        try (RoguePeer absoluteRogue = RoguePeer.connect(mosquitto.url(), absolute);
                RoguePeer mistypedRogue = RoguePeer.connect(mosquitto.url(), mistyped);
                RoguePeer eavesdropperRogue = RoguePeer.connect(mosquitto.url(), eavesdropper);
                RoguePeer spooferRogue = RoguePeer.connect(mosquitto.url(), spoofer);
                RoguePeer flooderRogue = RoguePeer.connect(mosquitto.url(), flooder)) {
            absoluteRogue.shipOnLog(List.of(RoguePeer.chunk("owned.txt", "owned")));
            mistypedRogue.answer(
                    Command.PING,
                    request -> List.of(RoguePeer.withCommand(
                            mistypedRogue.reply(request, Command.STATS, new Payload.Stats("sender", 0, 0, 0.0, 0, 0)),
                            Command.PING)));
            eavesdropperRogue
                    .answerPing(false)
                    .answerEveryone(true)
                    .shipOnLog(List.of(RoguePeer.chunk("evil.txt", "planted")));
            // a peer outside the test hears the statistics polls to its role, not the starts (sent to each test peer)
            AtomicBoolean spoofed = new AtomicBoolean();
            spooferRogue.answerPing(false).answer(Command.STATS, request -> {
                if (spoofed.getAndSet(true)) {
                    return List.of();
                }
                PeerInfo victim = receiver.info();
                PeerInfo impostor = new PeerInfo(victim.id(), victim.name(), "evil-host", victim.role());
                publish(
                        spooferRogue,
                        RoguePeer.notification(Command.ABNORMAL_DISCONNECT, Payload.Empty.INSTANCE, impostor),
                        RoguePeer.notification(
                                Command.NOTIFY_FAIL, new Payload.Notice("planted failure", Map.of()), impostor));
                return List.of();
            });
            byte[] noise =
                    RoguePeer.notification(Command.NOTIFY_SUCCESS, new Payload.Notice("noise", Map.of()), flooder);
            AtomicBoolean flooded = new AtomicBoolean();
            flooderRogue.answerPing(false).answer(Command.STATS, request -> {
                if (flooded.getAndSet(true)) {
                    return List.of();
                }
                try {
                    flooderRogue.flood(Topics.NOTIFICATIONS, noise, 5 * FLOOD_LIMIT);
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                return List.of();
            });

            TestResult result = run("hostile");

            assertHonestRun(result);
            assertFalse(Files.exists(Path.of(outside + "@h", "owned.txt")), "nothing was written outside the results");
            assertFalse(Files.exists(Path.of(outside + "@h")));
            try (Stream<Path> files = Files.walk(result.directory())) {
                assertTrue(files.noneMatch(p -> p.getFileName().toString().equals("evil.txt")), "no planted file");
            }
            assertRefused(result, PeerNames.escape(absolute.name()), "breaks the rule");
            assertRefused(result, "\"sender-mistyped\"", "does not carry a PING_REPLY payload");
            assertRefused(
                    result,
                    "\"eavesdropper\"",
                    "DATA of Chunk[evil.txt 1/1, 7 bytes] for a request that did " + "not ask this peer");
            assertRefused(
                    result,
                    "\"evil-host\"",
                    "ABNORMAL_DISCONNECT notification that claims the id of " + "receiver-rg@localhost");
            assertRefused(result, "\"evil-host\"", "NOTIFY_FAIL notification that claims the id of");
            assertRefused(result, "\"flooder\"", "flood limit): it is cut off");
            assertTrue(client.isCutOff(flooder.id()));
        }
    }

    @Test
    void aChunkCountOfTwoBillionIsRefusedWithoutAllocatingForIt() throws Exception {
        PeerInfo liar = RoguePeer.identity("receiver-liar", "localhost", "receiver");
        try (RoguePeer rogue = RoguePeer.connect(mosquitto.url(), liar)) {
            byte[] data = "ten bytes!".getBytes(java.nio.charset.StandardCharsets.UTF_8);
            String sha = ResultShipper.sha256(List.of(data));
            rogue.shipOnLog(List.of(
                    new Payload.Chunk(
                            "big.bin", 0, 2_000_000_000, sha, data, 2_000_000_000L * ResultShipper.CHUNK_BYTES),
                    new Payload.Chunk("lie.bin", 0, 5, sha, data, data.length),
                    RoguePeer.chunk("small.txt", "kept")));
            finishOnDrain(rogue);

            TestResult result = run("chunk-count");

            assertFalse(result.passed(), "a receiver of the test lost files to a limit: " + result.reason());
            assertTrue(
                    result.reason().contains("receiver-liar@localhost")
                            && result.reason().contains("per-file limit of " + CollectLimits.DEFAULTS.maxFileBytes()),
                    result.reason());
            Path liarFiles = result.directory().resolve("receiver-liar@localhost");
            assertFalse(Files.exists(liarFiles.resolve("big.bin")));
            assertFalse(Files.exists(liarFiles.resolve("lie.bin")));
            assertEquals("kept", Files.readString(liarFiles.resolve("small.txt")), "its valid file was kept");
            assertTrue(
                    notes.stream().anyMatch(n -> n.contains("lie.bin: refused: it claims 5 chunks for a file of 10")),
                    notes.toString());
            assertHonestFiles(result);
            assertNoTemporaryFiles(result);
        }
    }

    /**
     * Two receivers that lie about their clocks, one claiming 31 years elapsed since the client's PING, one echoing a
     * send time an hour before the one it was sent: each reply is refused, naming the peer and the rule, and neither
     * gets a clock estimate, while the honest peers get theirs.
     */
    @Test
    void clockReadingsThatCannotBeTrueAreRefusedNamedAndGetNoEstimate() throws Exception {
        PeerInfo farOff = RoguePeer.identity("receiver-far-off", "localhost", "receiver");
        PeerInfo misEcho = RoguePeer.identity("receiver-mis-echo", "localhost", "receiver");
        try (RoguePeer farOffRogue = RoguePeer.connect(mosquitto.url(), farOff);
                RoguePeer misEchoRogue = RoguePeer.connect(mosquitto.url(), misEcho)) {
            farOffRogue.answer(Command.PING, request -> {
                Payload.Ping ping = (Payload.Ping) request.payload();
                return List.of(farOffRogue.reply(
                        request,
                        Command.PING,
                        new Payload.PingReply(ping.seconds(), ping.micros(), 1_000_000_000_000_000L)));
            });
            misEchoRogue.answer(Command.PING, request -> {
                Payload.Ping ping = (Payload.Ping) request.payload();
                return List.of(misEchoRogue.reply(
                        request, Command.PING, new Payload.PingReply(ping.seconds() - 3600, ping.micros(), 100)));
            });
            finishOnDrain(farOffRogue);
            finishOnDrain(misEchoRogue);

            TestResult result = run("clock-liars");

            assertRefused(
                    result,
                    "\"receiver-far-off\"",
                    "claims 1000000000000000 µs elapsed on the peer's clock, more than a day");
            assertRefused(result, "\"receiver-mis-echo\"", "not the");
            assertRefused(result, "\"receiver-mis-echo\"", "of the request it answers");
            ClockReadings clocks = ClockReadings.read(result.directory()).orElseThrow();
            assertEquals(
                    java.util.Set.of("sender-rg@localhost", "receiver-rg@localhost"),
                    clocks.peers().stream().map(ClockReadings.Peer::name).collect(java.util.stream.Collectors.toSet()),
                    clocks.toString());
        }
    }

    private static void publish(RoguePeer rogue, byte[]... notifications) {
        try {
            for (byte[] notification : notifications) {
                rogue.publish(Topics.NOTIFICATIONS, notification);
            }
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** Makes a rogue receiver notify its outcome when told to drain, as an honest one does. */
    private static void finishOnDrain(RoguePeer rogue) {
        rogue.answer(Command.DRAIN, request -> {
            publish(
                    rogue,
                    RoguePeer.notification(
                            Command.NOTIFY_SUCCESS, new Payload.Notice("done", Map.of()), rogue.identity()));
            return List.of(rogue.reply(request, Command.OK, Payload.Empty.INSTANCE));
        });
    }

    private TestResult run(String name) {
        TestRunner runner = new TestRunner(client, results, new NoteTaker(notes), variable -> null, directory -> {});
        return runner.run(new TestDefinition()
                .name(name)
                .sut(sut.amqpUrl("rogue." + name))
                .parallelCount(1)
                .rate(0)
                .duration("400"));
    }

    /** The test passed with the honest peers alone, and their counts agree. */
    private static void assertHonestRun(TestResult result) throws Exception {
        assertTrue(result.passed(), result.reason());
        assertEquals(
                java.util.Set.of("sender-rg@localhost", "receiver-rg@localhost"), java.util.Set.copyOf(result.peers()));
        assertEquals(400L, result.getSent());
        assertEquals(400L, result.getReceived());
        assertHonestFiles(result);
        assertNoTemporaryFiles(result);
    }

    /** The honest peers' files arrived whole: each names the run and counts all 400 messages. */
    private static void assertHonestFiles(TestResult result) throws Exception {
        for (String peer : List.of("sender-rg@localhost", "receiver-rg@localhost")) {
            PeerResult measured =
                    PeerResult.read(result.directory().resolve(peer).resolve(PeerResult.FILE_NAME));
            assertEquals(400, measured.count(), peer + ": " + measured);
        }
    }

    private static void assertNoTemporaryFiles(TestResult result) throws Exception {
        try (Stream<Path> files = Files.list(result.directory())) {
            assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith(".")), "no temporary files left");
        }
    }

    /** The refusal names the peer and the rule in the progress output, in roster.json and in the report. */
    private void assertRefused(TestResult result, String peer, String rule) throws Exception {
        assertTrue(
                notes.stream().anyMatch(n -> n.contains(peer) && n.contains(rule)), peer + " " + rule + ": " + notes);
        Roster roster = Roster.read(result.directory()).orElseThrow();
        assertTrue(
                roster.refusals().stream().anyMatch(r -> r.contains(peer) && r.contains(rule)),
                peer + " " + rule + ": " + roster.refusals());
        TestSummary summary = Reporter.summarize(result.directory());
        assertTrue(
                summary.warnings().stream().anyMatch(w -> w.contains(peer) && w.contains(rule)),
                peer + " " + rule + ": " + summary.warnings());
    }
}

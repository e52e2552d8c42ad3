package org.maestro.common.peer;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteCodec;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;
import org.maestro.common.testing.RoguePeer;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.testing.MosquittoProcess;

/**
 * Floods and oversized notes against a real Mosquitto configured as the shipped configurations are: the broker refuses
 * a note above the note size limit, and a peer whose control thread is busy keeps a bounded queue of incoming notes.
 */
class HostileTrafficTest {
    private static final Pattern MAX_PACKET = Pattern.compile("(?m)^max_packet_size\\s+(\\d+)\\s*$");
    private static final List<Path> SHIPPED = List.of(
            Path.of("../docker/mosquitto/mosquitto.conf"), Path.of("../docker/mosquitto/mosquitto-secure.conf"));

    @AutoClose
    private static MosquittoProcess mosquitto;

    private static int maxPacket;

    @TempDir
    Path results;

    @BeforeAll
    static void startBroker() throws Exception {
        List<Integer> limits = new ArrayList<>();
        for (Path conf : SHIPPED) {
            Matcher matcher = MAX_PACKET.matcher(Files.readString(conf));
            assertTrue(matcher.find(), conf + " sets max_packet_size");
            limits.add(Integer.parseInt(matcher.group(1)));
        }
        assertEquals(1, Set.copyOf(limits).size(), "both configurations set the same limit: " + limits);
        maxPacket = limits.get(0);
        assertTrue(
                maxPacket > NoteCodec.MAX_NOTE_BYTES && maxPacket <= NoteCodec.MAX_NOTE_BYTES + 64 * 1024,
                "the broker's limit is the note limit plus room for the MQTT header: " + maxPacket);
        mosquitto = MosquittoProcess.start("max_packet_size " + maxPacket);
    }

    @Test
    void theShippedLimitIsAcceptedAndRefusesANoteAboveTheNoteLimit() throws Exception {
        List<Note> arrived = new CopyOnWriteArrayList<>();
        PeerInfo rogueIdentity = RoguePeer.identity("big-talker", "localhost", "sender");
        try (ControlClient client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()));
                RoguePeer listener = RoguePeer.connect(mosquitto.url(), RoguePeer.identity("ear", "h", "sender"));
                RoguePeer rogue = RoguePeer.connect(mosquitto.url(), rogueIdentity)) {
            client.onNotification(arrived::add);
            byte[] chunkSized = RoguePeer.notification(
                    Command.NOTIFY_SUCCESS,
                    new Payload.Notice("x".repeat(ResultShipper.CHUNK_BYTES), java.util.Map.of()),
                    rogueIdentity);
            byte[] oversized = RoguePeer.notification(
                    Command.NOTIFY_SUCCESS,
                    new Payload.Notice("x".repeat(maxPacket), java.util.Map.of()),
                    rogueIdentity);

            rogue.publish(Topics.NOTIFICATIONS, chunkSized);
            try {
                rogue.publish(Topics.NOTIFICATIONS, oversized);
            } catch (Exception expected) {
                // the broker closes the connection of a client that sends a packet above max_packet_size
            }
            listener.publish(Topics.NOTIFICATIONS, chunkSized);

            await().atMost(Duration.ofSeconds(10)).until(() -> arrived.size() >= 2);
            Thread.sleep(300); // a late oversized note would arrive within this; none may
            assertEquals(2, arrived.size(), "only the two notes of a chunk's size arrived");
        }
        String log = Files.readString(mosquitto.directory().resolve("mosquitto.log"));
        assertFalse(log.toLowerCase(java.util.Locale.ROOT).contains("warning"), log);
    }

    @Test
    void aBusyPeerKeepsABoundedQueueOfIncomingNotesAndServesAgainAfterwards() throws Exception {
        BlockingRole role = new BlockingRole();
        try (Peer peer = Peer.start(PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "busy-1", results), role);
                ControlClient client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()));
                RoguePeer rogue = RoguePeer.connect(mosquitto.url(), RoguePeer.identity("flood", "h", "sender"))) {
            client.request(Topics.peer(peer.info().id()), Note.request(Command.FLUSH), 1, Duration.ofSeconds(30));
            assertTrue(role.entered.await(10, TimeUnit.SECONDS), "the peer's control thread is busy flushing");

            // a command of another role, to every peer: the peer takes it off the queue and ignores it, no reply
            byte[] foreign = NoteCodec.encode(Note.request(Command.START_RECEIVER));
            // five queues' worth: the broker may hold some back from a slow subscriber, but more than one queue's
            // worth reaches the peer, which keeps one queue's worth and drops the rest
            int flood = 5 * Peer.MAX_QUEUED_NOTES;
            rogue.flood(Topics.ALL_PEERS, foreign, flood);

            await().atMost(Duration.ofSeconds(30)).until(() -> peer.droppedNotes() > 0);
            role.release.countDown();
            await().atMost(Duration.ofSeconds(30))
                    .pollInterval(Duration.ofMillis(200))
                    .until(() -> client.ping(Duration.ofMillis(300)).stream()
                            .map(PeerStatus::peer)
                            .anyMatch(p -> p.id().equals(peer.info().id())));
            assertTrue(
                    peer.droppedNotes() <= flood - Peer.MAX_QUEUED_NOTES,
                    "the queue's worth was kept: " + peer.droppedNotes() + " of " + flood + " dropped");
        } finally {
            role.release.countDown();
        }
    }

    @Test
    void twoPeersClaimingOneIdInAnswerToPingAreBothLeftOut() throws Exception {
        PeerInfo first = RoguePeer.identity("twin-a", "localhost", "receiver");
        PeerInfo second = new PeerInfo(first.id(), "twin-b", "elsewhere", "receiver");
        List<org.maestro.common.client.Refusal> refusals = new CopyOnWriteArrayList<>();
        try (ControlClient client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()));
                RoguePeer a = RoguePeer.connect(mosquitto.url(), first);
                RoguePeer b = RoguePeer.connect(mosquitto.url(), second)) {
            client.onRefusal(refusals::add);

            List<PeerStatus> answered = client.ping(Duration.ofSeconds(1));

            assertTrue(answered.stream().noneMatch(s -> s.peer().id().equals(first.id())), answered.toString());
            assertEquals(1, refusals.size(), refusals.toString());
            String refusal = refusals.get(0).describe();
            assertTrue(refusal.contains("\"twin-a\"") && refusal.contains("\"twin-b\""), refusal);
            assertTrue(refusal.endsWith("which answered too: neither takes part"), refusal);
        }
    }

    /** A role whose FLUSH blocks the peer's control thread until released. */
    private static final class BlockingRole implements RoleBehaviour {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);

        @Override
        public Role role() {
            return Role.SENDER;
        }

        @Override
        public Set<Command> commands() {
            return Set.of();
        }

        @Override
        public Payload handle(Note request, PeerContext context) {
            return Payload.Empty.INSTANCE;
        }

        @Override
        public Payload.Stats stats() {
            return new Payload.Stats("sender", 0, 0, 0, 0, 0);
        }

        @Override
        public void flush() throws IOException {
            entered.countDown();
            try {
                release.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IOException("interrupted", e);
            }
        }

        @Override
        public boolean busy() {
            return false;
        }

        @Override
        public void halt() {
            release.countDown();
        }
    }
}

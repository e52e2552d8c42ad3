package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PingSample;
import org.maestro.common.client.Replies;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.testing.ProbeRole;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * The statistics and PINGs of peers in the client's own JVM are answered on the asking thread; those of the other
 * peers still travel through a real control broker (the embedded Artemis MQTT acceptor), and the replies come together.
 */
class InProcessPeersTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path results;

    private EmbeddedArtemis broker;
    private ControlClient client;
    private Peer here;
    private Peer there;

    @BeforeEach
    void start() throws Exception {
        broker = EmbeddedArtemis.builder()
                .mqtt()
                .name("control-" + System.nanoTime())
                .withoutJmx()
                .start();
        MqttEndpoint endpoint = MqttEndpoint.parse(broker.mqttUrl());
        here = Peer.start(PeerConfig.of(endpoint, "sender-here", results), new ProbeRole(Role.SENDER));
        there = Peer.start(PeerConfig.of(endpoint, "receiver-there", results), new ProbeRole(Role.RECEIVER));
        client = ControlClient.connect(endpoint);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        here.close();
        there.close();
        broker.close();
    }

    @Test
    void readsThePeersHereDirectlyAndAsksTheOthersThroughTheBroker() throws Exception {
        ControlTestPeers peers = new ControlTestPeers(() -> client);
        peers.answerInProcess(InProcessPeers.of(() -> List.of(here)));

        Replies replies = stats(peers, null, Set.of(id(here), id(there)));

        assertTrue(replies.complete(), "both answered: " + replies.notes());
        assertEquals(Set.of(id(here), id(there)), senders(replies));
        for (Note note : replies.notes()) {
            assertTrue(note.payload() instanceof Payload.Stats, "a STATS reply: " + note);
            assertEquals(
                    replies.request().header().correlationId(), note.header().correlationId());
        }
        assertEquals(List.of(Thread.currentThread().getName()), probe(here).statsReaders, "read on the asking thread");
        assertEquals(List.of("maestro-peer-receiver-there"), probe(there).statsReaders, "answered by its own peer");
    }

    @Test
    void asksNothingOfTheControlBrokerWhenEveryPeerAskedIsHere() throws Exception {
        ControlTestPeers peers = new ControlTestPeers(() -> {
            throw new AssertionError("the control client was asked for");
        });
        peers.answerInProcess(InProcessPeers.of(() -> List.of(here, there)));

        Replies replies = stats(peers, null, Set.of(id(here), id(there)));

        assertTrue(replies.allOk(), replies.notes().toString());
        assertEquals(Set.of(id(here), id(there)), senders(replies));
    }

    @Test
    void aPeerOfAnotherRoleOrHaltedIsNotReadHere() throws Exception {
        ControlTestPeers peers = new ControlTestPeers(() -> client);
        peers.answerInProcess(InProcessPeers.of(() -> List.of(here, there)));

        Replies receivers = stats(peers, Role.RECEIVER, Set.of(id(there)));
        assertEquals(Set.of(id(there)), senders(receivers));
        assertTrue(probe(here).statsReaders.isEmpty(), "a sender is not asked for the receivers' statistics");

        there.close();
        Replies afterHalt = peers.stats(Role.RECEIVER, Set.of(id(there)), Duration.ofMillis(500))
                .get(5, TimeUnit.SECONDS);
        assertFalse(afterHalt.complete(), "a halted peer answers nothing: " + afterHalt.notes());
        assertEquals(1, probe(there).statsReaders.size(), "nothing read from a halted peer's role");
    }

    @Test
    void withoutPeersHereEveryPeerAnswersThroughTheBroker() throws Exception {
        ControlTestPeers peers = new ControlTestPeers(() -> client);

        Replies replies = stats(peers, null, Set.of(id(here), id(there)));

        assertEquals(Set.of(id(here), id(there)), senders(replies));
        assertEquals(List.of("maestro-peer-sender-here"), probe(here).statsReaders);
        assertEquals(List.of("maestro-peer-receiver-there"), probe(there).statsReaders);
    }

    @Test
    void pingsThePeersHereOnTheClientsClockAndTheOthersThroughTheBroker() throws Exception {
        ControlTestPeers peers = new ControlTestPeers(() -> client);
        peers.answerInProcess(InProcessPeers.of(() -> List.of(here)));

        List<PingSample> samples =
                peers.pingEach(Set.of(id(here), id(there)), TIMEOUT).get(10, TimeUnit.SECONDS);

        assertEquals(
                Set.of(id(here), id(there)),
                samples.stream().map(s -> s.peer().id()).collect(Collectors.toSet()));
        PingSample local = samples.stream()
                .filter(s -> s.peer().id().equals(id(here)))
                .findFirst()
                .orElseThrow();
        assertTrue(local.roundTripMicros() >= 0 && local.roundTripMicros() < 100_000, "no broker between: " + local);
        assertTrue(
                local.elapsedMicros() >= 0 && local.elapsedMicros() <= local.roundTripMicros(),
                "the peer read the clock between the client's two readings: " + local);
    }

    @Test
    void pingsNothingThroughTheControlBrokerWhenEveryPeerIsHere() throws Exception {
        ControlTestPeers peers = new ControlTestPeers(() -> {
            throw new AssertionError("the control client was asked for");
        });
        peers.answerInProcess(InProcessPeers.of(() -> List.of(here, there)));

        List<PingSample> samples =
                peers.pingEach(Set.of(id(here), id(there)), TIMEOUT).get(10, TimeUnit.SECONDS);

        assertEquals(2, samples.size(), samples.toString());
    }

    private static Replies stats(ControlTestPeers peers, Role role, Set<String> ids) throws Exception {
        return peers.stats(role, ids, TIMEOUT).get(10, TimeUnit.SECONDS);
    }

    private static Set<String> senders(Replies replies) {
        return replies.notes().stream().map(n -> n.sender().id()).collect(Collectors.toSet());
    }

    private static String id(Peer peer) {
        return peer.info().id();
    }

    private static ProbeRole probe(Peer peer) {
        return (ProbeRole) peer.behaviour();
    }
}

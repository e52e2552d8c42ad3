package org.maestro.common.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteCodec;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.testing.ProbeRole;
import org.maestro.common.testing.SecureMosquitto;
import org.maestro.testing.LogCapture;

/**
 * The control plane closed to strangers, on a real Mosquitto running the shipped mosquitto-secure.conf and acl: no
 * anonymous or wrongly logged-in peer gets in, the client and the peers with their own users work, and a user the ACL
 * does not let publish to the peers' topics cannot command them.
 */
class MqttSecurityTest {
    private static final String CLIENT_PASSWORD = "client-Secr3t";
    private static final String PEER_PASSWORD = "peer-Secr3t";
    private static final String GUEST_PASSWORD = "guest-Secr3t";
    private static final String WRONG_PASSWORD = "Wrong-Secr3t";
    private static final Duration NOT_COMMANDED_WITHIN = Duration.ofSeconds(2);

    @TempDir
    static Path brokerDirectory;

    @AutoClose
    private static SecureMosquitto broker;

    @TempDir
    Path results;

    private final List<AutoCloseable> resources = new ArrayList<>();

    @BeforeAll
    static void startBroker() throws Exception {
        broker = SecureMosquitto.start(
                brokerDirectory,
                Map.of(
                        SecureMosquitto.CLIENT_USER,
                        CLIENT_PASSWORD,
                        SecureMosquitto.PEER_USER,
                        PEER_PASSWORD,
                        "guest",
                        GUEST_PASSWORD));
    }

    @AfterEach
    void tearDown() throws Exception {
        for (int i = resources.size() - 1; i >= 0; i--) {
            resources.get(i).close();
        }
    }

    private Peer startPeer(String login, String name) throws Exception {
        Peer peer = Peer.start(
                PeerConfig.of(MqttEndpoint.parse(broker.plainUrl(login), variable -> null), name, results),
                new ProbeRole(Role.SENDER));
        resources.add(peer);
        return peer;
    }

    private ControlClient client() throws Exception {
        ControlClient client = ControlClient.connect(
                MqttEndpoint.parse(broker.plainUrl(SecureMosquitto.CLIENT_USER + ":" + CLIENT_PASSWORD)));
        resources.add(client);
        return client;
    }

    @Test
    void theShippedSecureConfigurationClosesEveryListenerAndKeepsTheControlPlaneFast() throws IOException {
        List<String> lines = Files.readAllLines(Path.of("..", "docker", "mosquitto", "mosquitto-secure.conf"));
        for (String directive : List.of(
                "per_listener_settings false",
                "allow_anonymous false",
                "password_file /mosquitto/config/passwd",
                "acl_file /mosquitto/config/acl",
                "listener 8883 0.0.0.0",
                "cafile /mosquitto/config/certs/ca.crt",
                "certfile /mosquitto/config/certs/server.crt",
                "keyfile /mosquitto/config/certs/server.key",
                "set_tcp_nodelay true",
                "max_keepalive 65535")) {
            assertTrue(lines.contains(directive), "mosquitto-secure.conf lacks '" + directive + "'");
        }
        // the broker refuses a packet larger than the largest note (and its MQTT header), never a smaller one: a
        // tighter limit would hold up the peers' result files
        assertTrue(
                lines.contains("max_packet_size " + (NoteCodec.MAX_NOTE_BYTES + 1024)),
                "mosquitto-secure.conf does not limit packets to the largest note: " + lines);
        assertTrue(
                lines.stream().noneMatch(l -> l.startsWith("message_size_limit")),
                "mosquitto-secure.conf still uses message_size_limit, which Mosquitto 2 warns about");
    }

    @Test
    void anAnonymousPeerOrClientIsRefusedAndToldToLogIn() {
        String url = broker.plainUrl("");
        TransportException peerError = assertThrows(TransportException.class, () -> startPeer("", "anonymous"));
        TransportException clientError = assertThrows(
                TransportException.class, () -> ControlClient.connect(MqttEndpoint.parse(url, variable -> null)));
        for (TransportException error : List.of(peerError, clientError)) {
            String message = error.getMessage();
            assertTrue(
                    message.startsWith("the control broker at " + url + " refused an anonymous connection"), message);
            assertTrue(message.contains("it needs a user name and password"), message);
            assertTrue(message.contains("mqtt://user:password@host:port"), message);
            assertTrue(message.contains(MqttEndpoint.PASSWORD_VARIABLE), message);
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithoutEverBeingShown() throws Exception {
        LogCapture log = LogCapture.start();
        TransportException error;
        try {
            error = assertThrows(
                    TransportException.class,
                    () -> startPeer(SecureMosquitto.PEER_USER + ":" + WRONG_PASSWORD, "wrong-password"));
        } finally {
            log.stop();
        }
        String message = error.getMessage();
        assertTrue(message.startsWith("the control broker at mqtt://maestro-peer:***@127.0.0.1:"), message);
        assertTrue(message.contains("refused user 'maestro-peer'"), message);
        assertTrue(message.contains("the password is wrong or the user is not in the broker's password file"), message);
        assertFalse(message.contains(WRONG_PASSWORD), message);
        assertFalse(String.valueOf(error.getCause()).contains(WRONG_PASSWORD));
        assertFalse(log.text().contains(WRONG_PASSWORD), log.text());
        assertTrue(log.records() > 0, "the capture saw the connection's log");
    }

    @Test
    void aUserWithoutAPasswordIsToldWhereToGiveIt() {
        String url = broker.plainUrl(SecureMosquitto.PEER_USER);
        TransportException error = assertThrows(
                TransportException.class, () -> ControlClient.connect(MqttEndpoint.parse(url, variable -> null)));
        assertTrue(error.getMessage().contains("refused user 'maestro-peer' without a password"), error.getMessage());
        assertTrue(error.getMessage().contains(MqttEndpoint.PASSWORD_VARIABLE + " is not set"), error.getMessage());
    }

    @Test
    void theClientAndAPeerWithTheirOwnUsersPingSetAndHalt() throws Exception {
        Map<String, String> environment = Map.of(MqttEndpoint.PASSWORD_VARIABLE, PEER_PASSWORD);
        Peer peer = Peer.start(
                PeerConfig.of(
                        MqttEndpoint.parse(broker.plainUrl(SecureMosquitto.PEER_USER), environment::get),
                        "sender-1",
                        results),
                new ProbeRole(Role.SENDER));
        resources.add(peer);
        ControlClient client = client();

        List<PeerStatus> found = client.ping(Duration.ofSeconds(2));
        assertEquals(
                List.of(peer.info().id()),
                found.stream().map(s -> s.peer().id()).toList());

        Replies set = client.request(
                        Topics.role(Role.SENDER),
                        Note.request(Command.SET, new Payload.SetOption(OptionCode.RATE.code(), "1000")),
                        1,
                        Duration.ofSeconds(10))
                .get(15, TimeUnit.SECONDS);
        assertTrue(set.allOk(), set.describeErrors());
        assertEquals(1000, peer.options().rate());

        Replies halt = client.request(
                        Topics.peer(peer.info().id()), Note.request(Command.HALT), 1, Duration.ofSeconds(10))
                .get(15, TimeUnit.SECONDS);
        assertTrue(halt.allOk(), halt.describeErrors());
        assertTrue(peer.awaitHalt(Duration.ofSeconds(10)));
    }

    @ParameterizedTest
    @ValueSource(strings = {SecureMosquitto.PEER_USER, "guest"})
    void aUserTheAclDoesNotLetPublishToThePeersCannotCommandThem(String intruderUser) throws Exception {
        String intruderPassword = intruderUser.equals("guest") ? GUEST_PASSWORD : PEER_PASSWORD;
        Peer peer = startPeer(SecureMosquitto.PEER_USER + ":" + PEER_PASSWORD, "sender-1");
        ProbeRole role = (ProbeRole) peer.behaviour();
        ControlClient client = client();
        int defaultRate = peer.options().rate();
        String intruderId = "intruder-" + intruderUser + "-" + System.nanoTime();
        MqttTransport intruder = MqttTransport.connect(
                MqttEndpoint.parse(broker.plainUrl(intruderUser + ":" + intruderPassword)),
                MqttTransport.Options.of(intruderId));
        resources.add(intruder);
        List<String> overheard = new CopyOnWriteArrayList<>();
        intruder.subscribe(Topics.CLIENT, Topics.REQUEST_QOS, (topic, bytes) -> overheard.add(topic));
        intruder.subscribe(Topics.NOTIFICATIONS, Topics.NOTIFICATION_QOS, (topic, bytes) -> overheard.add(topic));

        List<String> targets = List.of(
                Topics.ALL_PEERS,
                Topics.role(Role.SENDER),
                Topics.peer(peer.info().id()));
        for (String topic : targets) {
            intruder.publish(
                    topic,
                    NoteCodec.encode(Note.request(Command.SET, new Payload.SetOption(OptionCode.RATE.code(), "13"))),
                    Topics.REQUEST_QOS);
            intruder.publish(topic, NoteCodec.encode(Note.request(Command.START_SENDER)), Topics.REQUEST_QOS);
            intruder.publish(topic, NoteCodec.encode(Note.request(Command.HALT)), Topics.REQUEST_QOS);
        }

        assertFalse(peer.awaitHalt(NOT_COMMANDED_WITHIN), "the intruder's HALT reached the peer");
        assertFalse(role.halted);
        assertTrue(role.handled.isEmpty(), "the intruder's commands reached the peer: " + role.handled);
        assertNotEquals(13, peer.options().rate(), "the intruder's SET reached the peer");
        assertEquals(defaultRate, peer.options().rate());
        String denied = "Denied PUBLISH from " + intruderId;
        long deniedCount =
                broker.log().lines().filter(line -> line.contains(denied)).count();
        assertEquals(3 * targets.size(), deniedCount, "the broker denied every note of the intruder:\n" + broker.log());

        List<PeerStatus> found = client.ping(Duration.ofSeconds(2));
        assertEquals(
                List.of(peer.info().id()),
                found.stream().map(s -> s.peer().id()).toList(),
                "the peer still serves the client");
        assertTrue(overheard.isEmpty(), "the intruder read the peers' replies: " + overheard);
    }
}

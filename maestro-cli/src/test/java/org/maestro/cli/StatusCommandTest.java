package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.client.ControlClient;
import org.maestro.common.options.OptionCode;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.testing.MosquittoProcess;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** {@code ping --format json} and {@code status} against a real Mosquitto and real sender and receiver peers. */
class StatusCommandTest {
    private static final String PASSWORD = "st4tus-pw-never-shown";

    @TempDir
    Path results;

    @Test
    void pingAndStatusListTheWorkersAsJsonWithRoleAndState() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start();
                Peer sender = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "sender-1", results),
                        SenderRole.builder().build());
                Peer receiver = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "receiver-1", results),
                        ReceiverRole.builder().build())) {
            CliRun ping = CliRun.of("ping", "--maestro-url", mosquitto.url(), "--wait", "1s", "--format", "json");
            assertEquals(ExitCode.OK.code(), ping.exitCode(), ping.err());
            JsonNode pinged = new ObjectMapper().readTree(ping.out());
            assertTrue(pinged.isArray() && pinged.size() == 2, ping.out());
            Map<String, JsonNode> byName = new HashMap<>();
            pinged.forEach(peer -> byName.put(peer.path("name").asText(), peer));
            assertEquals(sender.info().id(), byName.get("sender-1").path("id").asText(), ping.out());
            assertEquals("receiver", byName.get("receiver-1").path("role").asText(), ping.out());
            assertTrue(byName.get("sender-1").path("roundTripMillis").asDouble() > 0, ping.out());

            // the sender is told its test name and its SUT (with a password), as a run does before it starts
            try (ControlClient client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()))) {
                for (Payload.SetOption set : java.util.List.of(
                        new Payload.SetOption(OptionCode.TEST_NAME.code(), "fixed-rate"),
                        new Payload.SetOption(
                                OptionCode.BROKER.code(), "amqp://loader:" + PASSWORD + "@127.0.0.1:5672/q"))) {
                    assertTrue(client.request(
                                    Topics.peer(sender.info().id()),
                                    Note.request(Command.SET, set),
                                    1,
                                    java.time.Duration.ofSeconds(5))
                            .get()
                            .allOk());
                }
            }
            CliRun status = CliRun.of("status", "--maestro-url", mosquitto.url(), "--wait", "1s", "--format", "json");
            assertEquals(ExitCode.OK.code(), status.exitCode(), status.err());
            JsonNode peers = new ObjectMapper().readTree(status.out());
            assertEquals(2, peers.size(), status.out());
            for (JsonNode peer : peers) {
                assertEquals("idle", peer.path("state").asText(), status.out());
                assertTrue(peer.path("test").isMissingNode(), "an idle peer runs no test: " + peer);
            }
            JsonNode senderStatus = peers.get(1).path("role").asText().equals("sender") ? peers.get(1) : peers.get(0);
            assertEquals(
                    "fixed-rate", senderStatus.path("options").path("TEST_NAME").asText(), status.out());
            assertEquals(
                    "amqp://loader:***@127.0.0.1:5672/q",
                    senderStatus.path("options").path("SEND_RECEIVE_URL").asText(),
                    status.out());
            assertFalse(status.out().contains(PASSWORD), "the status shows no password: " + status.out());

            CliRun table = CliRun.of("status", "--maestro-url", mosquitto.url(), "--wait", "1s");
            assertEquals(ExitCode.OK.code(), table.exitCode(), table.err());
            assertTrue(table.out().contains("STATE") && table.out().contains("sender-1"), table.out());
            assertTrue(table.out().contains("2 peer(s): 0 busy, 2 idle"), table.out());
        }
    }

    @Test
    void aSenderSendingShowsAsBusyWithItsTest() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start();
                org.maestro.embedded.EmbeddedArtemis sut = org.maestro.embedded.EmbeddedArtemis.builder()
                        .amqp()
                        .name("status-sut")
                        .withoutJmx()
                        .start();
                Peer sender = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "sender-1", results),
                        SenderRole.builder().build());
                ControlClient client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()))) {
            String topic = Topics.peer(sender.info().id());
            for (Map.Entry<OptionCode, String> option : Map.of(
                            OptionCode.BROKER,
                            sut.amqpUrl("status.queue"),
                            OptionCode.RATE,
                            "10",
                            OptionCode.DURATION,
                            "30s",
                            OptionCode.TEST_NAME,
                            "busy-test")
                    .entrySet()) {
                assertTrue(
                        client.request(
                                        topic,
                                        Note.request(
                                                Command.SET,
                                                new Payload.SetOption(
                                                        option.getKey().code(), option.getValue())),
                                        1,
                                        java.time.Duration.ofSeconds(5))
                                .get()
                                .allOk(),
                        option.toString());
            }
            assertTrue(
                    client.request(topic, Note.request(Command.START_SENDER), 1, java.time.Duration.ofSeconds(10))
                            .get()
                            .allOk(),
                    "the sender started");
            try {
                CliRun status =
                        CliRun.of("status", "--maestro-url", mosquitto.url(), "--wait", "1s", "--format", "json");
                assertEquals(ExitCode.OK.code(), status.exitCode(), status.err());
                JsonNode peer = new ObjectMapper().readTree(status.out()).get(0);
                assertEquals("busy", peer.path("state").asText(), status.out());
                assertEquals("busy-test", peer.path("test").asText(), status.out());
                CliRun table = CliRun.of("status", "--maestro-url", mosquitto.url(), "--wait", "1s");
                assertTrue(table.out().matches("(?s).*sender-1\\s+\\S+\\s+busy\\s+busy-test.*"), table.out());
            } finally {
                client.request(topic, Note.request(Command.HALT), 1, java.time.Duration.ofSeconds(5))
                        .get();
            }
        }
    }

    @Test
    void statusWithoutPeersExitsWithThreeSayingHowToStartOne() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start()) {
            CliRun run = CliRun.of("status", "--maestro-url", mosquitto.url(), "--wait", "300ms");
            assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode());
            assertTrue(run.err().contains("no peer answered") && run.err().contains("maestro-cli worker"), run.err());
        }
    }
}

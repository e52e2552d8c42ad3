package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.agent.AgentConfig;
import org.maestro.agent.role.AgentRole;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.RunFiles;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.inspector.artemis.EmbeddedJolokia;
import org.maestro.inspector.role.InspectorRole;
import org.maestro.reporter.Chromium;
import org.maestro.testing.LocalRabbitMq;
import org.maestro.testing.MosquittoProcess;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * A test that inspects two real systems and addresses one of two agents, on a real control broker with real peers:
 * an Artemis broker through Jolokia and the machine's RabbitMQ through its management API, polled by one inspector
 * peer into a directory per system and lined up on the report; two agents of different names and hosts, of which only
 * the one addressed runs the action. Wrong input is refused before the load: an agent nobody answers for (exit 3),
 * two systems of one name (exit 2), a system that cannot be reached when the test requires its data (exit 3).
 */
class SystemsAndAgentsRunTest {
    private static MosquittoProcess mosquitto;
    private static EmbeddedArtemis sut;
    private static EmbeddedJolokia jolokia;
    private static Path staging;
    private static Path source;
    private static final List<Peer> PEERS = new ArrayList<>();

    @TempDir
    Path work;

    @BeforeAll
    static void startCluster() throws Exception {
        mosquitto = MosquittoProcess.start();
        sut = EmbeddedArtemis.builder().amqp().name("systems-sut").start();
        jolokia = EmbeddedJolokia.start("admin", "secret");
        staging = Files.createTempDirectory("maestro-systems-peers-");
        source = Files.createDirectories(staging.resolve("source/handlers"));
        Files.writeString(source.resolve("hello.groovy"), "return \"hello from ${args.join(' ')}\"\n");
        MqttEndpoint control = MqttEndpoint.parse(mosquitto.url());
        PEERS.add(Peer.start(
                config(control, "sender-sy", "localhost"), SenderRole.builder().build()));
        PEERS.add(Peer.start(
                config(control, "receiver-sy", "localhost"),
                ReceiverRole.builder().build()));
        PEERS.add(Peer.start(config(control, "inspector-sy", "localhost"), new InspectorRole()));
        for (String name : List.of("agent-a", "agent-b")) {
            AgentConfig agent = AgentConfig.builder(Files.createDirectories(staging.resolve(name + "-work")))
                    .allowDirectory(source.getParent())
                    .build();
            PEERS.add(Peer.start(config(control, name, "host-" + name.substring(6)), new AgentRole(agent)));
        }
    }

    private static PeerConfig config(MqttEndpoint control, String name, String host) {
        return new PeerConfig(control, name, host, staging.resolve(name), Duration.ofSeconds(10));
    }

    @AfterAll
    static void stopCluster() throws Exception {
        for (Peer peer : PEERS) {
            peer.close();
        }
        for (AutoCloseable resource : new AutoCloseable[] {jolokia, sut, mosquitto}) {
            if (resource != null) {
                resource.close();
            }
        }
        if (staging != null) {
            RunFiles.delete(staging);
        }
    }

    private CliRun run(String body) throws Exception {
        Path script = work.resolve("Systems.groovy");
        Files.writeString(
                script,
                body.replace("SUT_URL", sut.amqpUrl("systems.queue"))
                        .replace("JOLOKIA", jolokia.url() + "?broker=systems-sut")
                        .replace("SOURCE", source.getParent().toString()));
        return CliRun.run(script, mosquitto.url(), work.resolve("results"));
    }

    private static Path peer(Path iteration, String prefix) throws Exception {
        return PeerDirectories.find(iteration, prefix);
    }

    @Test
    void twoSystemsAreInspectedEachIntoItsOwnFilesAndOnlyTheAddressedAgentActs() throws Exception {
        LocalRabbitMq.assumeManagement();
        String queue = queueWithOneMessage();
        try {
            twoSystemsAndOneAgent();
        } finally {
            LocalRabbitMq.deleteQueue(queue);
        }
    }

    /** A queue of the machine's RabbitMQ holding one message, once its management API shows it. */
    private static String queueWithOneMessage() throws Exception {
        String queue = LocalRabbitMq.uniqueName();
        LocalRabbitMq.declareQueue(queue);
        LocalRabbitMq.api(
                "POST",
                "/exchanges/%2F/amq.default/publish",
                "{\"properties\":{},\"routing_key\":\"" + queue
                        + "\",\"payload\":\"m\",\"payload_encoding\":\"string\"}");
        // the API samples queue figures every few seconds: its queue table has the message before the test
        org.awaitility.Awaitility.await()
                .atMost(Duration.ofSeconds(30))
                .until(() ->
                        LocalRabbitMq.api("GET", "/queues/%2F/" + queue, null).contains("\"messages\":1"));
        return queue;
    }

    private void twoSystemsAndOneAgent() throws Exception {
        CliRun run = run("""
                maestro.test {
                    name "systems"; sut "SUT_URL"; rate 50; parallelCount 1; duration "5s"
                    inspect "broker", "JOLOKIA", kind: "artemis"
                    inspect "rabbit", "rabbitmq+http://guest:guest@127.0.0.1:15672"
                    inspectionInterval "1s"
                    agentSource "SOURCE"
                    agent "agent-a", at: "1s", "hello a"
                }
                """);

        assertEquals(0, run.exitCode(), run.out() + run.err());
        assertTrue((run.out() + run.err()).contains("agent action 'hello a' on agent-a at "), run.out() + run.err());
        Path iteration = work.resolve("results/systems/0");
        List<AgentActions.Row> ran =
                AgentActions.read(peer(iteration, "agent-a@").resolve("agent-actions.csv"));
        assertEquals(1, ran.size(), ran.toString());
        assertEquals("hello a", ran.get(0).command());
        assertEquals("success", ran.get(0).outcome());
        assertEquals("hello from a", ran.get(0).message());
        Path other = peer(iteration, "agent-b@").resolve("agent-actions.csv");
        assertTrue(!Files.exists(other) || AgentActions.read(other).isEmpty(), "agent-b ran nothing: " + other);

        Path systems = peer(iteration, "inspector-sy@").resolve("systems");
        assertTrue(Files.isRegularFile(systems.resolve("broker/artemis-queues.csv")));
        assertTrue(Files.isRegularFile(systems.resolve("rabbit/rabbitmq-queues.csv")));
        assertFalse(Files.exists(systems.resolve("broker/rabbitmq-queues.csv")));
        assertTrue(
                Files.readString(systems.resolve("broker/inspector.properties")).contains("inspector.system=broker"));
        assertTrue(
                Files.readString(systems.resolve("rabbit/inspector.properties")).contains("inspector.system=rabbit"));
        assertFalse(
                Files.readString(systems.resolve("broker/inspector.properties")).contains("secret"));

        var page = Jsoup.parse(work.resolve("results/systems/iteration-0.html").toFile());
        JsonNode depth = null;
        List<String> all = new ArrayList<>();
        for (JsonNode spec : Chromium.chartSpecs(page)) {
            all.add(spec.get("title").asText());
            if (spec.get("title").asText().equals("Queue depth of each system (messages waiting)")) {
                depth = spec;
            }
        }
        assertTrue(depth != null, "the queue depth of both systems is lined up on one chart: " + all);
        List<String> lines = new ArrayList<>();
        depth.get("series").forEach(s -> lines.add(s.get("name").asText()));
        assertEquals(List.of("broker", "rabbit"), lines, "a line per system, each named");
        List<String> titles = page.select("div.chart[id^=chart-inspector-]").eachAttr("data-title");
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("broker (")), titles.toString());
        assertTrue(titles.stream().anyMatch(t -> t.startsWith("rabbit (")), titles.toString());
        String bands = page.select("#maestro-charts").html();
        assertTrue(bands.contains("agent-a@host-a: hello a (success)"), "the band names the agent");
    }

    @Test
    void anActionAddressedToAnAgentNobodyAnswersForFailsBeforeTheLoadListingTheAgents() throws Exception {
        CliRun run = run("""
                maestro.test {
                    name "missing-agent"; sut "SUT_URL"; rate 50; duration "3s"
                    agentSource "SOURCE"
                    agent "agent-z", at: "1s", "hello z"
                }
                """);

        assertEquals(3, run.exitCode(), run.out() + run.err());
        assertTrue(
                (run.out() + run.err())
                        .contains("agent action 'hello z' is addressed to 'agent-z', but no agent that answered on "),
                run.out() + run.err());
        assertTrue(
                (run.out() + run.err()).contains("the agents that answered: agent-a@host-a, agent-b@host-b"),
                run.out() + run.err());
        try (Stream<Path> files = Files.walk(work.resolve("results"))) {
            assertFalse(files.anyMatch(f -> f.getFileName().toString().equals("rate.csv")), "no load was started");
        }
    }

    @Test
    void twoSystemsOfOneNameAreAUsageErrorNamingIt() throws Exception {
        CliRun run = run("""
                maestro.test {
                    name "twice"; sut "SUT_URL"; rate 50; duration "3s"
                    inspect "router1", "amqp://127.0.0.1:5673"
                    inspect "router1", "amqp://127.0.0.1:5674"
                }
                """);

        assertEquals(2, run.exitCode(), run.out() + run.err());
        assertTrue((run.out() + run.err()).contains("two inspected systems are named router1"), run.out() + run.err());
    }

    @Test
    void aSystemThatCannotBeReachedFailsARequiringTestNamingTheSystem() throws Exception {
        int closed = org.maestro.base.net.FreePorts.next();
        CliRun run = run("""
                maestro.test {
                    name "unreachable"; sut "SUT_URL"; rate 50; duration "3s"
                    inspect "broker", "JOLOKIA", kind: "artemis"
                    inspect "router9", "amqp://127.0.0.1:CLOSED"
                    requireInspector true
                }
                """.replace("CLOSED", Integer.toString(closed)));

        assertEquals(3, run.exitCode(), run.out() + run.err());
        assertTrue(
                (run.out() + run.err())
                        .contains("the inspected system router9 cannot be inspected: inspector-sy@localhost: "
                                + "inspected system 'router9' (amqp://127.0.0.1:" + closed
                                + "): the dispatch inspector cannot start"),
                run.out() + run.err());
    }
}

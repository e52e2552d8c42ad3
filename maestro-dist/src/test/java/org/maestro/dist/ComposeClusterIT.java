package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;

/**
 * docker/compose.yaml brought up for real: the control broker, the Artemis SUT, 2 senders, 2 receivers, an inspector
 * and an agent, each in a container of its own on the project's networks; the client container runs
 * test-scripts/FixedRateTest.groovy and leaves the results, the report and the JUnit XML on this machine; a second run
 * has the agent cut the SUT's link for 3 s (iptables in the SUT's network namespace); "down" leaves no container,
 * network or volume. The Maestro image is built first from the distribution this build made
 * (docker/build-images.sh maestro); the SUT images must exist (docker/build-images.sh). Skipped without a container
 * engine, failed under CI.
 */
class ComposeClusterIT {
    private static final int SENDERS = 2;
    private static final int RECEIVERS = 2;
    private static final int RATE = 50;
    private static final int PARALLEL_COUNT = 2;
    private static final int DURATION_SECONDS = 10;
    private static final int WARM_UP_SECONDS = 5;
    private static final Duration UP_DEADLINE = Duration.ofMinutes(5);
    private static final Duration RUN_DEADLINE = Duration.ofMinutes(4);
    private static final Duration DOWN_DEADLINE = Duration.ofMinutes(2);

    private static ContainerEngine engine;
    private static ComposeProject project;
    private static Path results;

    @BeforeAll
    static void buildTheMaestroImageAndStartTheCluster() throws Exception {
        engine = ContainerEngine.require();
        MaestroImage.build(engine);
        Path docker = RepositoryFiles.path("docker");
        for (String image : List.of("maestro-mosquitto:bookworm", "maestro-artemis:2.40.0")) {
            engine.requireImage(image, "docker/build-images.sh mosquitto artemis");
        }

        results = Path.of(System.getProperty("maestro.dist.directory"))
                .getParent()
                .resolve("compose-cluster-results");
        deleteRecursively(results);
        Files.createDirectories(results);
        String name = "maestro-it-" + UUID.randomUUID().toString().substring(0, 8);
        project = new ComposeProject(
                engine,
                docker.resolve("compose.yaml"),
                name,
                Map.ofEntries(
                        Map.entry("MQTT_HOST_PORT", Integer.toString(FreePorts.next())),
                        Map.entry("ARTEMIS_CONSOLE_HOST_PORT", Integer.toString(FreePorts.next())),
                        Map.entry("MAESTRO_RESULTS_DIR", results.toString()),
                        Map.entry("MAESTRO_UID", ownerOf(results)),
                        Map.entry("RATE", Integer.toString(RATE)),
                        Map.entry("PARALLEL_COUNT", Integer.toString(PARALLEL_COUNT)),
                        Map.entry("TEST_DURATION", DURATION_SECONDS + "s"),
                        Map.entry("WARM_UP", WARM_UP_SECONDS + "s"),
                        // the check here is that the cluster works across containers: on 2 shared cores running 8
                        // JVMs the response time is the machine's, not the SUT's
                        Map.entry("MAXIMUM_LATENCY", "10000")));
        CommandRun.Result up = project.compose(
                List.of(
                        "up",
                        "--detach",
                        "--no-build",
                        "--scale",
                        "sender=" + SENDERS,
                        "--scale",
                        "receiver=" + RECEIVERS),
                UP_DEADLINE);
        assertEquals(0, up.exitCode(), "the cluster did not come up: " + up + "\n" + logs());
    }

    @AfterAll
    static void downLeavesNothing() throws Exception {
        if (project == null) {
            return;
        }
        String down = project.down(DOWN_DEADLINE);
        String left = project.leftovers();
        assertEquals("", left, "'down' left these of project " + project.name() + ":\n" + left + "\n" + down);
    }

    @Test
    void runsTheFixedRateTestWithEveryPeerInAContainerOfItsOwn() throws Exception {
        Map<String, String> hostOf = new HashMap<>();
        for (String service : List.of("mosquitto", "artemis", "sender", "receiver", "inspector", "agent")) {
            for (String id : containerIds(service)) {
                hostOf.put(id.substring(0, 12), service);
            }
        }
        assertEquals(4 + SENDERS + RECEIVERS, hostOf.size(), "containers of the cluster: " + hostOf);

        CommandRun.Result ping = project.client(List.of("ping", "--wait", "5s"), RUN_DEADLINE);
        assertEquals(0, ping.exitCode(), ping + "\n" + logs());
        for (String service : List.of("inspector", "receiver", "sender", "agent")) {
            for (String id : containerIds(service)) {
                String host = id.substring(0, 12);
                assertTrue(
                        ping.output()
                                .lines()
                                .anyMatch(line -> line.startsWith(service) && line.contains(" " + host + " ")),
                        "no " + service + " answers from its container " + host + ": " + ping);
            }
        }
        String artemis = containerIds("artemis").get(0);
        CommandRun.Result agentNetwork = engine.engine(List.of(
                        "inspect",
                        "--format",
                        "{{.HostConfig.NetworkMode}}",
                        containerIds("agent").get(0)))
                .run(Duration.ofSeconds(60));
        assertEquals(
                "container:" + artemis,
                agentNetwork.output().strip(),
                "the agent is not in the SUT's network namespace: " + agentNetwork);

        CommandRun.Result run = project.client(List.of(), RUN_DEADLINE);
        assertEquals(0, run.exitCode(), "the client's run failed: " + run + "\n" + logs());

        assertTrue(Files.isRegularFile(results.resolve("index.html")), "no report in " + results);
        String junit = Files.readString(results.resolve("fixed-rate/junit.xml"));
        assertTrue(junit.contains("tests=\"1\" failures=\"0\" errors=\"0\""), junit);

        JsonNode iteration = new ObjectMapper()
                .readTree(results.resolve("fixed-rate/summary.json").toFile())
                .path("iterations")
                .path(0);
        long expected = (long) RATE * PARALLEL_COUNT * SENDERS * (DURATION_SECONDS + WARM_UP_SECONDS);
        JsonNode messages = iteration.path("messages");
        assertEquals(expected, messages.path("sent").asLong(), "sent: rate x connections x senders x seconds");
        assertEquals(expected, messages.path("received").asLong(), messages.toString());
        assertEquals(0, messages.path("lost").asLong(), messages.toString());

        Set<String> peerHosts = new HashSet<>();
        List<String> roles = new ArrayList<>();
        try (Stream<Path> peers = Files.list(results.resolve("fixed-rate/0"))) {
            for (Path peer : peers.filter(Files::isDirectory).toList()) {
                String directory = peer.getFileName().toString();
                String host = directory.substring(directory.indexOf('@') + 1);
                String service = hostOf.get(host);
                assertTrue(service != null, directory + " is not from a container of the cluster: " + hostOf);
                assertTrue(directory.startsWith(service), directory + " came from the " + service + " container");
                assertTrue(peerHosts.add(host), "two peers' results from one container " + host);
                roles.add(service);
                try (Stream<Path> files = Files.list(peer)) {
                    assertTrue(files.findAny().isPresent(), "the results of " + directory + " were not shipped");
                }
            }
        }
        roles.sort(null);
        assertEquals(List.of("inspector", "receiver", "receiver", "sender", "sender"), roles);
    }

    @Test
    void showsTheGapWhenTheAgentCutsTheSutsLinkForThreeSeconds() throws Exception {
        CommandRun.Result run = project.client(
                Map.of(
                        "AGENT_COMMAND", "drop 3s --port 5672",
                        "AGENT_AT", "5s",
                        "TEST_DURATION", "15s",
                        "SEND_RECEIVE_URL", "failover:(amqp://artemis:5672)/test.queue"),
                List.of("run", "/scripts/FixedRateTestWithAgent.groovy", "--results", "/results"),
                RUN_DEADLINE);
        assertEquals(0, run.exitCode(), "the run with the agent failed: " + run + "\n" + logs());
        Path iteration = results.resolve("fixed-rate-with-agent/0");

        Path agent = onlyDirectory(iteration, "agent-artemis@");
        List<String> action = Files.readAllLines(agent.resolve("agent-actions.csv")).stream()
                .filter(line -> line.startsWith("1,"))
                .toList();
        assertEquals(1, action.size(), "agent-actions.csv: " + Files.readString(agent.resolve("agent-actions.csv")));
        String[] fields = action.get(0).split(",");
        assertEquals("success", fields[4], action.get(0));
        long cutStart = Long.parseLong(fields[2]);
        long cutEnd = Long.parseLong(fields[3]);

        // each receiver's rate: whole seconds inside the cut with nothing received, and traffic on both sides of it
        List<Path> receivers;
        try (Stream<Path> peers = Files.list(iteration)) {
            receivers = peers.filter(p -> p.getFileName().toString().startsWith("receiver-"))
                    .toList();
        }
        assertEquals(RECEIVERS, receivers.size(), "receivers' results: " + receivers);
        for (Path receiver : receivers) {
            // rate.csv rows: the end of a second, its length in ms, the messages received in it
            List<long[]> seconds = Files.readAllLines(receiver.resolve("rate.csv")).stream()
                    .filter(line -> !line.isEmpty() && Character.isDigit(line.charAt(0)))
                    .map(line -> line.split(","))
                    .map(f -> new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2])})
                    .toList();
            assertTrue(
                    seconds.stream().anyMatch(s -> s[0] - s[1] >= cutStart && s[0] <= cutEnd && s[2] == 0),
                    receiver + " received in every second of the cut " + cutStart + ".." + cutEnd);
            assertTrue(
                    seconds.stream().anyMatch(s -> s[0] <= cutStart && s[2] > 0)
                            && seconds.stream().anyMatch(s -> s[0] - s[1] >= cutEnd && s[2] > 0),
                    receiver + " did not receive both before and after the cut");
        }
        JsonNode responseTime = new ObjectMapper()
                .readTree(results.resolve("fixed-rate-with-agent/summary.json").toFile())
                .path("iterations")
                .path(0)
                .path("latency")
                .path("responseTime");
        assertTrue(
                responseTime.path("max").asLong() >= 2_000_000,
                "messages held by the 3 s cut must show in the response time (us): " + responseTime);
    }

    private static Path onlyDirectory(Path parent, String prefix) throws IOException {
        try (Stream<Path> children = Files.list(parent)) {
            List<Path> found = children.filter(p -> p.getFileName().toString().startsWith(prefix))
                    .toList();
            assertEquals(1, found.size(), prefix + "* in " + parent + ": " + found);
            return found.get(0);
        }
    }

    private static List<String> containerIds(String service) throws IOException, InterruptedException {
        CommandRun.Result ps = project.compose(List.of("ps", "--quiet", service), Duration.ofSeconds(60));
        assertEquals(0, ps.exitCode(), ps.toString());
        return ps.output()
                .strip()
                .lines()
                .map(String::strip)
                .filter(l -> l.matches("[0-9a-f]{12,}"))
                .toList();
    }

    /** The last lines of every container's log, for a failure's message. */
    private static String logs() throws IOException, InterruptedException {
        return project.compose(List.of("logs", "--no-color", "--tail", "30"), Duration.ofSeconds(60))
                .output();
    }

    /** The user id owning a file this JVM made: the client container writes the results as that user. */
    private static String ownerOf(Path made) throws IOException {
        return Files.getAttribute(made, "unix:uid").toString();
    }

    private static void deleteRecursively(Path directory) throws IOException {
        if (!Files.exists(directory)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}

package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.maestro.base.net.FreePorts;

/**
 * docker/compose.yaml brought up for real, once for every test here: the control broker, the Artemis SUT, 2 senders, 2
 * receivers, an inspector, an agent and Prometheus (profile "metrics"), each in a container of its own on the
 * project's networks. The client container runs test-scripts/FixedRateTest.groovy and leaves the results, the report
 * and the JUnit XML on this machine while Prometheus answers the Grafana dashboard's queries; a second run has the agent
 * cut the SUT's link for 3 s (iptables in the SUT's network namespace); the last run loses two workers mid-run, one
 * killed and one cut off from the control network; "down" leaves no container, network or volume. The Maestro image is
 * built first from the distribution this build made (docker/build-images.sh maestro); the SUT and Prometheus images
 * must exist (docker/build-images.sh). Skipped without a container engine, failed under CI.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Order(1) // the longest of the integration tests, which run two classes at a time: first
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
    private static final Duration PROMETHEUS_READY_DEADLINE = Duration.ofSeconds(60);
    /**
     * From the faults to the end of the client's run: the control broker gives up the cut worker within about 1.5 × its
     * 10 s keep-alive (16 s measured), the receivers' STOP waits 10 s for its reply meanwhile, then the files of the
     * others come home and the report is written (a few seconds on this machine).
     */
    private static final Duration AFTER_THE_FAULTS = Duration.ofSeconds(45);

    private static ContainerEngine engine;
    private static ComposeProject project;
    private static Path results;
    private static PrometheusApi prometheus;
    private static int prometheusPort;

    @BeforeAll
    static void buildTheMaestroImageAndStartTheCluster() throws Exception {
        engine = ContainerEngine.require();
        MaestroImage.build(engine);
        Path docker = RepositoryFiles.path("docker");
        for (String image :
                List.of("maestro-mosquitto:bookworm", "maestro-artemis:2.40.0", "maestro-prometheus:bookworm")) {
            engine.requireImage(image, "docker/build-images.sh mosquitto artemis prometheus");
        }

        results = Path.of(System.getProperty("maestro.dist.directory"))
                .getParent()
                .resolve("compose-cluster-results");
        deleteRecursively(results);
        Files.createDirectories(results);
        String name = "maestro-it-" + UUID.randomUUID().toString().substring(0, 8);
        prometheusPort = FreePorts.next();
        prometheus = new PrometheusApi(prometheusPort);
        project = new ComposeProject(
                engine,
                docker.resolve("compose.yaml"),
                name,
                List.of("metrics"),
                Map.ofEntries(
                        Map.entry("MQTT_HOST_PORT", Integer.toString(FreePorts.next())),
                        Map.entry("ARTEMIS_CONSOLE_HOST_PORT", Integer.toString(FreePorts.next())),
                        Map.entry("PROMETHEUS_HOST_PORT", Integer.toString(prometheusPort)),
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
        awaitPrometheus();
    }

    /**
     * Waits until Prometheus is ready; fails at once with its own last lines when its container ended or was restarted
     * (compose restarts it: an exit at start-up shows as a restart count).
     */
    private static void awaitPrometheus() throws IOException, InterruptedException {
        String id = containerIds("prometheus").get(0);
        long deadline = System.nanoTime() + PROMETHEUS_READY_DEADLINE.toNanos();
        while (!prometheus.ready()) {
            String state = engine.engine(List.of("inspect", "--format", "{{.State.Status}} {{.RestartCount}}", id))
                    .run(Duration.ofSeconds(60))
                    .output()
                    .strip();
            if (!state.equals("running 0")) {
                fail("Prometheus's container " + id + " did not start (status and restarts: " + state
                        + "); its last lines:\n" + lastLines(id));
            }
            if (System.nanoTime() > deadline) {
                fail("Prometheus did not answer ready on " + prometheus + " within " + PROMETHEUS_READY_DEADLINE
                        + "; its last lines:\n" + lastLines(id));
            }
            Thread.sleep(500); // polling its HTTP port, with the deadline above
        }
    }

    /** A container's last 30 lines of output. */
    private static String lastLines(String container) throws IOException, InterruptedException {
        return engine.engine(List.of("logs", "--tail", "30", container))
                .run(Duration.ofSeconds(60))
                .output();
    }

    @AfterAll
    static void downLeavesNothing() throws Exception {
        if (project == null) {
            return;
        }
        String down = project.down(DOWN_DEADLINE);
        String left = project.leftovers();
        // whatever down left is removed by force, so that the machine is clean, and the test still fails on it
        String kept = left.isEmpty() ? "" : project.removeLeftovers();
        assertEquals(
                "",
                left,
                "'down' left these of project " + project.name() + ":\n" + left + "\n" + down
                        + (kept.isEmpty()
                                ? "\n(all removed by force since)"
                                : "\nnot even removed by force:\n" + kept));
    }

    @Test
    @Order(1)
    void runsTheFixedRateTestWithEveryPeerInAContainerOfItsOwnWhilePrometheusScrapesIt() throws Exception {
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

        CommandRun.Result published = engine.engine(
                        List.of("port", containerIds("prometheus").get(0), "9090"))
                .run(Duration.ofSeconds(60));
        assertEquals(
                "127.0.0.1:" + prometheusPort,
                published.output().strip(),
                "Prometheus is published on this host's loopback only, on the test's free port: " + published);
        DashboardQueries dashboard = DashboardQueries.read(
                RepositoryFiles.path("docs/grafana/maestro-live.json"), Map.of("test", "fixed-rate"));
        Map<String, String> unanswered = new LinkedHashMap<>();
        String runOutput;
        int exitCode;
        try (BackgroundCommand run = project.startClient(Map.of(), List.of(), results.getParent())) {
            unanswered.putAll(askPrometheusWhileItRuns(run, dashboard));
            exitCode = run.awaitExit(RUN_DEADLINE);
            runOutput = run.output();
        }
        assertEquals(0, exitCode, "the client's run failed: " + runOutput + "\n" + logs());
        assertEquals(
                Map.of(),
                unanswered,
                "queries of docs/grafana/maestro-live.json that returned no data from Prometheus while the client ran");

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

    /**
     * Asks Prometheus every second, while the client runs, each query of the dashboard that has not returned data yet;
     * returns those that never did, with what Prometheus last answered.
     */
    private static Map<String, String> askPrometheusWhileItRuns(BackgroundCommand run, DashboardQueries dashboard)
            throws IOException, InterruptedException {
        Map<String, String> unanswered = new LinkedHashMap<>();
        for (DashboardQueries.PanelQuery query : dashboard.panels()) {
            unanswered.put(query.panel() + ": " + query.expression(), "not asked");
        }
        for (DashboardQueries.LabelValues variable : dashboard.variables()) {
            unanswered.put(
                    "$" + variable.variable() + ": label_values(" + variable.match() + ", " + variable.label() + ")",
                    "not asked");
        }
        long deadline = System.nanoTime() + RUN_DEADLINE.toNanos();
        while (run.alive() && !unanswered.isEmpty() && System.nanoTime() < deadline) {
            for (DashboardQueries.PanelQuery query : dashboard.panels()) {
                String key = query.panel() + ": " + query.expression();
                if (unanswered.containsKey(key)) {
                    List<JsonNode> series = prometheus.query(query.expression());
                    if (series.isEmpty()) {
                        unanswered.put(key, "no series");
                    } else {
                        unanswered.remove(key);
                    }
                }
            }
            for (DashboardQueries.LabelValues variable : dashboard.variables()) {
                String key = "$" + variable.variable() + ": label_values(" + variable.match() + ", " + variable.label()
                        + ")";
                if (unanswered.containsKey(key)) {
                    List<String> values = prometheus.labelValues(variable.label(), variable.match());
                    if (values.contains("fixed-rate")) {
                        unanswered.remove(key);
                    } else {
                        unanswered.put(key, "values " + values);
                    }
                }
            }
            Thread.sleep(1_000); // Prometheus scrapes the client every second (docker/prometheus/prometheus.yml)
        }
        return unanswered;
    }

    @Test
    @Order(2)
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

    @Test
    @Order(3) // last: it kills a sender and cuts a receiver off; they are restored after it, but not waited for
    void namesAKilledWorkerAndOneCutOffTheControlNetworkWithHowEachEndedAndEndsSoonAfter() throws Exception {
        Map<String, String> serviceOf = new HashMap<>();
        for (String service : List.of("sender", "receiver", "inspector", "agent")) {
            for (String id : containerIds(service)) {
                serviceOf.put(id, service);
                // a peer's results reach the client over the control broker, as from another host: no shared folder
                CommandRun.Result mounts = engine.engine(List.of(
                                "inspect", "--format", "{{len .Mounts}} {{range .Mounts}}{{.Source}} {{end}}", id))
                        .run(Duration.ofSeconds(60));
                assertEquals("0", mounts.output().strip(), service + " container " + id + " mounts: " + mounts);
            }
        }
        String killed = containerIds("sender").get(0);
        String cutOff = containerIds("receiver").get(1);
        String killedPeer = "sender-" + killed.substring(0, 12);
        String cutOffPeer = "receiver-" + cutOff.substring(0, 12);
        String controlNetwork = project.name() + "_control";

        String output;
        int exitCode;
        Duration afterTheFaults;
        boolean wasCutOff = false;
        boolean wasKilled = false;
        try (BackgroundCommand run = project.startClient(
                Map.of("TEST_DURATION", "15s"),
                List.of("run", "/scripts/FixedRateTest.groovy", "--results", "/results"),
                results.getParent())) {
            run.awaitOutput("fixed-rate 0s/", RUN_DEADLINE);
            Thread.sleep(WARM_UP_SECONDS * 1_000L); // into the measured part of the run
            CommandRun.Result cut = engine.engine(List.of("network", "disconnect", controlNetwork, cutOff))
                    .run(Duration.ofSeconds(60));
            wasCutOff = cut.exitCode() == 0;
            assertEquals(0, cut.exitCode(), cut.toString());
            CommandRun.Result kill = engine.engine(List.of("kill", killed)).run(Duration.ofSeconds(60));
            wasKilled = kill.exitCode() == 0;
            assertEquals(0, kill.exitCode(), kill.toString());
            long faults = System.nanoTime();
            exitCode = run.awaitExit(RUN_DEADLINE);
            afterTheFaults = Duration.ofNanos(System.nanoTime() - faults);
            output = run.output();
        } finally {
            restore(wasCutOff ? controlNetwork : null, cutOff, wasKilled ? killed : null);
        }

        assertEquals(1, exitCode, "the test fails, it does not break: " + output);
        assertTrue(
                afterTheFaults.compareTo(AFTER_THE_FAULTS) <= 0,
                "the run ended " + afterTheFaults.toMillis() + " ms after the faults, more than " + AFTER_THE_FAULTS
                        + ":\n" + output);
        assertTrue(
                output.contains("peer " + killedPeer + "@" + killed.substring(0, 12)
                        + " (sender) dropped its control connection"),
                "the console names the killed sender: " + output);
        assertTrue(
                output.contains(
                        "peer " + cutOffPeer + "@" + cutOff.substring(0, 12) + " (receiver) became unreachable"),
                "the console names the receiver cut off: " + output);

        JsonNode iteration = lastIteration(results.resolve("fixed-rate/summary.json"));
        Map<String, JsonNode> peers = new HashMap<>();
        iteration.path("peers").forEach(peer -> peers.put(peer.path("name").asText(), peer));
        JsonNode killedSummary = peers.get(killedPeer);
        JsonNode cutOffSummary = peers.get(cutOffPeer);
        assertTrue(killedSummary != null && cutOffSummary != null, "summary.json peers: " + peers.keySet());
        assertTrue(
                killedSummary.path("ended").asText().startsWith("died: its control connection dropped at "),
                killedSummary.toString());
        assertTrue(
                cutOffSummary.path("ended").asText().startsWith("unreachable: answered nothing from "),
                cutOffSummary.toString());
        assertTrue(
                killedSummary.get("count").isNull()
                        && cutOffSummary.get("count").isNull(),
                peers.toString());
        JsonNode messages = iteration.path("messages");
        assertTrue(messages.get("sent").isNull(), "what the killed sender sent is unknown: " + messages);
        assertTrue(messages.get("lost").isNull(), "so is the loss, not a made-up number: " + messages);
        assertTrue(
                messages.path("unknownReason").asText().contains(killedPeer)
                        && messages.path("unknownReason").asText().contains(cutOffPeer),
                messages.toString());

        // the other workers' results came from their own containers, over the control broker
        Path directory =
                results.resolve("fixed-rate/" + iteration.path("iteration").asInt());
        for (Map.Entry<String, String> peer : serviceOf.entrySet()) {
            if (!peer.getValue().equals("sender") && !peer.getValue().equals("receiver")) {
                continue;
            }
            String host = peer.getKey().substring(0, 12);
            Path files = directory.resolve(peer.getValue() + "-" + host + "@" + host);
            boolean lost = peer.getKey().equals(killed) || peer.getKey().equals(cutOff);
            assertEquals(
                    !lost, Files.isRegularFile(files.resolve("peer-result.json")), files + " (lost: " + lost + ")");
        }
        assertTrue(messages.path("received").asLong() > 0, "the live receiver's count: " + messages);

        String page = Files.readString(results.resolve(
                "fixed-rate/iteration-" + iteration.path("iteration").asInt() + ".html"));
        assertTrue(
                page.contains("died: its control connection dropped") && page.contains("unreachable: answered nothing"),
                "the report's peer table says how each ended");
    }

    /**
     * Connects the cut-off container to the control network again (when {@code network} is not null) and starts the
     * killed one (when not null), so that the cluster is whole again for whatever runs after.
     */
    private static void restore(String network, String cutOff, String killed) throws IOException, InterruptedException {
        if (network != null) {
            CommandRun.Result connect = engine.engine(List.of("network", "connect", network, cutOff))
                    .run(Duration.ofSeconds(60));
            assertEquals(0, connect.exitCode(), connect.toString());
        }
        if (killed != null) {
            CommandRun.Result start = engine.engine(List.of("start", killed)).run(Duration.ofSeconds(60));
            assertEquals(0, start.exitCode(), start.toString());
        }
    }

    private static JsonNode lastIteration(Path summary) throws IOException {
        JsonNode last = null;
        for (JsonNode iteration : new ObjectMapper().readTree(summary.toFile()).path("iterations")) {
            if (last == null
                    || iteration.path("iteration").asInt()
                            > last.path("iteration").asInt()) {
                last = iteration;
            }
        }
        assertTrue(last != null, "no iteration in " + summary);
        return last;
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

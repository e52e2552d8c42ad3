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
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docker/kubernetes/ run for real by {@code podman kube play}, the nearest Kubernetes consumer on a machine without a
 * cluster: the manifest files, rendered only where kube play lacks something ({@link KubePlayRendering}), played on a
 * network of their own; the Job's pod runs the ConfigMap's fixed-rate script against the Artemis pod through 2 sender
 * and 2 receiver pods, and its results (summary.json, junit.xml) come out of the results volume. The Maestro image is
 * built first from the distribution this build made; the SUT images must exist (docker/build-images.sh). Skipped
 * without Podman, failed under CI.
 */
class KubernetesPlayIT {
    private static final int RATE = 50;
    private static final int PARALLEL_COUNT = 2;
    private static final int DURATION_SECONDS = 10;
    private static final int WARM_UP_SECONDS = 5;
    private static final Duration JOB_DEADLINE = Duration.ofMinutes(3);

    private static KubernetesManifests manifests;
    private static KubePlayCluster cluster;
    private static KubePlayRendering rendering;
    private static Path results;

    @BeforeAll
    static void playTheManifests() throws Exception {
        ContainerEngine engine = ContainerEngine.require();
        engine.requirePodman();
        MaestroImage.build(engine);
        manifests = KubernetesManifests.load(RepositoryFiles.path("docker/kubernetes"));
        rendering = KubePlayRendering.of(
                manifests,
                Map.of(
                        "maestro-test-parameters",
                        Map.of(
                                "RATE",
                                Integer.toString(RATE),
                                "PARALLEL_COUNT",
                                Integer.toString(PARALLEL_COUNT),
                                "TEST_DURATION",
                                DURATION_SECONDS + "s",
                                "WARM_UP",
                                WARM_UP_SECONDS + "s",
                                // the check here is that the manifests run: on 2 shared cores running 9 JVMs the
                                // response time is the machine's, not the SUT's
                                "MAXIMUM_LATENCY",
                                "10000")));
        for (String image : rendering.images()) {
            engine.requireImage(
                    image,
                    "docker/build-images.sh (or give docker/kubernetes/kustomization.yaml's images the names it "
                            + "builds)");
        }
        Path target = Path.of(System.getProperty("maestro.dist.directory")).getParent();
        Path files = target.resolve("kube-play");
        results = target.resolve("kube-play-results");
        for (Path folder : List.of(files, results)) {
            deleteRecursively(folder);
            Files.createDirectories(folder);
        }
        String network = "maestro-kube-" + UUID.randomUUID().toString().substring(0, 8);
        cluster = new KubePlayCluster(engine, rendering, files, network);
        String earlier = cluster.down();
        assertEquals("", earlier, "could not remove what an earlier run left");
        cluster.up();
    }

    @AfterAll
    static void downLeavesNothing() throws Exception {
        if (cluster == null) {
            return;
        }
        String failed = cluster.down();
        String left = cluster.leftovers();
        assertEquals("", left, "the teardown left these:\n" + left + "\n" + failed);
    }

    @Test
    void runsTheJobsFixedRateTestAgainstThePods() throws Exception {
        Map<String, Integer> exitCodes = cluster.runJob("maestro-client", JOB_DEADLINE);
        assertEquals(Map.of("maestro-client-client", 0), exitCodes, "the Job's client failed:\n" + cluster.logs());
        cluster.exportVolume("maestro-results", results);

        assertTrue(Files.isRegularFile(results.resolve("index.html")), "no report on the results volume");
        Path test = onlyTestFolder();
        String junit = Files.readString(test.resolve("junit.xml"));
        assertTrue(junit.contains("tests=\"1\" failures=\"0\" errors=\"0\""), junit);

        int senders = manifests
                .named("Deployment", "maestro-sender")
                .path("spec")
                .path("replicas")
                .asInt();
        JsonNode messages = new ObjectMapper()
                .readTree(test.resolve("summary.json").toFile())
                .path("iterations")
                .path(0)
                .path("messages");
        long expected = (long) RATE * PARALLEL_COUNT * senders * (DURATION_SECONDS + WARM_UP_SECONDS);
        assertEquals(expected, messages.path("sent").asLong(), "sent: rate x connections x senders x seconds");
        assertEquals(expected, messages.path("received").asLong(), messages.toString());
        assertEquals(0, messages.path("lost").asLong(), messages.toString());

        // each peer's results came from its own pod: <peer>@<host name>, the pod's name under kube play
        Set<String> expectedHosts = new HashSet<>();
        for (String deployment : List.of("maestro-sender", "maestro-receiver", "artemis")) {
            rendering.plays().stream()
                    .filter(p -> p.name().equals(deployment))
                    .forEach(p -> expectedHosts.addAll(p.pods()));
        }
        List<String> hosts = new ArrayList<>();
        try (Stream<Path> peers = Files.list(test.resolve("0"))) {
            for (Path peer : peers.filter(Files::isDirectory).toList()) {
                String directory = peer.getFileName().toString();
                hosts.add(directory.substring(directory.indexOf('@') + 1));
                try (Stream<Path> files = Files.list(peer)) {
                    assertTrue(files.findAny().isPresent(), "the results of " + directory + " were not shipped");
                }
            }
        }
        assertEquals(expectedHosts, new HashSet<>(hosts), "the pods that shipped results: " + hosts);
        assertEquals(expectedHosts.size(), hosts.size(), "one peer's results per pod: " + hosts);
    }

    /** The one test folder the Job's script left (the one holding summary.json). */
    private static Path onlyTestFolder() throws IOException {
        try (Stream<Path> children = Files.list(results)) {
            List<Path> tests = children.filter(p -> Files.isRegularFile(p.resolve("summary.json")))
                    .toList();
            assertEquals(1, tests.size(), "test folders on the results volume: " + tests);
            return tests.get(0);
        }
    }

    private static void deleteRecursively(Path folder) throws IOException {
        if (!Files.exists(folder)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}

package org.maestro.dist;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.testing.RequiredServer;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.ImagePullPolicy;
import org.testcontainers.utility.DockerImageName;

/**
 * A distributed test through Testcontainers, against the machine's engine (Podman's Docker-compatible API where
 * DOCKER_HOST points at it, with Ryuk off): Mosquitto and Artemis from the images docker/build-images.sh builds, a
 * sender and a receiver from the image of this build's distribution on a network of their own, and the client run from
 * the distribution on this machine. Local images only: nothing is pulled. Skipped without an engine, failed under CI.
 */
class ClusterContainersIT {
    /** Only images built on this machine: the tests never reach an image registry. */
    private static final ImagePullPolicy NEVER_PULL = image -> false;

    private static Network network;
    private static GenericContainer<?> mosquitto;
    private static GenericContainer<?> artemis;
    private static String maestroImage;

    @BeforeAll
    static void startTheBrokers() throws Exception {
        ContainerEngine engine = ContainerEngine.require();
        RequiredServer.require(
                DockerClientFactory.instance().isDockerAvailable(),
                "Testcontainers finds no Docker-compatible API (" + engine + ")",
                "export DOCKER_HOST=unix://" + ContainerEngine.PODMAN_SOCKET
                        + " (and TESTCONTAINERS_HOST_OVERRIDE=127.0.0.1 where this machine is itself a container)");
        engine.requireImage("maestro-mosquitto:bookworm", "docker/build-images.sh mosquitto");
        engine.requireImage("maestro-artemis:2.40.0", "docker/build-images.sh artemis");
        maestroImage = MaestroImage.build(engine);
        network = Network.newNetwork();
        mosquitto = new GenericContainer<>(DockerImageName.parse("maestro-mosquitto:bookworm"))
                .withImagePullPolicy(NEVER_PULL)
                .withNetwork(network)
                .withNetworkAliases("mosquitto")
                .withExposedPorts(1883)
                .waitingFor(Wait.forListeningPort());
        artemis = new GenericContainer<>(DockerImageName.parse("maestro-artemis:2.40.0"))
                .withImagePullPolicy(NEVER_PULL)
                .withEnv("ANONYMOUS_LOGIN", "true")
                .withNetwork(network)
                .withNetworkAliases("artemis")
                .withExposedPorts(5672)
                .waitingFor(Wait.forListeningPort().withStartupTimeout(Duration.ofMinutes(3)));
        mosquitto.start();
        artemis.start();
    }

    @AfterAll
    static void stopTheBrokers() {
        for (AutoCloseable closeable : new AutoCloseable[] {artemis, mosquitto, network}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    throw new AssertionError("could not remove " + closeable + ": " + e.getMessage(), e);
                }
            }
        }
    }

    private static GenericContainer<?> worker(String role) {
        return new GenericContainer<>(DockerImageName.parse(maestroImage))
                .withImagePullPolicy(NEVER_PULL)
                .withCommand(
                        "worker",
                        "--role",
                        role,
                        "--name",
                        role + "-in-container",
                        "--maestro-url",
                        "mqtt://mosquitto:1883")
                .withNetwork(network);
    }

    @Test
    void runsATestThroughWorkerContainers(@TempDir Path work) throws Exception {

        try (GenericContainer<?> sender = worker("sender");
                GenericContainer<?> receiver = worker("receiver")) {
            sender.start();
            receiver.start();
            String broker = "mqtt://" + mosquitto.getHost() + ":" + mosquitto.getMappedPort(1883);
            Map<String, String> environment = Distribution.bareJreEnvironment(work);
            environment.put("MAESTRO_BROKER", broker);
            awaitPeers(work, environment, List.of("sender-in-container", "receiver-in-container"));

            Files.writeString(
                    work.resolve("through-containers.groovy"),
                    String.join(
                            "\n",
                            "maestro.fixedRate {",
                            "    name \"through-containers\"",
                            "    sut \"amqp://artemis:5672/test.queue\"",
                            "    rate 100",
                            "    duration \"5s\"",
                            "}",
                            ""));
            CommandRun.Result run = CommandRun.isolated(
                            List.of(
                                    Distribution.directory()
                                            .resolve("bin/maestro-cli")
                                            .toString(),
                                    "run",
                                    "through-containers.groovy"),
                            work,
                            environment)
                    .run(Duration.ofMinutes(3));
            assertEquals(
                    0, run.exitCode(), run + "\nsender:\n" + sender.getLogs() + "\nreceiver:\n" + receiver.getLogs());
            assertTrue(Files.isRegularFile(work.resolve("results/index.html")));
            for (String peer : List.of("sender-in-container@", "receiver-in-container@")) {
                try (Stream<Path> shipped = Files.list(work.resolve("results/through-containers/0"))) {
                    assertTrue(
                            shipped.anyMatch(p -> p.getFileName().toString().startsWith(peer) && Files.isDirectory(p)),
                            "the files of " + peer + "<container> were not shipped to the client");
                }
            }
        }
    }

    /** Pings until every named peer answers; fails after a minute with the last ping's output. */
    private static void awaitPeers(Path work, Map<String, String> environment, List<String> names) throws Exception {
        await().atMost(Duration.ofMinutes(1))
                .pollDelay(Duration.ZERO)
                .pollInterval(Duration.ofSeconds(1))
                .untilAsserted(() -> {
                    CommandRun.Result ping = CommandRun.isolated(
                                    List.of(
                                            Distribution.directory()
                                                    .resolve("bin/maestro-cli")
                                                    .toString(),
                                            "ping",
                                            "--wait",
                                            "2s"),
                                    work,
                                    environment)
                            .run(Duration.ofSeconds(60));
                    String output = ping.output();
                    assertTrue(
                            ping.exitCode() == 0 && names.stream().allMatch(output::contains),
                            "peers " + names + " did not answer: " + ping);
                });
    }
}

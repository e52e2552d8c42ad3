package org.maestro.dist;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.images.builder.ImageFromDockerfile;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.utility.DockerImageName;

/**
 * A distributed test through containers, as docker/compose.yaml sets it up: Mosquitto and Artemis from their public
 * images, a sender and a receiver from an image of the built distribution on a shared network, and the client run
 * from the distribution on this machine. Skipped where no Docker engine runs.
 */
@Testcontainers(disabledWithoutDocker = true)
class ClusterContainersIT {
    private static final Network NETWORK = Network.newNetwork();

    @Container
    static final GenericContainer<?> MOSQUITTO = new GenericContainer<>(
                    DockerImageName.parse("eclipse-mosquitto:2.0.20"))
            .withCommand("mosquitto", "-c", "/mosquitto-no-auth.conf")
            .withNetwork(NETWORK)
            .withNetworkAliases("mosquitto")
            .withExposedPorts(1883)
            .waitingFor(Wait.forListeningPort());

    @Container
    static final GenericContainer<?> ARTEMIS = new GenericContainer<>(
                    DockerImageName.parse("apache/activemq-artemis:2.42.0"))
            .withEnv("ANONYMOUS_LOGIN", "true")
            .withNetwork(NETWORK)
            .withNetworkAliases("artemis")
            .withExposedPorts(5672)
            .waitingFor(Wait.forListeningPort().withStartupTimeout(Duration.ofMinutes(2)));

    /** An image of the distribution built by this module, on the runtime base image of docker/Dockerfile. */
    private static ImageFromDockerfile maestroImage() {
        return new ImageFromDockerfile("maestro-it", true)
                .withFileFromPath("maestro", Distribution.directory())
                .withDockerfileFromBuilder(builder -> builder.from("eclipse-temurin:17-jre-jammy")
                        .copy("maestro", "/opt/maestro")
                        .entryPoint("sh", "/opt/maestro/bin/maestro-cli")
                        .build());
    }

    private static GenericContainer<?> worker(ImageFromDockerfile image, String role) {
        return new GenericContainer<>(image)
                .withCommand(
                        "worker",
                        "--role",
                        role,
                        "--name",
                        role + "-in-container",
                        "--maestro-url",
                        "mqtt://mosquitto:1883")
                .withNetwork(NETWORK);
    }

    @Test
    void runsATestThroughWorkerContainers(@TempDir Path work) throws Exception {
        ImageFromDockerfile image = maestroImage();
        try (GenericContainer<?> sender = worker(image, "sender");
                GenericContainer<?> receiver = worker(image, "receiver")) {
            sender.start();
            receiver.start();
            String broker = "mqtt://" + MOSQUITTO.getHost() + ":" + MOSQUITTO.getMappedPort(1883);
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
            assertTrue(
                    Files.isDirectory(work.resolve("results/through-containers/0/sender-in-container")),
                    "the sender's files were not shipped to the client");
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

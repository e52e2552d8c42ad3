package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * The SUT in a container of its own, the peers on this machine: Artemis from the image docker/build-images.sh builds
 * (maestro-artemis, local, never pulled), started through Testcontainers with its AMQP port mapped on the host; the
 * distribution's maestro-cli runs test-scripts/FixedRateTest.groovy in embedded mode (control broker, a sender and a
 * receiver in its JVM) against that port. Skipped without an engine, failed under CI.
 */
class SutContainerIT {
    private static final int RATE = 100;
    private static final int PARALLEL_COUNT = 2;
    private static final int DURATION_SECONDS = 5;
    private static final int WARM_UP_SECONDS = 1;

    @Test
    void runsTheFixedRateTestAgainstArtemisInAContainer(@TempDir Path work) throws Exception {
        ContainerEngine engine = LocalContainers.require();
        try (GenericContainer<?> artemis =
                LocalContainers.of(engine, "maestro-artemis:2.40.0", "docker/build-images.sh artemis")) {
            artemis.withEnv("ANONYMOUS_LOGIN", "true")
                    .withExposedPorts(5672)
                    .waitingFor(Wait.forListeningPort().withStartupTimeout(Duration.ofMinutes(2)))
                    .start();
            String url = "amqp://" + artemis.getHost() + ":" + artemis.getMappedPort(5672) + "/test.queue";

            Map<String, String> environment = Distribution.bareJreEnvironment(work);
            environment.put("SEND_RECEIVE_URL", url);
            environment.put("RATE", Integer.toString(RATE));
            environment.put("PARALLEL_COUNT", Integer.toString(PARALLEL_COUNT));
            environment.put("TEST_DURATION", DURATION_SECONDS + "s");
            environment.put("WARM_UP", WARM_UP_SECONDS + "s");
            // the check here is the path to a SUT in a container; the response time is the shared machine's
            environment.put("MAXIMUM_LATENCY", "10000");
            CommandRun.Result run = CommandRun.isolated(
                            List.of(
                                    Distribution.directory()
                                            .resolve("bin/maestro-cli")
                                            .toString(),
                                    "run",
                                    RepositoryFiles.path("test-scripts/FixedRateTest.groovy")
                                            .toString()),
                            work,
                            environment)
                    .run(Duration.ofMinutes(2));
            assertEquals(0, run.exitCode(), run + "\nArtemis:\n" + artemis.getLogs());
            assertTrue(run.output().contains(url), "the run names the SUT it used: " + run);

            JsonNode messages = new ObjectMapper()
                    .readTree(work.resolve("results/fixed-rate/summary.json").toFile())
                    .path("iterations")
                    .path(0)
                    .path("messages");
            // one sender in embedded mode
            long expected = (long) RATE * PARALLEL_COUNT * (DURATION_SECONDS + WARM_UP_SECONDS);
            assertEquals(expected, messages.path("sent").asLong(), "sent: rate x connections x seconds");
            assertEquals(expected, messages.path("received").asLong(), messages.toString());
            assertEquals(0, messages.path("lost").asLong(), messages.toString());
            assertTrue(
                    Files.readString(work.resolve("results/fixed-rate/junit.xml"))
                            .contains("tests=\"1\" failures=\"0\" errors=\"0\""),
                    "junit.xml of a passed test");
        }
    }
}

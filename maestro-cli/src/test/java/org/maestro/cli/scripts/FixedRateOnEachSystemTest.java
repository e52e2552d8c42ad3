package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maestro.common.cli.ExitCode;
import org.maestro.reporter.testing.ResultsAudit;
import org.maestro.testing.LocalRabbitMq;
import org.maestro.testing.MosquittoProcess;
import org.maestro.testing.NatsServerProcess;
import org.maestro.testing.RequiredServer;

/**
 * The one fixed-rate script runs against each messaging system this machine serves by its URL alone
 * ({@code SEND_RECEIVE_URL}): RabbitMQ over AMQP 0-9-1, Mosquitto over MQTT and NATS, each with every message sent
 * received and the report's numbers matching the raw files.
 */
class FixedRateOnEachSystemTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    private static final String NAME = "maestro-test-" + UUID.randomUUID();

    static Stream<Arguments> systems() {
        String name = NAME;
        return Stream.of(
                Arguments.of(
                        "RabbitMQ (AMQP 0-9-1)",
                        (Runnable) LocalRabbitMq::assumeRunning,
                        LocalRabbitMq.url("queue=" + name + "&declare=true")),
                Arguments.of(
                        "Mosquitto (MQTT 3.1.1)",
                        (Runnable) MosquittoProcess::assumeLocalRunning,
                        "mqtt://127.0.0.1:1883/maestro/" + name + "?qos=1"),
                Arguments.of(
                        "NATS",
                        (Runnable) NatsServerProcess::assumeLocalRunning,
                        NatsServerProcess.LOCAL_URL + "/maestro." + name));
    }

    /** Deletes the RabbitMQ queue the run declared, if it did. */
    @AfterAll
    static void deleteQueue() throws Exception {
        if (RequiredServer.listening(LocalRabbitMq.PORT)) {
            LocalRabbitMq.deleteQueue(NAME);
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("systems")
    void theFixedRateScriptRunsAgainstTheSystemNamedByItsUrl(String system, Runnable assumeRunning, String url)
            throws Exception {
        assumeRunning.run();
        CliProcess run = CliProcess.runScript(
                "FixedRateTest.groovy",
                Map.of(
                        "SEND_RECEIVE_URL",
                        url,
                        "TEST_DURATION",
                        "3s",
                        "WARM_UP",
                        "1s",
                        "RATE",
                        "100",
                        "PARALLEL_COUNT",
                        "1",
                        "MAXIMUM_LATENCY",
                        "5000"),
                Duration.ofMinutes(2),
                work);

        assertEquals(ExitCode.OK.code(), run.exitCode(), run.output());
        Path iteration = work.resolve("results/fixed-rate/0");
        JsonNode messages = JSON.readTree(
                        iteration.getParent().resolve("summary.json").toFile())
                .get("iterations")
                .get(0)
                .get("messages");
        assertEquals(400, messages.get("sent").asLong(), "1 connection × 100 msg/s × (3 s + 1 s warm-up): " + messages);
        assertEquals(400, messages.get("received").asLong(), messages.toString());
        assertEquals(0, messages.get("lost").asLong(), messages.toString());
        assertFalse(run.output().contains("guest:guest@"), "the password is never printed:\n" + run.output());
        ResultsAudit.assertConsistent(iteration);
        try (Stream<Path> files = Files.walk(work.resolve("results"))) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertFalse(
                        new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1).contains("guest:guest@"),
                        "the password is written in " + file);
            }
        }
    }
}

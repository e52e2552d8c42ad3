package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.testing.DistributedCluster;
import org.maestro.cli.testing.WorkerProcess;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.out.SummaryJson;

/**
 * A peer that goes silent is told from one that is killed, with real processes: worker JVMs on a Mosquitto control
 * broker and an Artemis SUT apart. Mid-test one of two receivers is frozen (SIGSTOP: its control connection stays open
 * and says nothing, as behind a cut network; the broker gives it up when its 4 s keep-alive expires) and the sender
 * is killed (SIGKILL: its connection drops at once). The run names each with how it ended, leaves the loss unknown and
 * ends soon after.
 */
class UnreachablePeerTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration KEEP_ALIVE = Duration.ofSeconds(4);
    /**
     * From the kill to the end of the run: the frozen receiver's last will (≤ 1.5 × keep-alive), the receivers' STOP
     * (its replies wait 10 s), the collection of the live receiver's files and the report.
     */
    private static final Duration AFTER_THE_KILL = Duration.ofSeconds(30);

    @TempDir
    Path work;

    private DistributedCluster cluster;

    @BeforeEach
    void startCluster() throws Exception {
        cluster = DistributedCluster.start("u", work);
    }

    @AfterEach
    void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void aFrozenReceiverIsNamedUnreachableAndAKilledSenderDroppedWithTheLossUnknown() throws Exception {
        WorkerProcess frozen = cluster.addReceiver("receiver-u2", work.resolve("receiver-u2-files"), KEEP_ALIVE);
        Path script = work.resolve("Faults.groovy");
        Files.writeString(
                script,
                "maestro.test { name \"faults\"; sut \"" + cluster.sut().amqpUrl("faults.queue")
                        + "\"; rate 200; duration \"2m\" }\n");
        Path results = work.resolve("results");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(
                () -> CliRun.run(script, cluster.mosquitto().url(), results));
        cluster.awaitMessages(Role.RECEIVER, 200, Duration.ofSeconds(40));

        CliRun outcome;
        long killed;
        frozen.freeze();
        try {
            Thread.sleep(1_000);
            cluster.sender().kill();
            killed = System.nanoTime();
            outcome = run.get(90, TimeUnit.SECONDS);
        } finally {
            frozen.thaw();
        }
        Duration afterTheKill = Duration.ofNanos(System.nanoTime() - killed);

        assertEquals(ExitCode.TEST_FAILED.code(), outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(
                afterTheKill.compareTo(AFTER_THE_KILL) <= 0,
                "the run ended " + afterTheKill.toMillis() + " ms after the kill, more than " + AFTER_THE_KILL);
        String printed = outcome.out() + outcome.err();
        assertTrue(printed.contains("peer sender-u@") && printed.contains("dropped its control connection"), printed);
        assertTrue(printed.contains("peer receiver-u2@") && printed.contains("became unreachable"), printed);

        JsonNode iteration = JSON.readTree(
                        results.resolve("faults").resolve(SummaryJson.FILE_NAME).toFile())
                .path("iterations")
                .path(0);
        assertTrue(
                peer(iteration, "sender-u").path("ended").asText().startsWith("died: its control connection dropped"),
                iteration.path("peers").toString());
        assertTrue(
                peer(iteration, "receiver-u2").path("ended").asText().startsWith("unreachable: answered nothing from "),
                iteration.path("peers").toString());
        assertEquals("stopped", peer(iteration, "receiver-u").path("ended").asText());
        JsonNode messages = iteration.path("messages");
        assertTrue(messages.get("sent").isNull() && messages.get("lost").isNull(), messages.toString());
        assertTrue(messages.path("received").asLong() > 0, "what the live receiver got is counted: " + messages);
        String why = messages.path("unknownReason").asText();
        assertTrue(why.contains("sender-u@") && why.contains("receiver-u2@"), why);
    }

    private static JsonNode peer(JsonNode iteration, String name) {
        for (JsonNode peer : iteration.path("peers")) {
            if (peer.path("name").asText().equals(name)) {
                return peer;
            }
        }
        throw new AssertionError("no peer " + name + " in " + iteration.path("peers"));
    }
}

package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;
import org.maestro.embedded.EmbeddedArtemis;

/**
 * A broker that stops delivering near the end of a test, with the last messages queued, for longer than a receiver's
 * 1 s quiet period (as Artemis paging or a re-routing router do): the client holds the drain open while the receiver
 * has not all the sender sent, so the test passes with every message received and none lost. One control broker
 * with in-process peers, and an embedded Artemis of the test's own as the system under test.
 */
class DrainPausedBrokerEmbeddedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String QUEUE = "drain.paused";
    /** The sender's messages: 150 at 50 msg/s, after PRIMING_MESSAGES 1000 priming ones. */
    private static final long SENT = 150;

    private static final long PRIMING = 1_000;

    @TempDir
    Path work;

    @Test
    void theDrainOutlastsABrokerThatHoldsTheLastMessagesBackAndNothingIsLost() throws Exception {
        try (EmbeddedArtemis sut = EmbeddedArtemis.builder()
                        .amqp()
                        .name("drain-paused")
                        .withoutJmx()
                        .start();
                EmbeddedCluster cluster = EmbeddedCluster.start(
                        Roles.embeddedPeers(processes -> {}), EmbeddedSut.onFreePort(false, note -> {}))) {
            Path script = work.resolve("Paused.groovy");
            // DRAIN_QUIET 8 s: longer than the pause as the drain sees it (at most the 5 s below)
            Files.writeString(script, """
                    maestro.fixedRate { name "paused"; rate 50; duration %d; drainQuiet "8s" }
                    """.formatted(SENT));
            CompletableFuture<Long> held = CompletableFuture.supplyAsync(() -> pauseNearTheEnd(sut));

            CliRun run = CliRun.runWithEnvironment(
                    Map.of("SEND_RECEIVE_URL", sut.amqpUrl(QUEUE)),
                    "run",
                    script.toString(),
                    "--maestro-url",
                    cluster.controlUrl(),
                    "--results",
                    work.resolve("results").toString());

            long heldBack = held.get(30, TimeUnit.SECONDS);
            assertTrue(heldBack > 0, "the broker held messages back when it resumed delivery: " + heldBack);
            String printed = run.out() + run.err();
            assertEquals(ExitCode.OK.code(), run.exitCode(), printed);
            JsonNode messages = JSON.readTree(
                            work.resolve("results/paused/summary.json").toFile())
                    .get("iterations")
                    .get(0)
                    .get("messages");
            assertEquals(SENT, messages.get("sent").asLong(), messages.toString());
            assertEquals(SENT, messages.get("received").asLong(), "the held-back messages arrived: " + messages);
            assertEquals(0, messages.get("lost").asLong(), messages.toString());
            PeerResult receiver = PeerResult.read(PeerDirectories.find(work.resolve("results/paused/0"), "receiver-")
                    .resolve(PeerResult.FILE_NAME));
            assertTrue(receiver.reason().contains("the client ended the drain"), receiver.reason());
            assertFalse(
                    printed.contains("DRAIN_QUIET"), "the counts matched, no wait for want of progress: " + printed);
        }
    }

    /**
     * Stops the queue's delivery once the sender sent 120 of its messages, and resumes it 5 s after the broker got
     * the last one (by then the drain has begun); says how many messages were queued when it resumed.
     */
    private static long pauseNearTheEnd(EmbeddedArtemis sut) {
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            while (sut.messagesAdded(QUEUE).orElse(0) < PRIMING + 120 && System.nanoTime() < deadline) {
                Thread.sleep(5);
            }
            assertTrue(sut.holdDeliveries(QUEUE, true), "the queue " + QUEUE + " exists");
            while (sut.messagesAdded(QUEUE).orElse(0) < PRIMING + SENT && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            Thread.sleep(5_000);
            long queued = sut.messageCount(QUEUE).orElse(0);
            sut.holdDeliveries(QUEUE, false);
            return queued;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            sut.holdDeliveries(QUEUE, false);
            return 0;
        }
    }
}

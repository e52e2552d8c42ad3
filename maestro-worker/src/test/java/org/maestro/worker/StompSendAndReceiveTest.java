package org.maestro.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** Sender and receiver roles through the STOMP driver against an Artemis broker in this JVM (STOMP acceptor). */
class StompSendAndReceiveTest {
    private static EmbeddedArtemis broker;

    @TempDir
    Path results;

    @BeforeAll
    static void startBroker() throws Exception {
        broker = EmbeddedArtemis.builder()
                .stomp()
                .name("worker-stomp")
                .withoutJmx()
                .start();
    }

    @AfterAll
    static void stopBroker() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static String url(String query) {
        return broker.stompUrl("/queue/maestro-" + UUID.randomUUID()) + query;
    }

    @Test
    void receiptedSendsAtAFixedRateAreAllReceivedOnceAndAccepted() throws Exception {
        LosslessRun.check(results, url(""), 500, 500, "stomp-receipts", "a RECEIPT for every send");
    }

    @Test
    @Timeout(300)
    void theRunGoesOnAndAccountsForEveryMessageWhenTheBrokerRestarts() throws Exception {
        LoadTestRun run = new LoadTestRun(
                results,
                Map.of(
                        "SEND_RECEIVE_URL",
                        url(""),
                        "TEST_DURATION",
                        "4s",
                        "PARALLEL_COUNT",
                        "2",
                        "RATE",
                        "200",
                        "TEST_NAME",
                        "stomp-restart"));
        SenderRole sender = LoadTestRun.sender();
        ReceiverRole receiver = LoadTestRun.receiver();
        receiver.handle(Note.request(Command.START_RECEIVER), run.receiverContext);
        sender.handle(Note.request(Command.START_SENDER), run.senderContext);
        await("messages flowing before the restart")
                .atMost(Duration.ofSeconds(60))
                .until(() -> sender.stats().count() > 0 && receiver.stats().count() > 0);
        broker.restart();
        long restarted = System.currentTimeMillis();

        run.senderOutcome = run.senderContext.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);
        receiver.handle(Note.request(Command.DRAIN), run.receiverContext);
        run.receiverOutcome = run.receiverContext.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertTrue(countAfter(run.senderDirectory(), restarted) > 0, "the senders went on after the restart");
        assertTrue(countAfter(run.receiverDirectory(), restarted) > 0, "the receivers went on after the restart");
        MessageTally total = run.total();
        assertEquals(run.senderResult().count(), total.sent());
        assertEquals(total.sent() - total.received(), total.lost(), "lost = sent − received");
        assertTrue(total.received() > 0, "messages arrived");
        assertTrue(run.receiverOutcome.message().contains("connections opened again"), run.receiverOutcome.message());
    }

    /** Messages counted in rate.csv rows of intervals that began after the given time. */
    private static long countAfter(Path directory, long millis) throws Exception {
        return Files.readAllLines(directory.resolve("rate.csv")).stream()
                .skip(2)
                .map(line -> line.split(","))
                .filter(row -> Long.parseLong(row[0]) - Long.parseLong(row[1]) > millis)
                .mapToLong(row -> Long.parseLong(row[2]))
                .sum();
    }
}

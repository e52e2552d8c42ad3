package org.maestro.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * The system under test restarts during a test: with a failover URL the client reconnects by itself, with a plain
 * URL the sender and receiver open their connections again; either way the run goes on and accounts for every
 * message.
 */
class BrokerRestartTest {
    @TempDir
    Path results;

    @ParameterizedTest(name = "{0}")
    @ValueSource(
            strings = {
                "failover:(amqp://127.0.0.1:PORT)/restart.queue"
                        + "?failover.initialReconnectDelay=100&failover.maxReconnectDelay=500",
                "amqp://127.0.0.1:PORT/restart.queue"
            })
    @Timeout(400)
    void completesAndAccountsForEveryMessageWhenTheBrokerRestarts(String form) throws Exception {
        try (EmbeddedArtemis broker = EmbeddedArtemis.builder()
                .amqp()
                .name("worker-restart")
                .withoutJmx()
                .start()) {
            String url = form.replace("PORT", Integer.toString(broker.amqpPort()));
            LoadTestRun run = new LoadTestRun(
                    results,
                    Map.of(
                            // a message count, not a time: the senders must send past the restart however long it takes
                            "SEND_RECEIVE_URL",
                            url,
                            "TEST_DURATION",
                            "3000",
                            "PARALLEL_COUNT",
                            "2",
                            "RATE",
                            "500",
                            "TEST_NAME",
                            "restart"));
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
            PeerResult sent = run.senderResult();
            PeerResult received = run.receiverResult();
            assertTrue(countAfter(run.senderDirectory(), restarted) > 0, "the senders went on after the restart");
            assertTrue(countAfter(run.receiverDirectory(), restarted) > 0, "the receivers went on after the restart");
            MessageTally total = run.total();
            assertEquals(sent.count(), total.sent());
            assertEquals(total.sent() - total.received(), total.lost(), "lost = sent − received");
            assertTrue(total.received() > 0 && total.received() <= sent.count());
            assertEquals(received.count(), total.received() + total.duplicates());
            assertTrue(!sender.busy() && !receiver.busy());
            if (!url.startsWith("failover:")) {
                assertTrue(
                        run.receiverOutcome.message().contains("connections opened again"),
                        run.receiverOutcome.message());
            }
        }
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

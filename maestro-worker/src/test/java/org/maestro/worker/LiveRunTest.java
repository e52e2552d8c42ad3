package org.maestro.worker;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.embedded.AmqpBroker;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** What the client sees of a running test: BUSY, live figures, flushed files, STOP and HALT. */
class LiveRunTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-live");

    @TempDir
    Path results;

    @Test
    void refusesASecondStartAndShowsLiveFiguresAndFlushedFilesUntilStopped() throws Exception {
        SenderRole sender = LoadTestRun.sender();
        ReceiverRole receiver = LoadTestRun.receiver();
        LoadTestRun run = new LoadTestRun(
                results,
                Map.of(
                        "SEND_RECEIVE_URL",
                        broker.amqpUrl("live.queue"),
                        "TEST_DURATION",
                        "60s",
                        "RATE",
                        "200",
                        "TEST_NAME",
                        "live"));
        receiver.handle(Note.request(Command.START_RECEIVER), run.receiverContext);
        sender.handle(Note.request(Command.START_SENDER), run.senderContext);
        RoleException busy = assertThrows(
                RoleException.class, () -> sender.handle(Note.request(Command.START_SENDER), run.senderContext));
        assertEquals(ErrorCodes.BUSY, busy.code());
        assertTrue(sender.busy() && receiver.busy());

        await("live figures from both roles").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            Payload.Stats stats = receiver.stats();
            assertEquals("receiver", stats.role());
            assertTrue(stats.count() > 0, "live count " + stats);
            assertTrue(sender.stats().count() > 0, "live count " + sender.stats());
        });
        // rate.csv gets a row a second: wait for two, flushing each time, rather than guess when they are due
        await("rows and intervals flushed").atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
            sender.flush();
            receiver.flush();
            assertTrue(
                    Files.readAllLines(run.senderDirectory().resolve("rate.csv"))
                                    .size()
                            > 2,
                    "rows flushed");
            assertTrue(
                    HistogramLogs.totals(run.receiverDirectory().resolve("response-time.hlog"))[0] > 0,
                    "intervals flushed");
        });

        sender.handle(Note.request(Command.STOP_SENDER), run.senderContext);
        RecordingPeerContext.Notification sent = run.senderContext.awaitOutcome(Duration.ofSeconds(60));
        assertEquals(Command.NOTIFY_SUCCESS, sent.command(), sent.message());
        assertTrue(sent.message().contains("stopped by the client"), sent.message());
        assertFalse(sender.busy(), "idle once it notified");
        receiver.handle(Note.request(Command.STOP_RECEIVER), run.receiverContext);
        RecordingPeerContext.Notification received = run.receiverContext.awaitOutcome(Duration.ofSeconds(60));
        assertEquals(Command.NOTIFY_SUCCESS, received.command(), received.message());
        assertEquals(Long.parseLong(sent.details().get("count")), run.total().sent());
        assertEquals(run.total().sent() - run.total().received(), run.total().lost());
    }

    @Test
    void haltStopsAtOnceAndTheRolesRunTheNextTest() throws Exception {
        SenderRole sender = LoadTestRun.sender();
        ReceiverRole receiver = LoadTestRun.receiver();
        LoadTestRun first = new LoadTestRun(
                results,
                Map.of(
                        "SEND_RECEIVE_URL",
                        broker.amqpUrl("halt.queue"),
                        "TEST_DURATION",
                        "60s",
                        "RATE",
                        "100",
                        "TEST_NAME",
                        "halted"));
        receiver.handle(Note.request(Command.START_RECEIVER), first.receiverContext);
        sender.handle(Note.request(Command.START_SENDER), first.senderContext);
        await("messages flowing before the halt")
                .atMost(Duration.ofSeconds(30))
                .until(() -> sender.stats().count() > 0 && receiver.stats().count() > 0);
        long start = System.nanoTime();
        sender.halt();
        receiver.halt();
        assertTrue(System.nanoTime() - start < 10_000_000_000L, "halt returned within 10 s");
        assertFalse(sender.busy() || receiver.busy());
        RecordingPeerContext.Notification halted = first.senderContext.awaitOutcome(Duration.ofSeconds(5));
        assertEquals(Command.NOTIFY_FAIL, halted.command());
        assertTrue(halted.message().startsWith("halted after"), halted.message());
        assertEquals(PeerResult.FAILURE, first.receiverResult().outcome());

        LoadTestRun next = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                broker.amqpUrl("topic.after.halt") + "?type=topic",
                                "TEST_DURATION",
                                "500",
                                "RATE",
                                "1000",
                                "PARALLEL_COUNT",
                                "2",
                                "MAXIMUM_LATENCY",
                                "60000",
                                "TEST_NAME",
                                "after-halt"))
                .run(sender, receiver, LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(Command.NOTIFY_SUCCESS, next.receiverOutcome.command(), next.receiverOutcome.message());
        assertTrue(next.receiverOutcome.message().startsWith("p90 response time "), next.receiverOutcome.message());
        assertTrue(
                next.receiverOutcome.message().contains("≤ MAXIMUM_LATENCY 60000 ms"), next.receiverOutcome.message());
        // on a topic every receiver connection gets every message: the second copy counts as a duplicate
        assertEquals(1000, next.total().sent());
        assertEquals(0, next.total().lost());
        assertEquals(1000, next.total().received());
        assertEquals(1000, next.total().duplicates());
        assertEquals(2000, next.receiverResult().count());
    }
}

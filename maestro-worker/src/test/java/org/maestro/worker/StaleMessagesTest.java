package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.worker.sender.SenderRole;

/**
 * Messages an earlier run left in a queue (same sender name, same connection, same sequence numbers) are consumed
 * by the next run's receiver and counted as stale: not received, no duplicates, not measured.
 */
class StaleMessagesTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-stale");

    @TempDir
    Path results;

    @Test
    void messagesOfAnEarlierRunInTheQueueAreStaleNotReceived() throws Exception {
        String url = broker.amqpUrl("stale.queue");
        // the earlier run: a sender alone, so that its 2 × 40 messages and 2 × 15 priming messages stay queued
        RecordingPeerContext earlier = new RecordingPeerContext("sender-1", "sender", results.resolve("earlier"))
                .set(Map.of(
                        "SEND_RECEIVE_URL", url,
                        "TEST_DURATION", "40",
                        "PARALLEL_COUNT", "2",
                        "PRIMING_MESSAGES", "15",
                        "RUN_ID", "earlier-run",
                        "TEST_NAME", "stale"));
        SenderRole sender = LoadTestRun.sender();
        sender.handle(Note.request(Command.START_SENDER), earlier);
        RecordingPeerContext.Notification left = earlier.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);
        assertEquals(Command.NOTIFY_SUCCESS, left.command(), left.message());
        sender.reset();

        // the new run: the same sender name, so its streams and sequence numbers are those of the earlier run
        LoadTestRun run = new LoadTestRun(
                        results.resolve("later"),
                        Map.of(
                                "SEND_RECEIVE_URL", url,
                                "TEST_DURATION", "50",
                                "PARALLEL_COUNT", "1",
                                "PRIMING_MESSAGES", "5",
                                "RUN_ID", "later-run",
                                "TEST_NAME", "stale"))
                .run(sender, LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        PeerResult received = run.receiverResult();
        assertEquals(50, run.senderResult().count());
        assertEquals(50, received.count(), "only the new run's messages are received");
        assertEquals(0, received.duplicates(), "the earlier run's sequences 0-39 are no duplicates");
        assertEquals(0, received.errors());
        assertEquals(2 * 40 + 2 * 15, received.staleCount(), "every message of the earlier run, priming included");
        assertTrue(received.reason().contains("110 stale message(s) of another run"), received.reason());
        assertEquals(1, received.streams().size(), received.streams().toString());
        assertEquals(50, received.streams().get(0).count());
        assertEquals(
                50,
                recorded(run.receiverDirectory().resolve("response-time.hlog")),
                "only the new run's messages are measured");
    }

    private static long recorded(Path log) throws Exception {
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        long total = 0;
        EncodableHistogram histogram;
        while ((histogram = reader.nextIntervalHistogram()) != null) {
            total += ((org.HdrHistogram.Histogram) histogram).getTotalCount();
        }
        return total;
    }
}

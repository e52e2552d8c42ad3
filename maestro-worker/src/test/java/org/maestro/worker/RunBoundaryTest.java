package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.time.MicroClock;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.driver.DriverConnection;
import org.maestro.driver.DriverException;
import org.maestro.driver.DriverProducer;
import org.maestro.driver.Drivers;
import org.maestro.embedded.AmqpBroker;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * Where a run ends for its receiver: a drain lasts while any message still arrives (priming ones too), a drain the
 * client holds outlasts a broker that stops delivering, and messages an earlier run left in a queue are counted as
 * stale by the next run's receiver, not as its own.
 */
class RunBoundaryTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-run-boundary");

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
                HistogramLogs.all(run.receiverDirectory().resolve("response-time.hlog"))
                        .getTotalCount(),
                "only the new run's messages are measured");
    }

    @Test
    void aDrainLastsWhilePrimingMessagesStillArrive() throws Exception {
        String url = broker.amqpUrl("drain.queue");
        int tag = MessageStamp.runTag("drain-run");
        ReceiverRole receiver = ReceiverRole.builder()
                .connectTimeout(LoadTestRun.PATIENT)
                .quietPeriod(Duration.ofMillis(500))
                .build();
        RecordingPeerContext context = new RecordingPeerContext("receiver-1", "receiver", results)
                .set(Map.of(
                        "SEND_RECEIVE_URL", url,
                        "TEST_DURATION", "15",
                        "RUN_ID", "drain-run",
                        "TEST_NAME", "drain"));
        receiver.handle(Note.request(Command.START_RECEIVER), context);
        try (StampedSender sender = new StampedSender(url, tag)) {
            sender.sendMessages(0, 10);
            long drainStart = System.nanoTime();
            receiver.handle(Note.request(Command.DRAIN, DrainMode.QUIET.payload()), context);
            // a backlog of priming messages arriving slowly, each gap shorter than the quiet period, 2 s in all,
            // then the rest of the test's messages: a drain that ignored priming would end before they arrive
            for (int primer = 0; primer < 8; primer++) {
                Thread.sleep(250);
                sender.sendPriming(primer);
            }
            sender.sendMessages(10, 15);
            RecordingPeerContext.Notification outcome = context.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);
            long drainedMillis = (System.nanoTime() - drainStart) / 1_000_000;

            assertEquals(Command.NOTIFY_SUCCESS, outcome.command(), outcome.message());
            PeerResult received = PeerResult.read(context.resultDirectory().resolve(PeerResult.FILE_NAME));
            assertEquals(15, received.count(), "every test message, the last ones behind the priming backlog");
            assertEquals(0, received.staleCount());
            assertTrue(received.reason().contains("drained"), received.reason());
            assertTrue(drainedMillis >= 2_000, "the drain lasted while priming messages arrived: " + drainedMillis);
        }
    }

    @Test
    void aHeldDrainOutlastsABrokerThatStopsDeliveringAndEndsWithEveryMessageReceived() throws Exception {
        String queueName = "paused.queue";
        String url = broker.amqpUrl(queueName);
        int tag = MessageStamp.runTag("paused-run");
        // the default quiet period of 1 s: a drain ended by it loses whatever the broker holds back longer
        ReceiverRole receiver =
                ReceiverRole.builder().connectTimeout(LoadTestRun.PATIENT).build();
        RecordingPeerContext context = new RecordingPeerContext("receiver-1", "receiver", results)
                .set(Map.of(
                        "SEND_RECEIVE_URL", url,
                        "TEST_DURATION", "40",
                        "RUN_ID", "paused-run",
                        "TEST_NAME", "paused"));
        receiver.handle(Note.request(Command.START_RECEIVER), context);
        Queue queue = broker.server().locateQueue(SimpleString.of(queueName));
        assertNotNull(queue, "the receiver's consumer created " + queueName);
        try (StampedSender sender = new StampedSender(url, tag)) {
            sender.sendMessages(0, 10);
            awaitCount(receiver, 10);
            // the broker stops delivering (as Artemis paging or a re-routing router does) with 30 messages queued
            queue.pause();
            sender.sendMessages(10, 40);
            receiver.handle(Note.request(Command.DRAIN, DrainMode.HOLD.payload()), context);
            Thread.sleep(2_500);
            assertEquals(
                    List.of(),
                    context.notifications(),
                    "the drain outlasts 2.5 s without delivery (the old rule ended it after 1 s)");
            assertEquals(10, receiver.stats().count(), "the broker really held the 30 messages back");
            assertEquals(40, queue.getMessagesAdded(), "all 40 reached the broker");

            queue.resume();
            // what the client does: read the receiver's count until it has every message sent, then end the drain
            awaitCount(receiver, 40);
            long endSent = System.nanoTime();
            receiver.handle(Note.request(Command.DRAIN, DrainMode.END.payload()), context);
            RecordingPeerContext.Notification outcome = context.awaitOutcome(LoadTestRun.OUTCOME_TIMEOUT);
            long endedMillis = (System.nanoTime() - endSent) / 1_000_000;

            assertEquals(Command.NOTIFY_SUCCESS, outcome.command(), outcome.message());
            PeerResult received = PeerResult.read(context.resultDirectory().resolve(PeerResult.FILE_NAME));
            assertEquals(40, received.count(), "every message sent, the 30 held back included: none lost");
            assertEquals(0, received.duplicates());
            assertEquals(1, received.streams().size(), received.streams().toString());
            assertEquals(40, received.streams().get(0).count(), "sequences 0-39, each once");
            assertTrue(received.reason().contains("the client ended the drain"), received.reason());
            assertTrue(
                    endedMillis < 1_000,
                    "the drain ends at once when told, with no quiet period (the receiver's is 1 s): " + endedMillis
                            + " ms");
        }
    }

    /** Reads the receiver's STATS, as the client does, until its count is {@code expected} (within 20 s). */
    private static void awaitCount(ReceiverRole receiver, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (receiver.stats().count() < expected && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(expected, receiver.stats().count(), "the receiver's count within 20 s");
    }

    /** Sends Maestro messages by hand, as connection 0 of sender-1 of the run with {@code tag} does. */
    private static final class StampedSender implements AutoCloseable {
        private final DriverConnection connection;
        private final DriverProducer producer;
        private final byte[] body = new byte[128];

        StampedSender(String url, int tag) throws DriverException {
            connection = Drivers.forUrl(url).connect(url, MicroClock.system(), LoadTestRun.PATIENT);
            try {
                producer = connection.createProducer();
            } catch (DriverException | RuntimeException e) {
                connection.close();
                throw e;
            }
            MessageStamp.writeFixed(body, MessageStamp.nameBytes("sender-1@test"), 0, tag);
        }

        /** Sends the test messages with the sequence numbers from {@code first} up to {@code end}, sent now. */
        void sendMessages(int first, int end) throws DriverException {
            for (int sequence = first; sequence < end; sequence++) {
                long now = MicroClock.system().nowMicros();
                MessageStamp.writeMessage(body, sequence, now, now, false);
                producer.send(body.clone(), body.length);
            }
        }

        /** Sends priming message {@code primer}. */
        void sendPriming(int primer) throws DriverException {
            MessageStamp.writePriming(body, primer, MicroClock.system().nowMicros());
            producer.send(body.clone(), body.length);
        }

        @Override
        public void close() {
            connection.close();
        }
    }
}

package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.protocol.Command;
import org.maestro.embedded.AmqpBroker;
import org.maestro.worker.sender.SendHook;

/** Inter-arrival jitter through a real broker over AMQP: one value per arrival, a sender's stall as the peak. */
class JitterTest {
    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-jitter");

    @TempDir
    Path results;

    @Test
    void showsASenderStallAsLateJitterAndTheCatchUpAsEarlyJitter() throws Exception {
        SendHook stall = (connection, sequence) -> {
            if (sequence == 600) {
                Thread.sleep(1500); // the stall under test: the sender's thread stops for 1.5 s
            }
        };
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                broker.amqpUrl("jitter.queue"),
                                "TEST_DURATION",
                                "4s",
                                "WARM_UP",
                                "1s",
                                "RATE",
                                "200",
                                "PARALLEL_COUNT",
                                "1",
                                "MESSAGE_SIZE",
                                "256",
                                "TEST_NAME",
                                "jitter"))
                .run(LoadTestRun.sender(stall), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(0, run.total().lost());
        long received = run.receiverResult().count();
        Histogram[] late =
                HistogramLogs.measuredAndWarmUp(run.receiverDirectory().resolve("jitter-late.hlog"));
        Histogram[] early =
                HistogramLogs.measuredAndWarmUp(run.receiverDirectory().resolve("jitter-early.hlog"));
        // one stream (one sender connection) on one receiver connection: a value per message but the first
        assertEquals(
                received - 1,
                late[0].getTotalCount()
                        + late[1].getTotalCount()
                        + early[0].getTotalCount()
                        + early[1].getTotalCount());
        assertTrue(late[1].getTotalCount() + early[1].getTotalCount() > 0, "warm-up values are tagged");
        // the stall (message 600, in the measured part) is the peak: 1.5 s less one interval, give or take the
        // machine's hiccups
        long peak = late[0].getMaxValue();
        assertTrue(peak >= 1_300_000 && peak <= 3_000_000, "late jitter peak " + peak + " µs");
        // the catch-up burst arrives faster than the intended 5 ms: early values (a recording of the gap without
        // − T would have none), none beyond one interval, as messages of one stream arrive in order here
        assertTrue(early[0].getTotalCount() >= 50, "early values " + early[0].getTotalCount());
        assertTrue(early[0].getMaxValue() <= 5_000, "early max " + early[0].getMaxValue() + " µs ≤ T");
    }

    @Test
    void writesNoJitterAtUnboundedRate() throws Exception {
        LoadTestRun run = new LoadTestRun(
                        results,
                        Map.of(
                                "SEND_RECEIVE_URL",
                                broker.amqpUrl("unbounded.queue"),
                                "TEST_DURATION",
                                "500",
                                "RATE",
                                "0",
                                "MESSAGE_SIZE",
                                "64",
                                "TEST_NAME",
                                "unbounded"))
                .run();

        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        assertTrue(Files.exists(run.receiverDirectory().resolve("response-time.hlog")));
        assertFalse(Files.exists(run.receiverDirectory().resolve("jitter-late.hlog")));
        assertFalse(Files.exists(run.receiverDirectory().resolve("jitter-early.hlog")));
    }
}

package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.embedded.EmbeddedArtemis;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.measure.StreamLedger;
import org.maestro.common.protocol.Command;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SendHook;
import org.maestro.worker.sender.SenderRole;

/** A fixed-rate run with a stalled sender: the rate holds and the stall shows in response time only. */
class RateAndStallTest {
    @TempDir
    Path results;

    @Test
    void holdsTheRateAndShowsAStallInResponseTimeButNotInServiceTime() throws Exception {
        SendHook stall = (connection, sequence) -> {
            if (connection == 0 && sequence == 6000) {
                Thread.sleep(1000);
            }
        };
        try (EmbeddedArtemis broker = EmbeddedArtemis.builder().amqp().name("worker-rate").withoutJmx().start()) {
            LoadTestRun run = new LoadTestRun(results, Map.of(
                    "SEND_RECEIVE_URL", broker.amqpUrl("rate.queue"),
                    "TEST_DURATION", "10s", "WARM_UP", "2s", "PARALLEL_COUNT", "2", "RATE", "2000",
                    "MESSAGE_SIZE", "256",
                    "MAXIMUM_LATENCY", "500", "MAXIMUM_LATENCY_MODE", "hard", "TEST_NAME", "rate"))
                    .run(SenderRole.builder().hook(stall).build(), ReceiverRole.builder().build(),
                            Duration.ofSeconds(40));

            assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
            PeerResult sent = run.senderResult();
            StreamLedger.Tally total = run.total();
            assertEquals(sent.count(), total.received());
            assertEquals(0, total.lost());

            Histogram delay = measured(run.senderDirectory().resolve("send-delay.hlog"));
            long measuredSends = delay.getTotalCount();
            assertTrue(delay.getMaxValue() >= 1_000_000, "send delay max " + delay.getMaxValue() + " µs");

            Histogram response = measured(run.receiverDirectory().resolve("response-time.hlog"));
            Histogram service = measured(run.receiverDirectory().resolve("service-time.hlog"));
            assertTrue(response.getMaxValue() >= 1_000_000, "response time max " + response.getMaxValue() + " µs");

            // the hard fail-condition latency of 500 ms catches the stall
            assertEquals(Command.NOTIFY_FAIL, run.receiverOutcome.command());
            assertTrue(run.receiverOutcome.message().startsWith("maximum response time "),
                    run.receiverOutcome.message());
            assertTrue(run.receiverOutcome.message().contains("> MAXIMUM_LATENCY 500 ms"),
                    run.receiverOutcome.message());
            assertEquals(PeerResult.FAILURE, run.receiverResult().outcome());

            List<String> rows = Files.readAllLines(run.senderDirectory().resolve("rate.csv"));
            assertTrue(rows.size() >= 5 && rows.size() <= 18, "one row per second, not per message: " + rows);

            // What follows needs a machine that is not starved of CPU: when even the median message was sent
            // late, the host could not do 4000 messages/s and the figures below say nothing about Maestro.
            long medianDelay = delay.getValueAtPercentile(50);
            assumeTrue(medianDelay < 10_000, "the machine was too busy to check rates and service times: the median "
                    + "send delay was " + medianDelay / 1000 + " ms (load average "
                    + ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage() + ")");
            // the timeline holds 10 s × 2000/s per connection after the warm-up; after the stall the sender
            // catches up at once instead of shifting the schedule
            assertTrue(Math.abs(measuredSends - 40_000) <= 800, "sent " + measuredSends + " measured messages");
            // achieved rate over the planned measured window of 10 s; the run itself may end a little later, as the
            // stalled connection sends its backlog at once, but not a second stall later
            double rate = measuredSends / 10.0;
            assertTrue(Math.abs(rate - 4000) <= 80, "sent " + measuredSends + " messages in the 10 s window: "
                    + rate + "/s");
            double seconds = (sent.endMillis() - sent.warmupEndMillis()) / 1000.0;
            assertTrue(seconds < 12.0, "the sender was back on its timeline soon after the stall, but the measured "
                    + "part lasted " + seconds + " s");
            // service time (receive − actual send) does not contain the stall; it does contain the queueing of the
            // burst the stalled connection sends to catch up, which stays well under the stall's second
            assertTrue(service.getMaxValue() < 1_000_000, "service time max " + service.getMaxValue() + " µs");
            assertTrue(response.getMaxValue() - service.getMaxValue() >= 300_000, "response time max "
                    + response.getMaxValue() + " µs vs service time max " + service.getMaxValue() + " µs");
        }
    }

    private static Histogram measured(Path hlog) throws Exception {
        Histogram sum = new Histogram(3_600_000_000L, 3);
        HistogramLogReader reader = new HistogramLogReader(new File(hlog.toString()));
        try {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                if (!"warmup".equals(interval.getTag())) {
                    sum.add((Histogram) interval);
                }
            }
        } finally {
            reader.close();
        }
        return sum;
    }
}

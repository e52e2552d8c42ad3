package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
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
                    "TEST_DURATION", "10s", "PARALLEL_COUNT", "2", "RATE", "2000", "MESSAGE_SIZE", "256",
                    "MAXIMUM_LATENCY", "500", "MAXIMUM_LATENCY_MODE", "hard", "TEST_NAME", "rate"))
                    .run(SenderRole.builder().hook(stall).build(), ReceiverRole.builder().build(),
                            Duration.ofSeconds(40));

            assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
            PeerResult sent = run.senderResult();
            dump(run.senderDirectory().resolve("send-delay.hlog"));
            dump(run.receiverDirectory().resolve("service-time.hlog"));
            dump(run.receiverDirectory().resolve("response-time.hlog"));
            // the timeline holds 10 s × 2000/s per connection; after the stall the sender catches up at once
            assertTrue(Math.abs(sent.count() - 40_000) <= 800, "sent " + sent.count() + " messages");
            double seconds = (sent.endMillis() - sent.startMillis()) / 1000.0;
            double rate = sent.count() / seconds;
            assertTrue(Math.abs(rate - 4000) <= 80, "sent " + sent.count() + " messages in " + seconds + " s: "
                    + rate + "/s");
            StreamLedger.Tally total = run.total();
            assertEquals(sent.count(), total.received());
            assertEquals(0, total.lost());

            Histogram response = measured(run.receiverDirectory().resolve("response-time.hlog"));
            Histogram service = measured(run.receiverDirectory().resolve("service-time.hlog"));
            assertTrue(response.getMaxValue() >= 1_000_000, "response time max " + response.getMaxValue() + " µs");
            assertTrue(service.getMaxValue() < 500_000, "service time max " + service.getMaxValue() + " µs");
            Histogram delay = measured(run.senderDirectory().resolve("send-delay.hlog"));
            assertTrue(delay.getMaxValue() >= 1_000_000, "send delay max " + delay.getMaxValue() + " µs");

            // the hard fail-condition latency of 500 ms catches the stall
            assertEquals(Command.NOTIFY_FAIL, run.receiverOutcome.command());
            assertTrue(run.receiverOutcome.message().startsWith("maximum response time 1"),
                    run.receiverOutcome.message());
            assertTrue(run.receiverOutcome.message().contains("> MAXIMUM_LATENCY 500 ms"),
                    run.receiverOutcome.message());
            assertEquals(PeerResult.FAILURE, run.receiverResult().outcome());

            List<String> rows = Files.readAllLines(run.senderDirectory().resolve("rate.csv"));
            assertTrue(rows.size() >= 12 && rows.size() <= 14, "one row per second: " + rows);
        }
    }

    private static void dump(Path hlog) throws Exception {
        HistogramLogReader reader = new HistogramLogReader(new File(hlog.toString()));
        EncodableHistogram interval;
        while ((interval = reader.nextIntervalHistogram()) != null) {
            Histogram h = (Histogram) interval;
            System.out.println(hlog.getFileName() + " " + h.getStartTimeStamp() + " n=" + h.getTotalCount() + " p50=" + h.getValueAtPercentile(50) + " p99=" + h.getValueAtPercentile(99) + " max=" + h.getMaxValue());
        }
        reader.close();
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

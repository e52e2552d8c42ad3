package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.measure.PeerResult;
import org.maestro.common.protocol.Command;
import org.maestro.embedded.AmqpBroker;
import org.maestro.testing.TimingCheck;
import org.maestro.worker.sender.SendHook;

/**
 * Fixed-rate runs: the rate holds, and a stalled sender shows in response time but not in service time.
 *
 * <p>The figures that depend on the machine's speed are checked only on a run where the machine kept up: when even the
 * median message was sent late, the host (shared with other work) could not carry the load, and the figures say
 * nothing about Maestro. Such a run is made again ({@link TimingCheck}); when none of {@value #ATTEMPTS} keeps up the
 * test is skipped, or failed under CI. The timeline itself is checked with a test clock in
 * {@code SenderConnectionTimingTest}.
 */
@Tag("timing") // run alone, after the other tests of this module (see the parent pom)
class RateAndStallTest {
    /** Runs made before giving up on a machine too busy to judge the timing. */
    static final int ATTEMPTS = 3;

    @RegisterExtension
    static final AmqpBroker broker = new AmqpBroker("worker-rate");

    @TempDir
    Path results;

    /** The runs made so far by the current test: each one sends to a queue of its own. */
    private int attempt;

    @Test
    void holdsTheRateOfTwoConnectionsForTenSeconds() throws Exception {
        LoadTestRun run = TimingCheck.untilJudgeable(
                ATTEMPTS, this::runTwoConnectionsForTenSeconds, kept -> tooBusy(sendDelay(kept)));
        PeerResult sent = run.senderResult();
        Histogram delay = sendDelay(run);
        // 10 s × 2000/s on each of 2 connections after the warm-up, in 10 s
        long measuredSends = delay.getTotalCount();
        assertTrue(Math.abs(measuredSends - 40_000) <= 800, "sent " + measuredSends + " measured messages");
        double seconds = (sent.endMillis() - sent.warmupEndMillis()) / 1000.0;
        double rate = measuredSends / seconds;
        assertTrue(
                Math.abs(rate - 4000) <= 80,
                "sent " + measuredSends + " messages in " + seconds + " s: " + rate + "/s");
        long[] received = HistogramLogs.totals(run.receiverDirectory().resolve("response-time.hlog"));
        assertEquals(measuredSends, received[0], "measured messages received");
    }

    /** One 10 s run at 2000/s on each of 2 connections, with the checks that hold however busy the machine is. */
    private LoadTestRun runTwoConnectionsForTenSeconds() throws Exception {
        LoadTestRun run = new LoadTestRun(
                        attemptDirectory(),
                        Map.of(
                                "SEND_RECEIVE_URL",
                                queueOfThisAttempt("rate"),
                                "TEST_DURATION",
                                "10s",
                                "WARM_UP",
                                "2s",
                                "PARALLEL_COUNT",
                                "2",
                                "RATE",
                                "2000",
                                "MESSAGE_SIZE",
                                "256",
                                "TEST_NAME",
                                "rate"))
                .run();

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(Command.NOTIFY_SUCCESS, run.receiverOutcome.command(), run.receiverOutcome.message());
        PeerResult sent = run.senderResult();
        MessageTally total = run.total();
        assertEquals(sent.count(), total.received());
        assertEquals(0, total.lost());
        List<String> rows = Files.readAllLines(run.senderDirectory().resolve("rate.csv"));
        assertTrue(rows.size() >= 5 && rows.size() <= 18, "one row per second, not per message: " + rows);
        return run;
    }

    private static Histogram sendDelay(LoadTestRun run) throws Exception {
        return HistogramLogs.measured(run.senderDirectory().resolve("send-delay.hlog"));
    }

    @Test
    void anAutomaticWarmUpEndsOnceTheSendDelaySettledAndTheMeasuredRateIsExact() throws Exception {
        LoadTestRun run = TimingCheck.untilJudgeable(
                ATTEMPTS,
                this::runWithAnAutomaticWarmUp,
                kept -> "settled".equals(testProperties(kept).getProperty("warmup.auto"))
                        ? Optional.empty()
                        : Optional.of("the send delay did not settle within 60 s: " + testProperties(kept)));
        Properties test = testProperties(run);
        assertEquals("settled", run.senderOutcome.details().get("warmup.auto"), "sent with the outcome");

        // every message sent, counted by its own warm-up flag: rate.csv rows, hlog and the 3 s timeline agree
        long[] sent = HistogramLogs.totals(run.senderDirectory().resolve("send-delay.hlog"));
        long[] received = HistogramLogs.totals(run.receiverDirectory().resolve("response-time.hlog"));
        assertEquals(sent[0], received[0], "measured messages received = measured messages sent");
        assertEquals(sent[0], measuredColumn(run.receiverDirectory()), "the receiver's measured rows");
        assertEquals(sent[0], measuredColumn(run.senderDirectory()), "the sender's measured rows");
        assertTrue(Math.abs(sent[0] - 2 * 1500) <= 2, "3 s at 500/s on 2 connections: " + sent[0]);
        long window = Long.parseLong(test.getProperty("measured.end")) - Long.parseLong(test.getProperty("warmup.end"));
        assertTrue(Math.abs(window - 3000) <= 1, "the measured window is the test duration: " + window + " ms");
        double rate = received[0] * 1000.0 / window;
        assertTrue(Math.abs(rate - 1000) <= 5, "measured rate within 0.5% of 1000/s: " + rate);
    }

    /** One 3 s run at 500/s on 2 connections with an automatic warm-up, with the checks that always hold. */
    private LoadTestRun runWithAnAutomaticWarmUp() throws Exception {
        LoadTestRun run = new LoadTestRun(
                        attemptDirectory(),
                        Map.of(
                                "SEND_RECEIVE_URL",
                                queueOfThisAttempt("auto"),
                                "TEST_DURATION",
                                "3s",
                                "WARM_UP",
                                "auto",
                                "PARALLEL_COUNT",
                                "2",
                                "RATE",
                                "500",
                                "MESSAGE_SIZE",
                                "256",
                                "TEST_NAME",
                                "auto"))
                .run();

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(0, run.total().lost());
        Properties test = testProperties(run);
        long warmUpMillis =
                Long.parseLong(test.getProperty("warmup.end")) - Long.parseLong(test.getProperty("test.start"));
        assertTrue(warmUpMillis >= 2000 && warmUpMillis <= 60_000, "warm-up of " + warmUpMillis + " ms");
        return run;
    }

    private static Properties testProperties(LoadTestRun run) throws Exception {
        return SendAndReceiveTest.properties(run.senderDirectory().resolve("test.properties"));
    }

    private static long measuredColumn(java.nio.file.Path peer) throws Exception {
        return Files.readAllLines(peer.resolve("rate.csv")).stream()
                .skip(2)
                .mapToLong(line -> Long.parseLong(line.split(",")[3]))
                .sum();
    }

    @Test
    void showsASenderStallInResponseTimeButNotInServiceTime() throws Exception {
        LoadTestRun run = TimingCheck.untilJudgeable(ATTEMPTS, this::runWithAStall, kept -> tooBusy(sendDelay(kept)));
        // service time (receive − actual send) does not contain the stall; the 500 messages sent at once to catch up
        // queue a little, far below the stall's second
        Histogram service = HistogramLogs.measured(run.receiverDirectory().resolve("service-time.hlog"));
        assertTrue(service.getMaxValue() < 500_000, "service time max " + service.getMaxValue() + " µs");
    }

    /** One 4 s run at 500/s whose sender stalls for a second, with the checks that hold however busy the machine is. */
    private LoadTestRun runWithAStall() throws Exception {
        SendHook stall = (connection, sequence) -> {
            if (sequence == 1000) {
                Thread.sleep(1000); // the stall under test: the sender's thread stops for a second
            }
        };
        LoadTestRun run = new LoadTestRun(
                        attemptDirectory(),
                        Map.of(
                                "SEND_RECEIVE_URL",
                                queueOfThisAttempt("stall"),
                                "TEST_DURATION",
                                "4s",
                                "RATE",
                                "500",
                                "MESSAGE_SIZE",
                                "256",
                                "MAXIMUM_LATENCY",
                                "500",
                                "MAXIMUM_LATENCY_MODE",
                                "hard",
                                "TEST_NAME",
                                "stall"))
                .run(LoadTestRun.sender(stall), LoadTestRun.receiver(), LoadTestRun.OUTCOME_TIMEOUT);

        assertEquals(Command.NOTIFY_SUCCESS, run.senderOutcome.command(), run.senderOutcome.message());
        assertEquals(0, run.total().lost());
        Histogram delay = sendDelay(run);
        Histogram response = HistogramLogs.measured(run.receiverDirectory().resolve("response-time.hlog"));
        assertTrue(delay.getMaxValue() >= 1_000_000, "send delay max " + delay.getMaxValue() + " µs");
        assertTrue(response.getMaxValue() >= 1_000_000, "response time max " + response.getMaxValue() + " µs");

        // the hard fail-condition latency of 500 ms catches the stall
        assertEquals(Command.NOTIFY_FAIL, run.receiverOutcome.command());
        assertTrue(run.receiverOutcome.message().startsWith("maximum response time "), run.receiverOutcome.message());
        assertTrue(run.receiverOutcome.message().contains("> MAXIMUM_LATENCY 500 ms"), run.receiverOutcome.message());
        assertEquals(PeerResult.FAILURE, run.receiverResult().outcome());
        return run;
    }

    /** A results folder of the next run of the current test. */
    private Path attemptDirectory() throws Exception {
        return Files.createTempDirectory(results, "attempt-");
    }

    /** The URL of a queue of the run about to start: each run sends to a queue of its own. */
    private String queueOfThisAttempt(String name) {
        attempt++;
        return broker.amqpUrl(name + ".queue." + attempt);
    }

    /** Why the machine was too busy for the speed-dependent figures: even the median message was sent late. */
    private static Optional<String> tooBusy(Histogram sendDelay) {
        long median = sendDelay.getValueAtPercentile(50);
        if (median < 10_000) {
            return Optional.empty();
        }
        return Optional.of("the median send delay was " + median / 1000 + " ms (load average "
                + ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage() + ")");
    }
}

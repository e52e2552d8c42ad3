package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.build.Reporter;

/** The summary's figures against the same figures computed here from the raw files. */
class SummaryTest {

    @TempDir
    static Path results;

    static Map<String, SyntheticResults.Truth> truths;
    static TestSummary fixedRate;

    @BeforeAll
    static void writeResults() throws IOException {
        truths = SyntheticResults.writeStandard(results, 1.0, 1.0);
        fixedRate = Reporter.summarize(results.resolve("fixed-rate/0"));
    }

    private static void assertLatencyMatches(String metric, LatencyStats actual, List<Path> logs) throws IOException {
        Histogram expected = Expected.measuredHistogram(logs);
        assertNotNull(actual, metric);
        assertEquals(expected.getTotalCount(), actual.count(), metric + " count");
        assertEquals(expected.getMean(), actual.mean(), 1e-6, metric + " mean");
        assertEquals(expected.getValueAtPercentile(50), actual.p50(), metric + " p50");
        assertEquals(expected.getValueAtPercentile(90), actual.p90(), metric + " p90");
        assertEquals(expected.getValueAtPercentile(95), actual.p95(), metric + " p95");
        assertEquals(expected.getValueAtPercentile(99), actual.p99(), metric + " p99");
        assertEquals(expected.getValueAtPercentile(99.9), actual.p999(), metric + " p99.9");
        assertEquals(expected.getValueAtPercentile(99.99), actual.p9999(), metric + " p99.99");
        assertEquals(expected.getMaxValue(), actual.max(), metric + " max");
    }

    @Test
    void latencyPercentilesEqualThoseOfHdrHistogramOverTheMeasuredIntervals() throws IOException {
        Path iteration = results.resolve("fixed-rate/0");
        assertLatencyMatches(
                "response time", fixedRate.latency().responseTime(), Expected.files(iteration, "response-time.hlog"));
        assertLatencyMatches(
                "service time", fixedRate.latency().serviceTime(), Expected.files(iteration, "service-time.hlog"));
        assertLatencyMatches(
                "send delay", fixedRate.latency().sendDelay(), Expected.files(iteration, "send-delay.hlog"));
        assertEquals(
                2 * SyntheticResults.MEASURED_SECONDS * (500 * 1L) + 2 * 3,
                fixedRate.latency().responseTime().count(),
                "2 receivers × 10 s × 500 values + outliers");
    }

    @Test
    void warmUpIntervalsAreLeftOutOfLatencyAndRate() throws IOException {
        List<Path> logs = Expected.files(results.resolve("fixed-rate/0"), "response-time.hlog");
        long warmupMin = Expected.smallestWarmupValue(logs);
        assertTrue(warmupMin >= 400_000, "warm-up values are ≥ 400 ms: " + warmupMin);
        assertTrue(
                fixedRate.latency().responseTime().max() < warmupMin,
                "max " + fixedRate.latency().responseTime().max() + " must not include warm-up values");
        assertEquals(
                SyntheticResults.MEASURED_SECONDS, fixedRate.rate().sender().seconds());
        assertTrue(fixedRate.rate().receiver().max() < 10_000, "warm-up rows (≈100k/s) excluded");
        assertEquals(SyntheticResults.T0 + SyntheticResults.WARMUP_SECONDS * 1000L, fixedRate.warmupEndMillis());
    }

    @Test
    void meanAndMaxRateEqualThoseComputedFromTheRateFiles() throws IOException {
        Path iteration = results.resolve("fixed-rate/0");
        List<Path> senders =
                List.of(iteration.resolve("sender-1@alpha/rate.csv"), iteration.resolve("sender-2@alpha/rate.csv"));
        List<Path> receivers =
                List.of(iteration.resolve("receiver-1@alpha/rate.csv"), iteration.resolve("receiver-2@beta/rate.csv"));
        Map<Long, Long> sent = Expected.measuredPerSecond(senders);
        Map<Long, Long> received = Expected.measuredPerSecond(receivers);
        assertEquals(Expected.mean(sent), fixedRate.rate().sender().mean(), 1e-9);
        assertEquals(Expected.max(sent), fixedRate.rate().sender().max());
        assertEquals(Expected.mean(received), fixedRate.rate().receiver().mean(), 1e-9);
        assertEquals(Expected.max(received), fixedRate.rate().receiver().max());
        assertEquals(Expected.mean(received), fixedRate.throughput(), 1e-9);
        // MB/s: measured messages × MESSAGE_SIZE (256 bytes) ÷ the window, in 10^6 bytes
        assertEquals(
                Expected.mean(received) * 256 / 1e6, fixedRate.rate().receiver().megabytesPerSecond(), 1e-9);
        assertEquals(Expected.mean(sent) * 256 / 1e6, fixedRate.rate().sender().megabytesPerSecond(), 1e-9);
        assertEquals(fixedRate.rate().receiver().megabytesPerSecond(), fixedRate.throughputMegabytes());
        Map<Long, Long> one = Expected.measuredPerSecond(List.of(iteration.resolve("receiver-2@beta/rate.csv")));
        PeerSummary receiver2 = fixedRate.peers().stream()
                .filter(p -> p.name().equals("receiver-2@beta"))
                .findFirst()
                .orElseThrow();
        assertEquals(Expected.mean(one), receiver2.rate().mean(), 1e-9);
    }

    @Test
    void reportsLostAndDuplicatedMessagesWhenASecondReceiverTakesPartOfAStream() {
        SyntheticResults.Truth truth = truths.get("fixed-rate/0");
        MessageCounts m = fixedRate.messages();
        assertEquals(truth.sent, m.sent(), "sent");
        assertEquals(truth.received, m.received(), "received");
        assertEquals(truth.lost, m.lost(), "lost");
        assertEquals(12, m.lost(), "10 missing on sender-1#0, 2 on sender-2#0");
        assertEquals(truth.duplicates, m.duplicates(), "duplicates");
        assertEquals(truth.outOfOrder, m.outOfOrder(), "out of order");
        assertEquals(truth.errors, m.errors(), "errors");
        assertEquals(m.sent(), m.received() + m.lost());

        StreamSummary shared = fixedRate.streams().stream()
                .filter(s -> s.sender().equals("sender-1@alpha") && s.connection() == 0)
                .findFirst()
                .orElseThrow();
        assertEquals("test.queue", shared.address());
        assertEquals(1000, shared.sent());
        assertEquals(990, shared.received());
        assertEquals(10, shared.lost());
        assertEquals(10, shared.duplicates());
        assertEquals(Map.of("receiver-1@alpha", 600L, "receiver-2@beta", 400L), shared.receivedBy());
        assertEquals(4, fixedRate.streams().size());
    }

    @Test
    void passAndFailWithTheReasonComeFromThePeerResults() {
        assertEquals(Verdict.SUCCESS, fixedRate.outcome());
        assertTrue(fixedRate.reason().contains("p90 response time 1.2 ms <= 500 ms"), fixedRate.reason());
        TestSummary failed = Reporter.summarize(results.resolve("incremental/1"));
        assertEquals(Verdict.FAILURE, failed.outcome());
        assertEquals("receiver-1@alpha: p90 response time 812.5 ms > 500 ms", failed.reason());
        assertEquals(1, failed.iteration());
        assertEquals("incremental", failed.test());
        TestSummary unknown = Reporter.summarize(results.resolve("no-verdict/0"));
        assertEquals(Verdict.UNKNOWN, unknown.outcome());
        assertTrue(
                unknown.warnings().stream().anyMatch(w -> w.contains("wrote no peer-result.json")),
                unknown.warnings().toString());
    }

    @Test
    void keepsTheTestParametersAndEachPeersSystemProperties() {
        assertEquals("256", fixedRate.parameters().get("MESSAGE_SIZE"));
        assertEquals("amqp://sut:5672/test.queue", fixedRate.parameters().get("SEND_RECEIVE_URL"));
        assertTrue(fixedRate.parameters().keySet().stream().noneMatch(k -> k.startsWith("peer.")));
        assertEquals(6, fixedRate.peers().size());
        PeerSummary receiver = fixedRate.peers().stream()
                .filter(p -> Role.RECEIVER.is(p.role()))
                .findFirst()
                .orElseThrow();
        assertEquals("8", receiver.systemProperties().get("cpu.count"));
        assertEquals(
                "System.currentTimeMillis+nanoTime, µs",
                receiver.systemProperties().get("clock.source"));
        assertEquals("receiver-1@alpha", receiver.testProperties().get("peer.name"));
    }

    @Test
    void readsAgentActionsAndWarnsThatLatencyCrossesHosts() {
        assertEquals(1, fixedRate.actions().size());
        AgentAction action = fixedRate.actions().get(0);
        assertEquals("restart", action.command());
        assertEquals(SyntheticResults.T0 + 6000, action.startMillis());
        assertEquals(SyntheticResults.T0 + 8000, action.endMillis());
        assertEquals("router restarted, 2.0 s", action.message());
        assertTrue(
                fixedRate.warnings().stream().anyMatch(w -> w.contains("clock offset") && w.contains("beta")),
                fixedRate.warnings().toString());
    }
}

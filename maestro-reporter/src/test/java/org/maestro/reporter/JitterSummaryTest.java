package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.build.Reporter;
import org.maestro.reporter.compare.Comparison;
import org.maestro.reporter.compare.ComparisonResult;
import org.maestro.reporter.compare.Difference;
import org.maestro.reporter.compare.Thresholds;
import org.maestro.reporter.testing.ResultsAudit;

/**
 * The receivers' jitter logs in summary.json, the iteration page, junit.xml and the comparison, checked against the
 * logs read with HdrHistogram's own reader.
 */
class JitterSummaryTest {
    private static final long T0 = SyntheticResults.T0;
    /** The intended interval of the synthetic runs: 1000 messages/s. */
    private static final long INTERVAL = 1_000;

    private static final long STALL = 1_800_000;

    @TempDir
    static Path work;

    @BeforeAll
    static void write() throws IOException {
        SyntheticResults writer = new SyntheticResults(7, 1.0, 1.0);
        writer.fixedRate(work.resolve("base/fixed-rate/0"), T0, false);
        writer.fixedRate(work.resolve("worse/fixed-rate/0"), T0, false);
        writer.simple(work.resolve("base/unbounded/0"), T0, 1000, "success", "received 1000 messages");
        Random random = new Random(11);
        for (String receiver : List.of("receiver-1@alpha", "receiver-2@beta")) {
            jitterLogs(work.resolve("base/fixed-rate/0").resolve(receiver), random, 1);
            jitterLogs(work.resolve("worse/fixed-rate/0").resolve(receiver), random, 3);
        }
    }

    /**
     * Late and early logs: warm-up seconds hold values (5 s late, 0.9 s early) that would show if counted; measured
     * seconds 0–300 µs × scale either way, the burst after a stall one interval early, and on the first receiver a
     * stall of {@link #STALL} in second 7.
     */
    private static void jitterLogs(Path receiver, Random random, int scale) throws IOException {
        boolean stalls = receiver.getFileName().toString().startsWith("receiver-1");
        try (PrintStream late = log(receiver.resolve("jitter-late.hlog"));
                PrintStream early = log(receiver.resolve("jitter-early.hlog"))) {
            HistogramLogWriter lateWriter = writer(late);
            HistogramLogWriter earlyWriter = writer(early);
            int seconds = SyntheticResults.WARMUP_SECONDS + SyntheticResults.MEASURED_SECONDS;
            for (int i = 0; i < seconds; i++) {
                boolean warmUp = i < SyntheticResults.WARMUP_SECONDS;
                Histogram lateValues = interval(i, warmUp);
                Histogram earlyValues = interval(i, warmUp);
                for (int v = 0; v < 500; v++) {
                    lateValues.recordValue(warmUp ? 5_000_000 : random.nextInt(300) * scale);
                    earlyValues.recordValue(warmUp ? 900_000 : 1 + random.nextInt(300) * scale);
                }
                if (stalls && i == 7) {
                    lateValues.recordValue(STALL);
                    earlyValues.recordValueWithCount(INTERVAL, STALL / INTERVAL);
                }
                lateWriter.outputIntervalHistogram(lateValues);
                earlyWriter.outputIntervalHistogram(earlyValues);
            }
        }
    }

    private static PrintStream log(Path file) throws IOException {
        return new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8);
    }

    private static HistogramLogWriter writer(PrintStream out) {
        HistogramLogWriter writer = new HistogramLogWriter(out);
        writer.outputLogFormatVersion();
        writer.outputStartTime(T0);
        writer.setBaseTime(T0);
        writer.outputBaseTime(T0);
        writer.outputLegend();
        return writer;
    }

    private static Histogram interval(int second, boolean warmUp) {
        Histogram histogram = new Histogram(3_600_000_000L, 3);
        histogram.setStartTimeStamp(T0 + second * 1000L);
        histogram.setEndTimeStamp(T0 + (second + 1) * 1000L);
        histogram.setTag(warmUp ? "warmup" : null);
        return histogram;
    }

    /** The measured intervals of the given logs, read with HdrHistogram's reader. */
    private static Histogram measured(Path iteration, String fileName) throws IOException {
        Histogram sum = new Histogram(3_600_000_000L, 3);
        for (String receiver : List.of("receiver-1@alpha", "receiver-2@beta")) {
            HistogramLogReader reader = new HistogramLogReader(
                    new File(iteration.resolve(receiver).resolve(fileName).toString()));
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
        }
        return sum;
    }

    @Test
    void summaryHoldsThePercentilesOfBothSidesAndTheMaximaOfEach() throws IOException {
        Path iteration = work.resolve("base/fixed-rate/0");
        JitterStats jitter = Reporter.summarize(iteration).latency().jitter();
        assertNotNull(jitter, "a fixed-rate run with jitter logs has jitter figures");

        Histogram late = measured(iteration, "jitter-late.hlog");
        Histogram early = measured(iteration, "jitter-early.hlog");
        Histogram both = new Histogram(3_600_000_000L, 3);
        both.add(late);
        both.add(early);
        assertEquals(2 * 10 * 1000 + 1 + STALL / INTERVAL, both.getTotalCount(), "2 receivers × 10 s × 2 × 500");
        assertEquals(both.getTotalCount(), jitter.count());
        assertEquals(late.getTotalCount(), jitter.lateCount());
        assertEquals(early.getTotalCount(), jitter.earlyCount());
        assertEquals(both.getValueAtPercentile(50), jitter.p50());
        assertEquals(both.getValueAtPercentile(90), jitter.p90());
        assertEquals(both.getValueAtPercentile(99), jitter.p99());
        assertEquals(both.getValueAtPercentile(99.9), jitter.p999());
        assertEquals(both.getMean(), jitter.mean(), 1e-6);
        // the stall is the maximum, warm-up values (5 s) are not; early values stop at one interval
        assertTrue(late.valuesAreEquivalent(STALL, jitter.lateMax()), "late max " + jitter.lateMax());
        assertEquals(jitter.lateMax(), jitter.max());
        assertEquals(INTERVAL, jitter.earlyMax());
        // the stall's catch-up burst (1800 values of one interval) lies above p90 of |J| and below p99.9
        assertTrue(jitter.p90() < INTERVAL && jitter.p999() >= INTERVAL, jitter.toString());
    }

    @Test
    void summaryJsonPageAndJUnitShowJitterAndAnUnboundedRunHasNone() throws IOException {
        Reporter.build(work.resolve("base"));
        JsonNode summary = new ObjectMapper()
                .readTree(work.resolve("base/fixed-rate/summary.json").toFile());
        JsonNode jitter = summary.path("iterations").path(0).path("latency").path("jitter");
        JitterStats direct =
                Reporter.summarize(work.resolve("base/fixed-rate/0")).latency().jitter();
        assertEquals("us", jitter.path("unit").asText());
        assertEquals(direct.p99(), jitter.path("p99").asLong());
        assertEquals(direct.max(), jitter.path("max").asLong());
        assertEquals(direct.lateMax(), jitter.path("lateMax").asLong());
        assertEquals(INTERVAL, jitter.path("earlyMax").asLong());

        String page = Files.readString(work.resolve("base/fixed-rate/iteration-0.html"));
        assertTrue(page.contains("id=\"card-jitter\""), "the headline card");
        assertTrue(page.contains("chart-jitter"), "the chart over time");
        assertTrue(page.contains("data-metric=\"jitter\""), "the latency table row");
        assertTrue(page.contains("jitter |J|"), "the percentile chart");
        String junit = Files.readString(work.resolve("base/fixed-rate/junit.xml"));
        assertTrue(
                junit.contains(
                        String.format(java.util.Locale.ROOT, "jitter.lateMax=%.3f ms", direct.lateMax() / 1000.0)),
                junit);

        TestSummary unbounded = Reporter.summarize(work.resolve("base/unbounded/0"));
        assertNull(unbounded.latency().jitter());
        assertNull(unbounded.latency().get("jitter"));
        JsonNode unboundedJson = new ObjectMapper()
                .readTree(work.resolve("base/unbounded/summary.json").toFile());
        assertTrue(unboundedJson.path("iterations").path(0).path("latency").has("responseTime"));
        assertFalse(unboundedJson.path("iterations").path(0).path("latency").has("jitter"));
        assertFalse(Files.readString(work.resolve("base/unbounded/iteration-0.html"))
                .contains("card-jitter"));
        ResultsAudit.assertConsistent(work.resolve("base/fixed-rate/0"));
        ResultsAudit.assertConsistent(work.resolve("base/unbounded/0"));
    }

    @Test
    void compareFlagsAJitterRiseOnlyWhenAskedTo() {
        Thresholds withJitter =
                new Thresholds(10.0, 20.0, List.of("p50", "p99"), List.of("responseTime", "jitter"), true);
        ComparisonResult result = Comparison.evaluate(
                "base",
                "worse",
                Map.of("fixed-rate", List.of(Reporter.summarize(work.resolve("base/fixed-rate/0")))),
                Map.of("fixed-rate", List.of(Reporter.summarize(work.resolve("worse/fixed-rate/0")))),
                withJitter);
        List<String> regressions =
                result.regressions().stream().map(Difference::metric).toList();
        assertTrue(regressions.contains("jitter.p50"), regressions.toString());
        assertFalse(regressions.contains("responseTime.p50"), "same response times: " + regressions);

        ComparisonResult defaults = Comparison.evaluate(
                "base",
                "worse",
                Map.of("fixed-rate", List.of(Reporter.summarize(work.resolve("base/fixed-rate/0")))),
                Map.of("fixed-rate", List.of(Reporter.summarize(work.resolve("worse/fixed-rate/0")))),
                Thresholds.DEFAULTS);
        assertTrue(defaults.differences().stream().noneMatch(d -> d.metric().startsWith("jitter")));
    }
}

package org.maestro.reporter.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.Decider;
import org.maestro.reporter.SyntheticResults;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.build.Reporter;

/** The comparison of two runs: regressions, improvements and iterations matched up. */
class ComparisonTest {

    @TempDir
    static Path work;

    static TestSummary baseline;
    static TestSummary faster;

    @BeforeAll
    static void write() throws IOException {
        SyntheticResults.writeStandard(work.resolve("base"), 1.0, 1.0);
        SyntheticResults.writeStandard(work.resolve("fast"), 0.5, 1.3);
        baseline = Reporter.summarize(work.resolve("base/fixed-rate/0"));
        faster = Reporter.summarize(work.resolve("fast/fixed-rate/0"));
    }

    private static ComparisonResult compare(TestSummary before, TestSummary now, Thresholds thresholds) {
        return Comparison.evaluate(
                "b", "c", Map.of(before.test(), List.of(before)), Map.of(now.test(), List.of(now)), thresholds);
    }

    private static TestSummary withOutcome(TestSummary s, Verdict outcome) {
        return new TestSummary(
                s.formatVersion(),
                s.test(),
                s.iteration(),
                s.startMillis(),
                s.endMillis(),
                s.warmupEndMillis(),
                outcome,
                "receiver-1@alpha: p90 response time 900 ms > 500 ms",
                Decider.PEERS,
                s.messages(),
                s.rate(),
                s.latency(),
                s.parameters(),
                s.peers(),
                s.streams(),
                s.actions(),
                s.warnings(),
                null,
                null,
                null,
                List.of(),
                null,
                s.backlog(),
                null,
                null,
                null);
    }

    @Test
    void aTestThatPassedBeforeAndFailsNowIsARegressionUnlessOutcomesAreIgnored() {
        TestSummary failing = withOutcome(baseline, Verdict.FAILURE);
        ComparisonResult result = compare(baseline, failing, Thresholds.DEFAULTS);
        assertTrue(result.isRegression());
        assertEquals(
                List.of("outcome"),
                result.regressions().stream().map(Difference::metric).toList());
        assertFalse(compare(baseline, failing, Thresholds.DEFAULTS.withOutcomeMatters(false))
                .isRegression());
    }

    @Test
    void fasterAndQuickerRunIsMarkedImprovedNotRegressed() {
        ComparisonResult result = compare(baseline, faster, Thresholds.DEFAULTS);
        assertFalse(result.isRegression(), result.regressions().toString());
        Difference throughput = result.differences().stream()
                .filter(d -> d.metric().equals("throughput"))
                .findFirst()
                .orElseThrow();
        assertEquals(Difference.Status.IMPROVED, throughput.status());
        assertEquals(
                (faster.throughput() - baseline.throughput()) / baseline.throughput() * 100,
                throughput.changePercent(),
                1e-9);
        Difference p99 = result.differences().stream()
                .filter(d -> d.metric().equals("responseTime.p99"))
                .findFirst()
                .orElseThrow();
        assertEquals(baseline.latency().responseTime().p99(), p99.baseline(), 0);
        assertEquals(faster.latency().responseTime().p99(), p99.current(), 0);
        assertEquals(Difference.Status.IMPROVED, p99.status());
    }

    @Test
    void theSlowerDirectionIsARegressionAtTheSameThresholds() {
        ComparisonResult result = compare(faster, baseline, Thresholds.DEFAULTS);
        assertTrue(result.regressions().stream().anyMatch(d -> d.metric().equals("throughput")));
        assertTrue(result.regressions().stream().anyMatch(d -> d.metric().equals("serviceTime.p50")));
        assertFalse(compare(
                        faster,
                        baseline,
                        Thresholds.DEFAULTS.withThroughputDrop(50).withLatencyRise(150))
                .isRegression());
    }

    @Test
    void iterationsWithoutACommonNumberCompareTheLatestOfEach() {
        TestSummary renumbered = new TestSummary(
                baseline.formatVersion(),
                baseline.test(),
                7,
                baseline.startMillis(),
                baseline.endMillis(),
                baseline.warmupEndMillis(),
                baseline.outcome(),
                baseline.reason(),
                baseline.decidedBy(),
                baseline.messages(),
                baseline.rate(),
                baseline.latency(),
                baseline.parameters(),
                baseline.peers(),
                baseline.streams(),
                baseline.actions(),
                baseline.warnings(),
                null,
                null,
                null,
                List.of(),
                null,
                baseline.backlog(),
                null,
                null,
                null);
        ComparisonResult result = compare(baseline, renumbered, Thresholds.DEFAULTS);
        assertFalse(result.isRegression());
        assertTrue(
                result.notes().get(0).contains("compared baseline #0 with current #7"),
                result.notes().toString());
        assertTrue(
                result.differences().stream().allMatch(d -> d.currentIteration() == 7 && d.baselineIteration() == 0));
    }
}

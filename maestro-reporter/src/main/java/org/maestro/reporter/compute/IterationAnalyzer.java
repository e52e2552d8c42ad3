package org.maestro.reporter.compute;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.common.files.health.HealthLog;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.AgentAction;
import org.maestro.reporter.ClockSummary;
import org.maestro.reporter.DuplicateDeliveries;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.FlowSummary;
import org.maestro.reporter.GeneratorHealth;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.fault.FaultCosts;
import org.maestro.reporter.fault.TestSeconds;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;
import org.maestro.reporter.read.VerdictFile;
import org.maestro.reporter.verdict.Decision;
import org.maestro.reporter.verdict.LossCheck;
import org.maestro.reporter.verdict.PeerVerdict;
import org.maestro.reporter.verdict.VerdictRule;

/**
 * Analyses one test iteration: reads its files ({@link IterationFiles}), works out its window ({@link TestWindow}),
 * counts ({@link IterationMessages}), rates, latencies ({@link IterationLatencies}) and parameters, has
 * {@link VerdictRule} decide its verdict, and returns the {@link TestSummary} with the series its charts draw.
 *
 * <pre>{@code
 * IterationAnalysis analysis = IterationAnalyzer.analyze(Path.of("results/fixed-rate/0"));
 * if (!analysis.summary().passed()) System.err.println(analysis.summary().reason());
 * }</pre>
 */
public final class IterationAnalyzer {

    private IterationAnalyzer() {}

    /**
     * Analyses {@code <results>/<test>/<iteration>/}.
     *
     * @throws org.maestro.reporter.ReportException when it is not a test iteration directory
     */
    public static IterationAnalysis analyze(Path iterationDir) {
        IterationFiles files = IterationFiles.open(iterationDir);
        TestWindow window = TestWindow.of(files);
        List<AgentAction> actions = files.readActions();
        MessageAccounting.Result accounting = IterationMessages.account(files);
        Map<String, List<RateLog.Row>> senders = files.ratesOf(Role.SENDER);
        Map<String, List<RateLog.Row>> receivers = files.ratesOf(Role.RECEIVER);
        List<RateAggregation.Second> senderTotals = RateAggregation.totals(senders.values());
        List<RateAggregation.Second> receiverTotals = RateAggregation.totals(receivers.values());
        IterationLatencies latencies = IterationLatencies.of(files);
        Optional<ClockSummary> clocks =
                ClockCheck.check(files.clocks(), latencies.stats().responseTime());
        clocks.map(ClockSummary::warning).ifPresent(files::warn);
        List<InspectorDataSet> dataSets = InspectorDataSet.readAll(files);
        Map<PeerDirectory, List<HealthLog.Row>> health = GeneratorJudge.read(files);
        Optional<GeneratorHealth> generator = GeneratorJudge.judge(
                files, health, window.measured(), latencies.stats().responseTime());
        generator.filter(GeneratorHealth::bound).ifPresent(g -> files.warn(GeneratorJudge.warning(g)));

        Map<String, String> parameters = TestParameters.of(files.peers());
        Decision decision = decide(files, LossCheck.judge(accounting.counts(), parameters.get("MAXIMUM_LOSS")));
        RateStats senderRate = RateAggregation.stats(senderTotals, window.measured());
        ReceiveRate received = ReceiveRate.of(receivers.values(), window.measured());
        RateStats receiverRate = received.stats();
        Integer messageBytes = TestParameters.messageBytes(parameters);
        senderRate = PayloadRates.withBytes(senderRate, files.peers(), Role.SENDER, messageBytes);
        receiverRate = PayloadRates.withBytes(receiverRate, files.peers(), Role.RECEIVER, messageBytes);
        DuplicateDeliveries.explain(
                        accounting.counts().received(),
                        accounting.counts().duplicates(),
                        receiverRate.mean(),
                        senderRate.mean())
                .ifPresent(files::warn);
        BacklogAnalysis.Result backlog = BacklogAnalysis.of(files.rates());
        List<FaultCost> faults =
                FaultCosts.of(files, actions, accounting.counts(), faultSeconds(window, receiverTotals, latencies));
        DestinationAccounting.Result spread = DestinationAccounting.of(files, accounting.streams(), window.measured());
        Map<String, FlowSummary> flows = FlowFigures.of(files, window.measured());
        TestSummary summary = new TestSummary(
                TestSummary.FORMAT_VERSION,
                files.testName(),
                files.iterationNumber(),
                window.startMillis(),
                window.endMillis(),
                window.warmupEndMillis(),
                decision.verdict(),
                decision.reason(),
                decision.decidedBy(),
                IterationMessages.withRateErrors(accounting.counts(), files),
                FlowFigures.withFlowBytes(
                        new TestSummary.Rates(senderRate, receiverRate, window.measured(), received.drained()), flows),
                latencies.stats(),
                parameters,
                PeerSummaries.of(files),
                accounting.streams(),
                actions,
                List.copyOf(files.warnings()),
                files.runId(),
                clocks.orElse(null),
                generator.orElse(null),
                faults,
                RatePhases.of(files, parameters, window.measured()),
                backlog.summary(),
                spread.destinations(),
                spread.subscriptions(),
                flows);
        IterationSeries series = new IterationSeries(
                window,
                senders,
                receivers,
                senderTotals,
                receiverTotals,
                RateAggregation.totals(files.rates().values()),
                latencies,
                dataSets,
                GeneratorJudge.byName(health),
                backlog);
        return new IterationAnalysis(summary, latencies.distributions(), series);
    }

    /** The times and per-second figures the faults are measured against. */
    private static TestSeconds faultSeconds(
            TestWindow window, List<RateAggregation.Second> receiverTotals, IterationLatencies latencies) {
        Map<Long, Long> received = new HashMap<>();
        receiverTotals.forEach(second -> received.put(second.timestamp(), second.count()));
        Map<Long, Long> p99 = new HashMap<>();
        if (latencies.response() != null) {
            latencies.response().overTime().forEach(point -> p99.put(point.timestamp(), point.p99()));
        }
        long measuredEnd = window.measured() != null ? window.measured().endMillis() : window.endMillis();
        return new TestSeconds(window.startMillis(), window.warmupEndMillis(), measuredEnd, received, p99);
    }

    /** The verdict of the iteration by {@link VerdictRule}, from the verdicts recorded for it and by its peers. */
    private static Decision decide(IterationFiles files, LossCheck loss) {
        VerdictFile script = files.recorded(VerdictFile.SCRIPT);
        VerdictFile runner = files.recorded(VerdictFile.RUNNER);
        List<PeerVerdict> peers = new ArrayList<>();
        for (PeerDirectory peer : files.peers()) {
            peer.result()
                    .ifPresent(result -> peers.add(PeerVerdict.of(peer.name(), result.outcome(), result.reason())));
        }
        return VerdictRule.decide(runner, script, peers, loss);
    }
}

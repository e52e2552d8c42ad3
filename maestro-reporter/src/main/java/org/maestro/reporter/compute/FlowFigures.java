package org.maestro.reporter.compute;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.FlowSummary;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;
import org.maestro.reporter.verdict.LossCheck;

/**
 * The figures of each flow of a test iteration of several flows: its senders and receivers grouped by the
 * {@code FLOW} of their test.properties, each group analysed as the whole iteration is ({@link IterationMessages},
 * {@link RateAggregation}, {@link ReceiveRate}, {@link IterationLatencies}), rates over the iteration's measured
 * window so that the flows' rates add up to the iteration's.
 */
public final class FlowFigures {

    private FlowFigures() {}

    /** The flow a peer's test.properties name; empty for the one flow of a test that names none. */
    public static String flowOf(PeerDirectory peer) {
        String flow = peer.testProperties().get(OptionCode.FLOW.parameter());
        return flow == null ? "" : flow.trim();
    }

    /**
     * The figures of each flow, by name in name order; null when the senders and receivers are of one flow (the
     * iteration's own figures say it all then).
     *
     * @param window the iteration's measured window; null when it has none
     */
    public static Map<String, FlowSummary> of(IterationFiles files, TestSummary.MeasuredWindow window) {
        TreeSet<String> flows = new TreeSet<>();
        for (PeerDirectory peer : files.peers()) {
            if (loads(peer)) {
                flows.add(flowOf(peer));
            }
        }
        if (flows.size() < 2) {
            return null;
        }
        Map<String, FlowSummary> figures = new LinkedHashMap<>();
        for (String flow : flows) {
            figures.put(
                    flow,
                    summarize(files.only(peer -> loads(peer) && flowOf(peer).equals(flow)), window));
        }
        return figures;
    }

    /**
     * The iteration's rates with their byte rate the sum of its flows' when the flows used different message sizes
     * (one size for the whole iteration gives none then); as they are otherwise.
     */
    public static TestSummary.Rates withFlowBytes(TestSummary.Rates rates, Map<String, FlowSummary> flows) {
        if (flows == null) {
            return rates;
        }
        return new TestSummary.Rates(
                withFlowBytes(
                        rates.sender(),
                        flows.values().stream().map(f -> f.rate().sender())),
                withFlowBytes(
                        rates.receiver(),
                        flows.values().stream().map(f -> f.rate().receiver())),
                rates.window(),
                rates.drained());
    }

    private static RateStats withFlowBytes(RateStats total, java.util.stream.Stream<RateStats> flows) {
        if (total == null || total.megabytesPerSecond() != null) {
            return total;
        }
        List<Double> bytes = flows.map(RateStats::megabytesPerSecond).toList();
        if (bytes.isEmpty() || bytes.contains(null)) {
            return total;
        }
        return new RateStats(
                total.mean(),
                total.max(),
                total.min(),
                total.seconds(),
                total.total(),
                total.millis(),
                total.warmup(),
                bytes.stream().mapToDouble(Double::doubleValue).sum(),
                null,
                bytes.stream().mapToDouble(Double::doubleValue).sum() * 1e6);
    }

    private static boolean loads(PeerDirectory peer) {
        return peer.role() == Role.SENDER || peer.role() == Role.RECEIVER;
    }

    private static FlowSummary summarize(IterationFiles flow, TestSummary.MeasuredWindow window) {
        MessageCounts counts =
                IterationMessages.withRateErrors(IterationMessages.account(flow).counts(), flow);
        Map<String, String> parameters = TestParameters.of(flow.peers());
        RateStats senderRate = RateAggregation.stats(
                RateAggregation.totals(flow.ratesOf(Role.SENDER).values()), window);
        ReceiveRate received = ReceiveRate.of(flow.ratesOf(Role.RECEIVER).values(), window);
        RateStats receiverRate = received.stats();
        Integer messageBytes = TestParameters.messageBytes(parameters);
        if (messageBytes != null) {
            senderRate = senderRate.withMessageSize(messageBytes);
            receiverRate = receiverRate.withMessageSize(messageBytes);
        }
        LossCheck loss = LossCheck.judge(counts, parameters.get(OptionCode.MAXIMUM_LOSS.parameter()));
        return new FlowSummary(
                counts,
                new TestSummary.Rates(senderRate, receiverRate, window, received.drained()),
                IterationLatencies.of(flow).stats(),
                names(flow, Role.SENDER),
                names(flow, Role.RECEIVER),
                loss.held(),
                loss.text());
    }

    private static List<String> names(IterationFiles flow, Role role) {
        List<String> names = new ArrayList<>();
        flow.peers(role).forEach(peer -> names.add(peer.name()));
        return names;
    }
}

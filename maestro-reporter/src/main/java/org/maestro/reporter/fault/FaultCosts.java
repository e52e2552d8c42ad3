package org.maestro.reporter.fault;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.AgentAction;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;

/**
 * What each agent action of an iteration cost ({@link FaultCost}, docs/reporting.md "What each fault cost"): frames
 * each action ({@link FaultSpan}), finds the receivers' longest silence ({@link Silences}), the recoveries of the
 * throughput and the p99 ({@link Recovery}), the latencies before and during ({@link RangeLatencies}) and attributes
 * the refused, vanished and duplicated messages by the per-second counts ({@link IntervalCounts}).
 */
public final class FaultCosts {

    private FaultCosts() {}

    /**
     * The cost of each action, in the order given (by start).
     *
     * @param totals the test's message accounting, whose vanished and duplicates cap the attributed ones
     * @param test the test's times and per-second figures
     */
    public static List<FaultCost> of(
            IterationFiles files, List<AgentAction> actions, MessageCounts totals, TestSeconds test) {
        if (actions.isEmpty()) {
            return List.of();
        }
        long measuredEnd = test.measuredEnd();
        List<FaultSpan> spans = FaultSpan.of(actions, test.warmupEnd(), test.testStart(), measuredEnd);
        Map<String, List<RateLog.Row>> senders = files.ratesOf(Role.SENDER);
        Map<String, List<RateLog.Row>> receivers = files.ratesOf(Role.RECEIVER);
        Map<Long, Long> received = test.received();
        Map<Long, Long> p99PerSecond = test.p99Micros();
        List<Silences.Receiver> silent = silences(files);
        List<SecondRange> ranges = new ArrayList<>();
        for (FaultSpan span : spans) {
            ranges.add(SecondRange.within(span.baselineStart(), span.start()));
            ranges.add(SecondRange.overlapping(span.start(), span.until()));
        }
        // the logs were read for the latency figures already, which warned about any that could not be
        List<Histogram> latencies = RangeLatencies.of(responseLogs(files), ranges, new ArrayList<>());

        long vanishedLeft = totals.vanished() == null ? -1 : totals.vanished();
        long duplicatesLeft = totals.duplicates();
        Double previousLevel = null;
        Double previousP99 = null;
        List<FaultCost> costs = new ArrayList<>(spans.size());
        for (int i = 0; i < spans.size(); i++) {
            FaultSpan span = spans.get(i);
            SecondRange baseline = ranges.get(2 * i);
            SecondRange during = ranges.get(2 * i + 1);
            Silences.Silence silence = Silences.longest(span, measuredEnd, silent);

            // a baseline an earlier fault's interval left empty: the earlier fault's levels
            boolean cutShort = i > 0
                    && span.baselineStart()
                            > Math.max(
                                    span.start() - FaultSpan.BASELINE_MILLIS,
                                    Math.max(test.warmupEnd(), test.testStart()));
            Double level = throughputLevel(baseline, received);
            Double p99Before = p99(latencies.get(2 * i));
            if (cutShort && baseline.isEmpty()) {
                level = previousLevel;
                p99Before = previousP99;
            }
            previousLevel = level;
            previousP99 = p99Before;
            Recovery throughput = level == null
                    ? Recovery.NO_BASELINE
                    : Recovery.find(
                            span,
                            second -> (double) received.getOrDefault(second, 0L),
                            Recovery.near(level),
                            last -> last.stream()
                                    .mapToDouble(Double::doubleValue)
                                    .average()
                                    .orElse(0));
            Recovery p99 = p99Before == null
                    ? Recovery.NO_BASELINE
                    : Recovery.find(
                            span,
                            second -> Optional.ofNullable(p99PerSecond.get(second))
                                    .map(micros -> micros / 1000.0)
                                    .orElse(null),
                            Recovery.notAbove(p99Before),
                            last -> last.stream()
                                    .mapToDouble(Double::doubleValue)
                                    .max()
                                    .orElse(0));

            IntervalCounts counts = IntervalCounts.of(during, senders.values(), receivers.values());
            Long vanished = null;
            if (vanishedLeft >= 0) {
                vanished = Math.min(counts.deficit(), vanishedLeft);
                vanishedLeft -= vanished;
            }
            long duplicates = Math.min(counts.excess(), duplicatesLeft);
            duplicatesLeft -= duplicates;
            AgentAction action = span.action();
            costs.add(new FaultCost(
                    action.agent(),
                    action.command(),
                    action.startMillis(),
                    Math.max(action.startMillis(), action.endMillis()),
                    span.until(),
                    silence == null ? null : silence.seconds(),
                    silence == null ? null : silence.resolution(),
                    silence != null && silence.ongoing(),
                    level,
                    throughput.status(),
                    throughput.seconds(),
                    throughput.reached(),
                    p99Before,
                    p99(latencies.get(2 * i + 1)),
                    p99.status(),
                    p99.seconds(),
                    p99.reached(),
                    counts.refused(),
                    vanished,
                    duplicates));
        }
        return costs;
    }

    /** The receivers' mean per-second count over the baseline's seconds; null when it has none or it is 0. */
    static Double throughputLevel(SecondRange baseline, Map<Long, Long> received) {
        if (baseline.isEmpty()) {
            return null;
        }
        long total = 0;
        for (long second = baseline.firstEnd(); second <= baseline.lastEnd(); second += 1000) {
            total += received.getOrDefault(second, 0L);
        }
        double level = (double) total / baseline.seconds();
        return level > 0 ? level : null;
    }

    private static Double p99(Histogram histogram) {
        return histogram.getTotalCount() == 0 ? null : histogram.getValueAtPercentile(99.0) / 1000.0;
    }

    private static List<Path> responseLogs(IterationFiles files) {
        return files.peers().stream()
                .map(peer -> peer.file(PeerDirectory.RESPONSE_TIME))
                .flatMap(Optional::stream)
                .toList();
    }

    private static List<Silences.Receiver> silences(IterationFiles files) {
        List<Silences.Receiver> receivers = new ArrayList<>();
        files.rates().forEach((peer, rows) -> {
            if (peer.role() != Role.RECEIVER) {
                return;
            }
            List<ReceiveGaps.Gap> gaps = null;
            Optional<Path> file = peer.file(PeerDirectory.RECEIVE_GAPS);
            if (file.isPresent()) {
                try {
                    gaps = ReceiveGaps.read(file.get());
                } catch (IOException e) {
                    files.warn(e.getMessage() + "; the faults' silences of " + peer.name() + " are per second");
                }
            }
            receivers.add(new Silences.Receiver(gaps, rows));
        });
        return receivers;
    }
}

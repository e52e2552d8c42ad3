package org.maestro.reporter.html;

import org.maestro.common.measure.OutcomeCounts;
import org.maestro.reporter.BacklogSummary;
import org.maestro.reporter.GeneratorHealth;
import org.maestro.reporter.JitterStats;
import org.maestro.reporter.LatencyCriterion;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;

/**
 * The headline cards of an iteration's page: throughput, latencies, jitter, the message counts and the backlog (when
 * there was one), each saying what
 * it covers (the measured window, or the whole test).
 */
final class IterationCards {
    /** How a card says a number covers the whole test. */
    static final String INCLUDED = "whole test, warm-up included";
    /** How a card says a number covers the measured window only. */
    static final String EXCLUDED = "warm-up excluded";

    private IterationCards() {}

    /** "CPU ≤ 23% of its cores · hiccups ≤ 0.4 ms": the worst second of any sender or receiver. */
    private static String healthy(GeneratorHealth generator) {
        double cpu = 0;
        long hiccup = 0;
        for (GeneratorHealth.Peer peer : generator.peers()) {
            cpu = Math.max(
                    cpu,
                    (peer.cpuPeakPercent() == null ? 0 : peer.cpuPeakPercent())
                            + (peer.cpuWaitPeakPercent() == null ? 0 : peer.cpuWaitPeakPercent()));
            hiccup = Math.max(hiccup, peer.hiccupP99Micros() == null ? 0 : peer.hiccupP99Micros());
        }
        return String.format(
                java.util.Locale.ROOT,
                "senders and receivers: CPU used + waited ≤ %.0f%% of their cores · hiccup p99 ≤ %s · %s",
                cpu,
                Format.millis(hiccup),
                EXCLUDED);
    }

    /** Appends the headline cards of an iteration to {@code b}. */
    static void append(StringBuilder b, TestSummary s) {
        MessageCounts m = s.messages();
        RateStats receiver = s.rate().receiver();
        RateStats sender = s.rate().sender();
        b.append("<section class=\"cards\" id=\"headline\">\n");
        Double megabytes = s.throughputMegabytes();
        String rateSub = (megabytes == null ? "" : Format.megabytes(megabytes) + " · ")
                + (s.rate().receiversCounted()
                        ? "max " + Format.rate(receiver.max()) + " · senders " + Format.rate(sender.mean())
                        : "senders, max " + Format.rate(sender.max()))
                + " · " + EXCLUDED;
        b.append(Html.card("card-throughput", "Throughput (msg/s)", Format.rate(s.throughput()), rateSub, ""));
        LatencyStats response = s.latency().responseTime();
        LatencyCriterion criterion = LatencyCriterion.of(s.parameters()).orElse(null);
        if (response != null) {
            String judged =
                    criterion == null ? "" : " · " + criterion.describe().replace(" response time", "");
            b.append(Html.card(
                    "card-response-p99",
                    "p99 response time",
                    Format.millis(response.p99()),
                    "p50 " + Format.millis(response.p50()) + " · p90 " + Format.millis(response.p90()) + " · max "
                            + Format.millis(response.max()) + judged + " · " + EXCLUDED,
                    ""));
        }
        LatencyStats service = s.latency().serviceTime();
        if (service != null) {
            b.append(Html.card(
                    "card-service-p99",
                    "p99 service time",
                    Format.millis(service.p99()),
                    "p50 " + Format.millis(service.p50()) + " · max " + Format.millis(service.max()) + " · " + EXCLUDED,
                    ""));
        }
        JitterStats jitter = s.latency().jitter();
        if (jitter != null) {
            b.append(Html.card(
                    "card-jitter",
                    "Max jitter (late)",
                    Format.millis(jitter.lateMax()),
                    "|J| p50 " + Format.millis(jitter.p50()) + " · p99 " + Format.millis(jitter.p99()) + " · early max "
                            + Format.millis(jitter.earlyMax()) + " · " + EXCLUDED,
                    ""));
        }
        b.append(Html.card(
                "card-sent",
                "Sent",
                Format.count(m.sent()),
                "received " + Format.count(m.received()) + " · " + INCLUDED,
                ""));
        if (m.lostKnown()) {
            b.append(Html.card(
                    "card-lost",
                    "Lost",
                    Format.count(m.lost()),
                    Format.percent(m.lostPercent())
                            + " of sent"
                            + (m.outcomes() != null || m.refused() > 0
                                    ? " · refused " + Format.count(m.refused()) + " · vanished "
                                            + Format.count(m.vanished())
                                    : "")
                            + " · " + INCLUDED,
                    m.lost() > 0 ? "bad" : "good"));
        } else {
            b.append(Html.card("card-lost", "Lost", "unknown", m.unknownReason(), "bad"));
        }
        OutcomeCounts outcomes = m.outcomes();
        if (outcomes != null) {
            b.append(Html.card(
                    "card-outcomes",
                    "Sends not accepted",
                    Format.count(outcomes.notAccepted()),
                    "released " + Format.count(outcomes.released()) + " · rejected " + Format.count(outcomes.rejected())
                            + " · modified " + Format.count(outcomes.modified()) + " · failed "
                            + Format.count(outcomes.failed()) + " of " + Format.count(outcomes.total()) + " attempts",
                    outcomes.notAccepted() > 0 ? "bad" : "good"));
        }
        b.append(Html.card(
                "card-duplicates",
                "Duplicates",
                Format.count(m.duplicates()),
                "out of order " + Format.count(m.outOfOrder()) + " · " + INCLUDED,
                m.duplicates() > 0 ? "bad" : ""));
        b.append(Html.card(
                "card-errors",
                "Errors",
                Format.count(m.errors()),
                "send and receive · " + INCLUDED,
                m.errors() > 0 ? "bad" : ""));
        GeneratorHealth generator = s.generator();
        if (generator != null) {
            b.append(Html.card(
                    "card-generator",
                    "Generator",
                    generator.bound() ? "generator-bound" : "not saturated",
                    generator.bound() ? generator.reason() : healthy(generator),
                    generator.bound() ? "bad" : "good"));
        }
        BacklogSummary backlog = s.backlog();
        if (backlog != null) {
            String drain = backlog.describe() + " · measured messages sent − received";
            b.append(Html.card(
                    "card-backlog",
                    "Backlog peak",
                    Format.count(backlog.peak()),
                    drain,
                    backlog.drained() ? "" : "bad"));
        }
        if (m.stale() > 0) {
            b.append(Html.card(
                    "card-stale",
                    "Stale",
                    Format.count(m.stale()),
                    "messages of another run, consumed and not counted",
                    "bad"));
        }
        b.append("</section>\n");
    }
}

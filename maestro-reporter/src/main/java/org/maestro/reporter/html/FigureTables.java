package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.stream.Collectors;
import org.maestro.reporter.JitterStats;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.TestSummary;

/** The figure tables of an iteration's page: latency percentiles per metric, and the rates per role. */
final class FigureTables {

    private FigureTables() {}

    /** Appends the table of latency percentiles, when a peer recorded one. */
    static void latency(StringBuilder b, TestSummary.Latencies latencies) {
        if (latencies.responseTime() == null && latencies.serviceTime() == null && latencies.sendDelay() == null) {
            return;
        }
        b.append("<h2>Latency</h2>\n<p class=\"legend-hint\">Measured intervals of all peers, warm-up excluded.</p>\n"
                        + "<table id=\"latency\">\n")
                .append(latencyHead());
        latencyRow(b, "response time", "responseTime", latencies.responseTime());
        latencyRow(b, "service time", "serviceTime", latencies.serviceTime());
        latencyRow(b, "send delay", "sendDelay", latencies.sendDelay());
        if (latencies.jitter() != null) {
            latencyRow(b, "jitter |J|", "jitter", latencies.jitter().magnitude());
        }
        b.append("</tbody></table>\n");
        if (latencies.jitter() != null) {
            JitterStats j = latencies.jitter();
            b.append("<p class=\"note\" id=\"jitter-note\">Inter-arrival jitter J = t'<sub>n</sub> − t'<sub>n−1</sub>"
                            + " − 1/RATE per stream: ")
                    .append(Format.count(j.lateCount()))
                    .append(" late values (J ≥ 0, max ")
                    .append(Format.millis(j.lateMax()))
                    .append("), ")
                    .append(Format.count(j.earlyCount()))
                    .append(" early values (J &lt; 0, max ")
                    .append(Format.millis(j.earlyMax()))
                    .append(" below the interval).</p>\n");
        }
    }

    /** The head of a table of latency percentiles. */
    static String latencyHead() {
        return head(
                th("metric"),
                thNum("count"),
                thNum("mean"),
                LatencyStats.PERCENTILES.stream().map(Html::thNum).collect(Collectors.joining()));
    }

    /** A row of a table of latency percentiles; nothing when the metric was not recorded. */
    static void latencyRow(StringBuilder b, String label, String key, LatencyStats stats) {
        if (stats == null) {
            return;
        }
        b.append("<tr data-metric=\"")
                .append(key)
                .append("\">")
                .append(td(label))
                .append(num(Format.count(stats.count())))
                .append(num(Format.millis(stats.mean())));
        for (String p : LatencyStats.PERCENTILES) {
            b.append(num(Format.millis(stats.valueAt(p))));
        }
        b.append("</tr>\n");
    }

    /** Appends the table of the senders' and receivers' rates. */
    static void rates(StringBuilder b, TestSummary s) {
        b.append("<h2>Rate</h2>\n<table id=\"rates\">\n").append(rateHead());
        rateRow(b, "senders", s.rate().sender());
        rateRow(b, "receivers", s.rate().receiver());
        b.append("</tbody></table>\n");
        TestSummary.Drain drain = s.rate().drained();
        if (drain != null && drain.messages() > 0) {
            b.append("<p class=\"note\" id=\"drain-note\">The receivers' rate counts what they received within the"
                            + " measured window; ")
                    .append(drain.describe())
                    .append(" (counted as received, not in the rate).</p>\n");
        }
    }

    /** The head of a table of rates. */
    static String rateHead() {
        return head(
                th("peers"),
                thNum("mean msg/s"),
                thNum("max msg/s"),
                thNum("min msg/s"),
                thNum("measured window s"),
                thNum("measured messages"),
                thNum("warm-up messages (excluded)"),
                thNum("mean MB/s"),
                thNum("mean bytes/s"),
                thNum("mean message size (bytes)"));
    }

    /** A row of a table of rates. */
    static void rateRow(StringBuilder b, String label, RateStats rate) {
        b.append("<tr>")
                .append(td(label))
                .append(num(Format.rate(rate.mean())))
                .append(num(Format.count(rate.max())))
                .append(num(Format.count(rate.min())))
                .append(num(
                        rate.millis() > 0
                                ? String.format(java.util.Locale.ROOT, "%.3f", rate.millis() / 1000.0)
                                : rate.seconds() + " rows"))
                .append(num(Format.count(rate.total())))
                .append(num(Format.count(rate.warmup())))
                .append(num(
                        rate.megabytesPerSecond() == null
                                ? ""
                                : String.format(java.util.Locale.ROOT, "%,.3f", rate.megabytesPerSecond())))
                .append(num(
                        rate.bytesPerSecond() == null
                                ? ""
                                : String.format(java.util.Locale.ROOT, "%,.0f", rate.bytesPerSecond())))
                .append(num(
                        rate.meanSize() == null ? "" : String.format(java.util.Locale.ROOT, "%,.1f", rate.meanSize())))
                .append("</tr>\n");
    }
}

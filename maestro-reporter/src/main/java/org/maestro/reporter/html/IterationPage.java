package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.List;
import java.util.Map;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.reporter.AgentAction;
import org.maestro.reporter.JitterStats;
import org.maestro.reporter.LatencyCriterion;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.PeerSummary;
import org.maestro.reporter.RateStats;
import org.maestro.reporter.StreamSummary;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.chart.Chart;

/** The report page of one test iteration: verdict, headline numbers, tables and charts. */
public final class IterationPage {

    /** File name of an iteration's page in the test directory. */
    public static String fileName(int iteration) {
        return "iteration-" + iteration + ".html";
    }

    /** How the headline says a number covers the whole test. */
    static final String INCLUDED = "whole test, warm-up included";
    /** How the headline says a number covers the measured window only. */
    static final String EXCLUDED = "warm-up excluded";

    private IterationPage() {}

    /** Renders the page; it lives in the test directory, below {@link Assets#ECHARTS_FILE}. */
    public static String render(TestSummary s, List<Chart> charts) {
        StringBuilder b = new StringBuilder(32_768);
        b.append("<section class=\"title\">\n<h1>")
                .append(esc(s.test()))
                .append(" <span class=\"iter\">iteration ")
                .append(s.iteration())
                .append("</span> ")
                .append(Html.badge(s.outcome()))
                .append("</h1>\n")
                .append("<p class=\"reason\" id=\"reason\">")
                .append(esc(s.reason()))
                .append("</p>\n")
                .append(
                        s.decidedBy() == null
                                ? ""
                                : "<p class=\"meta\" id=\"decided-by\" data-decided-by=\""
                                        + s.decidedBy().jsonName() + "\">"
                                        + esc(s.decidedBy().describe()) + "</p>\n")
                .append("<p class=\"meta\">Started ")
                .append(esc(Format.time(s.startMillis())))
                .append(" · duration ")
                .append(esc(Format.duration(s.durationSeconds())));
        TestSummary.MeasuredWindow window = s.rate().window();
        if (window != null && window.warmupMillis() > 0) {
            b.append(" · warm-up ")
                    .append(esc(Format.duration(window.warmupMillis() / 1000.0)))
                    .append(" (excluded) · measured ")
                    .append(esc(Format.duration(window.millis() / 1000.0)));
        } else if (s.warmupEndMillis() > s.startMillis() && s.startMillis() > 0) {
            b.append(" · warm-up ")
                    .append(esc(Format.duration((s.warmupEndMillis() - s.startMillis()) / 1000.0)))
                    .append(" (excluded)");
        }
        b.append(" · ").append(s.peers().size()).append(" peers</p>\n");
        LatencyCriterion.of(s.parameters()).ifPresent(criterion -> {
            LatencyStats response = s.latency().responseTime();
            b.append("<p class=\"meta\" id=\"verdict-criterion\" data-statistic=\"")
                    .append(criterion.statistic())
                    .append("\">")
                    .append(esc(criterion.describe()))
                    .append(response == null ? "" : ": measured " + esc(Format.millis(criterion.valueOf(response))))
                    .append(" (MAXIMUM_LATENCY=")
                    .append(criterion.limitMillis())
                    .append(", MAXIMUM_LATENCY_MODE=")
                    .append(criterion.hard() ? "hard" : "soft")
                    .append(")</p>\n");
        });
        b.append("</section>\n");

        cards(b, s);
        if (!s.warnings().isEmpty()) {
            b.append("<ul class=\"warnings\" id=\"warnings\">\n");
            s.warnings().forEach(w -> b.append("<li>").append(esc(w)).append("</li>\n"));
            b.append("</ul>\n");
        }
        latencyTable(b, s.latency());
        rateTable(b, s);
        if (!charts.isEmpty()) {
            b.append("<h2>Charts</h2>\n<p class=\"legend-hint\">Time charts show the whole test: the grey band is the "
                    + "warm-up (excluded from the numbers above), orange bands are agent actions. Drag the slider under a "
                    + "chart or scroll to zoom; values far above the rest (such as the catch-up of the first second) are "
                    + "marked ▲ at the top edge, so they do not flatten the other points; click a legend "
                    + "entry to hide or show a line; hover for values.</p>\n<div class=\"charts\">\n");
            for (Chart chart : charts) {
                b.append(Page.chartBox(chart, chart.id().equals("chart-rate")));
            }
            b.append("</div>\n");
        }
        actionsTable(b, s.actions());
        streamsTable(b, s.streams());
        peersTable(b, s.peers());
        propertiesTables(b, s);
        b.append("<footer>Numbers from the measured intervals only (warm-up excluded); message counts cover the whole "
                        + "test. Data: <a href=\"summary.json\">summary.json</a> · <a href=\"junit.xml\">junit.xml</a> · peer "
                        + "files in <a href=\"")
                .append(s.iteration())
                .append("/\">")
                .append(s.iteration())
                .append("/</a></footer>\n");

        String breadcrumb = "<a href=\"../index.html\">All tests</a> › <a href=\"index.html\">" + esc(s.test())
                + "</a> › iteration " + s.iteration();
        return Page.render(
                s.test() + " #" + s.iteration() + " · Maestro",
                breadcrumb,
                b.toString(),
                charts,
                Assets.ECHARTS_FROM_TEST_DIRECTORY);
    }

    private static void cards(StringBuilder b, TestSummary s) {
        MessageCounts m = s.messages();
        RateStats receiver = s.rate().receiver();
        RateStats sender = s.rate().sender();
        b.append("<section class=\"cards\" id=\"headline\">\n");
        Double megabytes = s.throughputMegabytes();
        String rateSub = (megabytes == null ? "" : Format.megabytes(megabytes) + " · ")
                + (receiver.seconds() > 0
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

    private static void latencyTable(StringBuilder b, TestSummary.Latencies latencies) {
        if (latencies.responseTime() == null && latencies.serviceTime() == null && latencies.sendDelay() == null) {
            return;
        }
        b.append("<h2>Latency</h2>\n<p class=\"legend-hint\">Measured intervals of all peers, warm-up excluded.</p>\n"
                        + "<table id=\"latency\">\n<thead><tr>")
                .append(th("metric"))
                .append(thNum("count"))
                .append(thNum("mean"));
        for (String p : LatencyStats.PERCENTILES) {
            b.append(thNum(p));
        }
        b.append("</tr></thead>\n<tbody>\n");
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

    private static void latencyRow(StringBuilder b, String label, String key, LatencyStats stats) {
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

    private static void rateTable(StringBuilder b, TestSummary s) {
        b.append("<h2>Rate</h2>\n<table id=\"rates\">\n<thead><tr>")
                .append(th("peers"))
                .append(thNum("mean msg/s"))
                .append(thNum("max msg/s"))
                .append(thNum("min msg/s"))
                .append(thNum("measured window s"))
                .append(thNum("measured messages"))
                .append(thNum("warm-up messages (excluded)"))
                .append(thNum("mean MB/s"))
                .append("</tr></thead>\n<tbody>\n");
        rateRow(b, "senders", s.rate().sender());
        rateRow(b, "receivers", s.rate().receiver());
        b.append("</tbody></table>\n");
    }

    private static void rateRow(StringBuilder b, String label, RateStats rate) {
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
                .append("</tr>\n");
    }

    private static void actionsTable(StringBuilder b, List<AgentAction> actions) {
        if (actions.isEmpty()) {
            return;
        }
        b.append("<h2>Agent actions</h2>\n<table id=\"actions\">\n<thead><tr>")
                .append(th("agent"))
                .append(th("command"))
                .append(th("started"))
                .append(thNum("duration"))
                .append(th("outcome"))
                .append(th("message"))
                .append("</tr></thead>\n<tbody>\n");
        for (AgentAction action : actions) {
            b.append("<tr>")
                    .append(td(action.agent()))
                    .append(td(action.command()))
                    .append(td(Format.time(action.startMillis())))
                    .append(num(Format.duration((action.endMillis() - action.startMillis()) / 1000.0)))
                    .append(td(action.outcome()))
                    .append(td(action.message()))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    private static void streamsTable(StringBuilder b, List<StreamSummary> streams) {
        if (streams.isEmpty()) {
            return;
        }
        b.append("<h2>Streams</h2>\n<p class=\"legend-hint\">One row per sender connection and address, across all "
                + "receivers of the address; counts cover the whole test, warm-up included.</p>\n");
        boolean collapse = streams.size() > 20;
        if (collapse) {
            b.append("<details><summary>").append(streams.size()).append(" streams</summary>\n");
        }
        b.append("<table id=\"streams\">\n<thead><tr>")
                .append(th("address"))
                .append(th("sender"))
                .append(thNum("connection"))
                .append(thNum("sent"))
                .append(thNum("received"))
                .append(thNum("lost"))
                .append(thNum("refused"))
                .append(thNum("vanished"))
                .append(thNum("duplicates"))
                .append(thNum("out of order"))
                .append(th("received by"))
                .append("</tr></thead>\n<tbody>\n");
        for (StreamSummary stream : streams) {
            StringBuilder by = new StringBuilder();
            for (Map.Entry<String, Long> entry : stream.receivedBy().entrySet()) {
                by.append(by.length() == 0 ? "" : ", ")
                        .append(entry.getKey())
                        .append(": ")
                        .append(Format.count(entry.getValue()));
            }
            b.append("<tr>")
                    .append(td(stream.address()))
                    .append(td(stream.sender()))
                    .append(num(Integer.toString(stream.connection())))
                    .append(num(Format.count(stream.sent())))
                    .append(num(Format.count(stream.received())))
                    .append(TestPage.lostCell(stream.lost()))
                    .append(num(Format.count(stream.refused())))
                    .append(num(Format.count(stream.vanished())))
                    .append(num(Format.count(stream.duplicates())))
                    .append(num(Format.count(stream.outOfOrder())))
                    .append(td(by.toString()))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n");
        if (collapse) {
            b.append("</details>\n");
        }
    }

    private static void peersTable(StringBuilder b, List<PeerSummary> peers) {
        b.append("<h2>Peers</h2>\n<p class=\"legend-hint\">Messages and errors cover the whole test, warm-up included; "
                        + "mean msg/s the measured window, warm-up excluded.</p>\n<table id=\"peers\">\n<thead><tr>")
                .append(th("peer"))
                .append(th("role"))
                .append(th("host"))
                .append(th("outcome"))
                .append(thNum("messages"))
                .append(thNum("errors"))
                .append(thNum("mean msg/s"))
                .append(th("reason"))
                .append(th("ended"))
                .append("</tr></thead>\n<tbody>\n");
        for (PeerSummary peer : peers) {
            b.append(peer.missing() ? "<tr class=\"missing\">" : "<tr>")
                    .append(td(peer.name()))
                    .append(td(peer.role()))
                    .append(td(peer.host()))
                    .append("<td>")
                    .append(
                            peer.outcome() == Verdict.UNKNOWN
                                    ? "<span class=\"muted\">—</span>"
                                    : Html.badge(peer.outcome()))
                    .append("</td>")
                    .append(num(Format.count(peer.count())))
                    .append(num(Format.count(peer.errors())))
                    .append(num(
                            peer.rate().seconds() > 0 ? Format.rate(peer.rate().mean()) : ""))
                    .append(td(peer.reason()))
                    .append(td(peer.ended() == null ? "" : peer.ended()))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    private static void propertiesTables(StringBuilder b, TestSummary s) {
        b.append("<h2>Test parameters</h2>\n");
        keyValueTable(b, "parameters", s.parameters());
        b.append("<h2>Peer properties</h2>\n");
        for (PeerSummary peer : s.peers()) {
            b.append("<details><summary>")
                    .append(esc(peer.name()))
                    .append(" <span class=\"muted\">")
                    .append(esc(peer.role()))
                    .append(" on ")
                    .append(esc(peer.host()))
                    .append("</span></summary>\n")
                    .append("<div class=\"split\"><div><h3>test.properties</h3>\n");
            keyValueTable(b, null, peer.testProperties());
            b.append("</div><div><h3>system.properties</h3>\n");
            keyValueTable(b, null, peer.systemProperties());
            b.append("</div></div></details>\n");
        }
    }

    private static void keyValueTable(StringBuilder b, String id, Map<String, String> values) {
        if (values.isEmpty()) {
            b.append("<p class=\"muted\">none recorded</p>\n");
            return;
        }
        b.append("<table").append(id == null ? "" : " id=\"" + id + "\"").append(">\n<tbody>\n");
        values.forEach((key, value) -> b.append("<tr><td class=\"key\">")
                .append(esc(key))
                .append("</td>")
                .append(td(value))
                .append("</tr>\n"));
        b.append("</tbody></table>\n");
    }
}

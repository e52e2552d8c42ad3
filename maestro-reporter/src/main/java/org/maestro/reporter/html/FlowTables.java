package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.maestro.reporter.FlowSummary;
import org.maestro.reporter.MessageCounts;
import org.maestro.reporter.TestSummary;

/** The section of each flow on the page of an iteration of several flows: its messages, rates and latencies. */
final class FlowTables {

    /** The columns of a flow's table of messages. */
    private static final List<String> COUNTS =
            List.of("sent", "received", "lost", "refused", "vanished", "duplicates", "errors");

    private FlowTables() {}

    /** Appends a section per flow; nothing for an iteration of one flow. */
    static void append(StringBuilder b, TestSummary s) {
        if (s.flows() == null || s.flows().isEmpty()) {
            return;
        }
        b.append("<h2 id=\"flows\">Flows</h2>\n<p class=\"legend-hint\">The same figures over each flow's peers"
                + " (FLOW in their test.properties); counts and rates add up to the test's.</p>\n");
        for (Map.Entry<String, FlowSummary> entry : s.flows().entrySet()) {
            flow(b, entry.getKey(), entry.getValue());
        }
    }

    private static void flow(StringBuilder b, String name, FlowSummary flow) {
        MessageCounts m = flow.messages();
        b.append("<section class=\"flow\" id=\"flow-")
                .append(esc(name))
                .append("\" data-flow=\"")
                .append(esc(name))
                .append("\">\n<h3>Flow ")
                .append(esc(name))
                .append("</h3>\n<p class=\"meta\">")
                .append(esc(String.join(", ", flow.senders())))
                .append(" → ")
                .append(esc(String.join(", ", flow.receivers())))
                .append(" · ")
                .append(esc(flow.loss()))
                .append("</p>\n<table class=\"flow-messages\">\n")
                .append(head(COUNTS.stream().map(Html::thNum).toArray(String[]::new)))
                .append("<tr>");
        for (Long count : Arrays.asList(
                m.sent(), m.received(), m.lost(), m.refused(), m.vanished(), m.duplicates(), m.errors())) {
            b.append(num(Format.count(count)));
        }
        b.append("</tr>\n</tbody></table>\n<table class=\"flow-rates\">\n").append(FigureTables.rateHead());
        FigureTables.rateRow(b, "senders", flow.rate().sender());
        FigureTables.rateRow(b, "receivers", flow.rate().receiver());
        b.append("</tbody></table>\n");
        TestSummary.Latencies latency = flow.latency();
        if (latency.responseTime() != null || latency.serviceTime() != null || latency.sendDelay() != null) {
            b.append("<table class=\"flow-latency\">\n").append(FigureTables.latencyHead());
            FigureTables.latencyRow(b, "response time", "responseTime", latency.responseTime());
            FigureTables.latencyRow(b, "service time", "serviceTime", latency.serviceTime());
            FigureTables.latencyRow(b, "send delay", "sendDelay", latency.sendDelay());
            b.append("</tbody></table>\n");
        }
        b.append("</section>\n");
    }
}

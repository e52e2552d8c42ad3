package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.List;
import java.util.Map;
import org.maestro.reporter.DestinationFigures;
import org.maestro.reporter.DestinationLatency;
import org.maestro.reporter.FlowDestinations;
import org.maestro.reporter.SubscriptionFigures;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.out.DestinationsCsv;

/**
 * The section of an iteration's page about the destinations (slowest first) and subscriptions (most lost first) of
 * each flow, at most {@value #ROWS} rows each; every row is in the CSV files beside the page.
 */
final class DestinationsSection {
    /** The most rows a table shows. */
    static final int ROWS = 20;

    private DestinationsSection() {}

    /** Appends the section; nothing when the iteration has one destination and one subscription per flow. */
    static void append(StringBuilder b, TestSummary s) {
        if (s.destinations() != null) {
            for (Map.Entry<String, FlowDestinations> flow : s.destinations().entrySet()) {
                destinations(b, s.iteration(), flow.getKey(), flow.getValue());
            }
        }
        if (s.subscriptions() != null) {
            for (Map.Entry<String, List<SubscriptionFigures>> flow :
                    s.subscriptions().entrySet()) {
                subscriptions(b, s.iteration(), flow.getKey(), flow.getValue());
            }
        }
    }

    private static String suffix(String flow) {
        return flow.isEmpty() ? "" : " of flow " + flow;
    }

    private static String id(String what, String flow) {
        return what + (flow.isEmpty() ? "" : "-" + flow);
    }

    private static void destinations(StringBuilder b, int iteration, String flow, FlowDestinations destinations) {
        b.append("<h2>Destinations")
                .append(esc(suffix(flow)))
                .append("</h2>\n<p class=\"legend-hint\" id=\"")
                .append(esc(id("destinations-spread", flow)))
                .append("\">")
                .append(esc(destinations.describe()))
                .append(" (rate: measured messages received ÷ measured window; Jain's fairness index of the rates, "
                        + "1 = even). Slowest first; counts cover the whole test.</p>\n");
        for (DestinationFigures starved : destinations.starved()) {
            b.append("<p class=\"warnings\">")
                    .append(esc(starved.name() + " received nothing while its senders sent " + starved.sent()))
                    .append("</p>\n");
        }
        table(b, id("destinations", flow), "sent", "received", "refused", "vanished", "duplicates", "msg/s");
        List<DestinationFigures> rows = destinations.slowestFirst();
        for (DestinationFigures d : rows.subList(0, Math.min(ROWS, rows.size()))) {
            b.append("<tr>")
                    .append(td(d.name()))
                    .append(num(Format.count(d.sent())))
                    .append(num(Format.count(d.received())))
                    .append(num(Format.count(d.refused())))
                    .append(num(Format.count(d.vanished())))
                    .append(num(Format.count(d.duplicates())))
                    .append(num(Format.rate(d.rate())))
                    .append(latency(d.latency()))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n");
        more(b, rows.size(), DestinationsCsv.destinationsFile(iteration));
    }

    private static void subscriptions(StringBuilder b, int iteration, String flow, List<SubscriptionFigures> all) {
        List<SubscriptionFigures> rows = all.stream()
                .sorted((x, y) -> Long.compare(lostOf(y), lostOf(x)))
                .toList();
        b.append("<h2>Subscriptions")
                .append(esc(suffix(flow)))
                .append(
                        "</h2>\n<p class=\"legend-hint\">Each "
                                + "subscription is expected to receive every message sent to its destination; most lost first.</p>\n");
        table(b, id("subscriptions", flow), "subscription", "expected", "received", "lost", "duplicates");
        for (SubscriptionFigures f : rows.subList(0, Math.min(ROWS, rows.size()))) {
            b.append("<tr>")
                    .append(td(f.name()))
                    .append(num(Integer.toString(f.subscription())))
                    .append(num(Format.count(f.expected())))
                    .append(num(Format.count(f.received())))
                    .append(num(Format.count(f.lost())))
                    .append(num(Format.count(f.duplicates())))
                    .append(latency(f.latency()))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n");
        more(b, rows.size(), DestinationsCsv.subscriptionsFile(iteration));
    }

    /** Opens a table: the destination, the given number columns, then p50, p99 and max. */
    private static void table(StringBuilder b, String id, String... numbers) {
        StringBuilder cells = new StringBuilder(th("destination"));
        for (String number : numbers) {
            cells.append(thNum(number));
        }
        cells.append(thNum("p50")).append(thNum("p99")).append(thNum("max"));
        b.append("<table id=\"").append(esc(id)).append("\">\n").append(head(cells.toString()));
    }

    private static long lostOf(SubscriptionFigures f) {
        return f.lost() == null ? Long.MAX_VALUE : f.lost();
    }

    private static String latency(DestinationLatency latency) {
        if (latency == null) {
            return num("") + num("") + num("");
        }
        return num(Format.millis(latency.p50()))
                + num(Format.millis(latency.p99()))
                + num(Format.millis(latency.max()));
    }

    private static void more(StringBuilder b, int rows, String file) {
        b.append("<p class=\"legend-hint\">")
                .append(rows > ROWS ? "The " + ROWS + " first of " + rows + " rows; all" : "All rows")
                .append(" in <a href=\"")
                .append(esc(file))
                .append("\">")
                .append(esc(file))
                .append("</a>.</p>\n");
    }
}

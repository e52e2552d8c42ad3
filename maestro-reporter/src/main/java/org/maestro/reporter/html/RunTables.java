package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.List;
import java.util.Map;
import org.maestro.reporter.AgentAction;
import org.maestro.reporter.PeerSummary;
import org.maestro.reporter.StreamSummary;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.Verdict;

/** The tables of an iteration's page about who took part: agent actions, streams, peers and their properties. */
final class RunTables {

    private RunTables() {}

    /** Appends the table of the agents' actions, when there were any. */
    static void actions(StringBuilder b, List<AgentAction> actions) {
        if (actions.isEmpty()) {
            return;
        }
        b.append("<h2>Agent actions</h2>\n<table id=\"actions\">\n")
                .append(head(
                        th("agent"),
                        th("command"),
                        th("started"),
                        thNum("duration"),
                        th("outcome"),
                        th("message"),
                        thNum("exit"),
                        th("output")));
        for (AgentAction action : actions) {
            b.append("<tr>")
                    .append(td(action.agent()))
                    .append(td(action.command()))
                    .append(td(Format.time(action.startMillis())))
                    .append(num(Format.duration((action.endMillis() - action.startMillis()) / 1000.0)))
                    .append(td(action.outcome()))
                    .append(td(action.message()))
                    .append(num(action.exit()))
                    .append(output(action))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }

    /** The cell of a program's output: the ends of its stdout and stderr, as they were, or empty. */
    private static String output(AgentAction action) {
        StringBuilder text = new StringBuilder();
        if (!action.stdout().isBlank()) {
            text.append("stdout:\n").append(action.stdout().stripTrailing());
        }
        if (!action.stderr().isBlank()) {
            text.append(text.isEmpty() ? "" : "\n")
                    .append("stderr:\n")
                    .append(action.stderr().stripTrailing());
        }
        return text.isEmpty() ? td("") : "<td><pre class=\"output\">" + esc(text.toString()) + "</pre></td>";
    }

    /** Appends the table of streams: one row per sender connection and address. */
    static void streams(StringBuilder b, List<StreamSummary> streams) {
        if (streams.isEmpty()) {
            return;
        }
        b.append("<h2>Streams</h2>\n<p class=\"legend-hint\">One row per sender connection and address, across all "
                + "receivers of the address; counts cover the whole test, warm-up included.</p>\n");
        boolean collapse = streams.size() > 20;
        if (collapse) {
            b.append("<details><summary>").append(streams.size()).append(" streams</summary>\n");
        }
        b.append("<table id=\"streams\">\n")
                .append(head(
                        th("address"),
                        th("sender"),
                        thNum("connection"),
                        thNum("sent"),
                        thNum("received"),
                        thNum("lost"),
                        thNum("refused"),
                        thNum("vanished"),
                        thNum("duplicates"),
                        thNum("out of order"),
                        th("received by")));
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

    /** Appends the table of peers: what each did and how it ended. */
    static void peers(StringBuilder b, List<PeerSummary> peers) {
        b.append("<h2>Peers</h2>\n<p class=\"legend-hint\">Messages and errors cover the whole test, warm-up included; "
                        + "mean msg/s the measured window, warm-up excluded.</p>\n<table id=\"peers\">\n")
                .append(head(
                        th("peer"),
                        th("role"),
                        th("host"),
                        th("outcome"),
                        thNum("messages"),
                        thNum("errors"),
                        thNum("mean msg/s"),
                        th("reason"),
                        th("ended")));
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

    /** Appends the tables of the test parameters and of each peer's properties. */
    static void properties(StringBuilder b, TestSummary s) {
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

package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import org.maestro.reporter.ClockEstimate;
import org.maestro.reporter.ClockSummary;
import org.maestro.reporter.PeerSummary;
import org.maestro.reporter.TestSummary;

/** The table of an iteration's page with the peers' clock offsets and the largest sender–receiver difference. */
final class ClocksTable {

    private ClocksTable() {}

    /**
     * The peers' clock offsets to the client's clock, one row per estimate, and the largest difference between a
     * sender's clock and a receiver's against the limit; nothing when the runner estimated none.
     */
    static void append(StringBuilder b, TestSummary s) {
        if (s.peers().stream().allMatch(peer -> peer.clock().isEmpty())) {
            return;
        }
        b.append("<h2>Clocks</h2>\n<p class=\"legend-hint\">Each peer's clock minus the client's, estimated from the "
                + "PING exchange with the shortest round trip (± half of it) before, during and after the load. A "
                + "response time is off by the receiver's offset minus the sender's.</p>\n");
        ClockSummary clocks = s.clocks();
        if (clocks != null && clocks.largest() != null) {
            ClockSummary.Difference d = clocks.largest();
            b.append("<p class=\"meta\" id=\"clock-difference\" data-difference-us=\"")
                    .append(d.differenceMicros())
                    .append("\">Largest sender–receiver difference: ")
                    .append(esc(d.receiver() + " − " + d.sender() + " = "
                            + Format.millis(d.differenceMicros()) + " ± " + Format.millis(d.uncertaintyMicros())
                            + " (" + d.phase() + " the load)"))
                    .append(
                            clocks.limitMicros() == null
                                    ? ""
                                    : esc("; limit " + Math.round(clocks.limitFraction() * 100)
                                            + "% of the p50 response time: " + Format.millis(clocks.limitMicros())))
                    .append(clocks.warning() == null ? "" : " <span class=\"badge failure\">exceeded</span>")
                    .append("</p>\n");
        }
        b.append("<table id=\"clocks\">\n")
                .append(head(
                        th("peer"),
                        th("role"),
                        th("phase"),
                        thNum("offset"),
                        thNum("±"),
                        thNum("round trip"),
                        thNum("exchanges"),
                        th("at")));
        for (PeerSummary peer : s.peers()) {
            for (ClockEstimate estimate : peer.clock()) {
                b.append("<tr>")
                        .append(td(peer.name()))
                        .append(td(peer.role()))
                        .append(td(estimate.phase()))
                        .append(num(Format.millis(estimate.offsetMicros())))
                        .append(num(Format.millis(estimate.uncertaintyMicros())))
                        .append(num(Format.millis(estimate.roundTripMicros())))
                        .append(num(Integer.toString(estimate.exchanges())))
                        .append(td(Format.time(estimate.atMillis())))
                        .append("</tr>\n");
            }
        }
        b.append("</tbody></table>\n");
    }
}

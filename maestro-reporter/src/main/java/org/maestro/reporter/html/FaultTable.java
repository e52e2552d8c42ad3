package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.List;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.FaultText;

/** The iteration page's table of what each agent action cost (docs/reporting.md, "What each fault cost"). */
final class FaultTable {

    private FaultTable() {}

    /** Appends the table; nothing without faults. */
    static void append(StringBuilder b, List<FaultCost> faults) {
        if (faults.isEmpty()) {
            return;
        }
        b.append("<h2>What each fault cost</h2>\n<p class=\"legend-hint\">Per agent action: the longest time a "
                        + "receiver went without a message, the silence starting from the action's start to 10 s after its "
                        + "end; the time from its start until the receivers' rate and the response-time p99 were back within "
                        + "5% of their level over the 10 s before it for 3 seconds in a row (green band on the rate chart); "
                        + "the p99 before and during; and the messages refused, vanished and duplicated in that interval, "
                        + "attributed by the per-second counts.</p>\n<table id=\"faults\">\n")
                .append(head(
                        th("agent"),
                        th("action"),
                        th("started"),
                        thNum("duration"),
                        thNum("silence"),
                        thNum("rate before"),
                        thNum("rate back after"),
                        thNum("p99 before"),
                        thNum("p99 during"),
                        thNum("p99 back after"),
                        thNum("refused"),
                        thNum("vanished"),
                        thNum("duplicates")));
        for (FaultCost fault : faults) {
            b.append("<tr>")
                    .append(td(fault.agent()))
                    .append(td(fault.action()))
                    .append(td(Format.time(fault.start())))
                    .append(num(Format.duration((fault.end() - fault.start()) / 1000.0)))
                    .append(num(FaultText.gap(fault)))
                    .append(num(fault.throughputBefore() == null ? "" : Format.rate(fault.throughputBefore())))
                    .append(num(FaultText.throughputRecovery(fault)))
                    .append(num(FaultText.millis(fault.p99Before())))
                    .append(num(FaultText.millis(fault.p99During())))
                    .append(num(FaultText.p99Recovery(fault)))
                    .append(num(FaultText.count(fault.refused())))
                    .append(num(FaultText.count(fault.vanished())))
                    .append(num(FaultText.count(fault.duplicates())))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }
}

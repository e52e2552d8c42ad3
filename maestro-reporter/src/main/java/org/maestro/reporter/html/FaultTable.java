package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;

import java.util.List;
import java.util.stream.Stream;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.FaultText;

/** The iteration page's table of what each agent action cost (docs/reporting.md, "What each fault cost"). */
final class FaultTable {

    /** The headers of the text columns, then of the numeric ones. */
    private static final List<String> TEXT = List.of("agent", "action", "started");

    private static final List<String> NUMBERS = List.of(
            "duration",
            "silence",
            "rate before",
            "rate back after",
            "p99 before",
            "p99 during",
            "p99 back after",
            "refused",
            "vanished",
            "duplicates");

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
                .append(head(Stream.concat(
                                TEXT.stream().map(Html::th), NUMBERS.stream().map(Html::thNum))
                        .toArray(String[]::new)));
        for (FaultCost fault : faults) {
            List<String> numbers = List.of(
                    Format.duration((fault.end() - fault.start()) / 1000.0),
                    FaultText.gap(fault),
                    fault.throughputBefore() == null ? "" : Format.rate(fault.throughputBefore()),
                    FaultText.throughputRecovery(fault),
                    FaultText.millis(fault.p99Before()),
                    FaultText.millis(fault.p99During()),
                    FaultText.p99Recovery(fault),
                    FaultText.count(fault.refused()),
                    FaultText.count(fault.vanished()),
                    FaultText.count(fault.duplicates()));
            b.append("<tr>")
                    .append(td(fault.agent()))
                    .append(td(fault.action()))
                    .append(td(Format.time(fault.start())));
            numbers.forEach(number -> b.append(num(number)));
            b.append("</tr>\n");
        }
        b.append("</tbody></table>\n");
    }
}

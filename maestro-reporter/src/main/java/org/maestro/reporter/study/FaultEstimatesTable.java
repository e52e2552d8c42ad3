package org.maestro.reporter.study;

import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.List;

/** The study page's table of what each kind of fault cost per cell, with 95% confidence intervals. */
final class FaultEstimatesTable {

    private FaultEstimatesTable() {}

    /** Appends the table; nothing when no cell had a fault. */
    static void append(StringBuilder b, List<CellResult> cells) {
        if (cells.stream().allMatch(cell -> cell.faults().isEmpty())) {
            return;
        }
        b.append("<h2>What each fault cost</h2>\n<table id=\"fault-estimates\">\n")
                .append(head(
                        thNum("cell"),
                        th("action"),
                        thNum("faults"),
                        thNum("silence s"),
                        thNum("rate back after s"),
                        thNum("not back"),
                        thNum("p99 back after s"),
                        thNum("p99 not back"),
                        thNum("p99 before ms"),
                        thNum("p99 during ms"),
                        thNum("refused"),
                        thNum("vanished"),
                        thNum("duplicates")));
        for (CellResult cell : cells) {
            for (FaultEstimates fault : cell.faults()) {
                b.append("<tr data-cell=\"")
                        .append(cell.cell())
                        .append("\">")
                        .append(num(Integer.toString(cell.cell() + 1)))
                        .append(td(fault.action()))
                        .append(num(Integer.toString(fault.faults())))
                        .append(StudyPage.estimate("gapSeconds", fault.gapSeconds(), 2))
                        .append(StudyPage.estimate("throughputRecoverySeconds", fault.throughputRecoverySeconds(), 1))
                        .append(num(Integer.toString(fault.throughputNotRecovered())))
                        .append(StudyPage.estimate("p99RecoverySeconds", fault.p99RecoverySeconds(), 1))
                        .append(num(Integer.toString(fault.p99NotRecovered())))
                        .append(StudyPage.estimate("p99Before", fault.p99Before(), 3))
                        .append(StudyPage.estimate("p99During", fault.p99During(), 3))
                        .append(StudyPage.estimate("refused", fault.refused(), 1))
                        .append(StudyPage.estimate("vanished", fault.vanished(), 1))
                        .append(StudyPage.estimate("duplicates", fault.duplicates(), 1))
                        .append("</tr>\n");
            }
        }
        b.append(
                "</tbody></table>\n<p class=\"legend-hint\">One value per fault of every repeat of the cell: the mean ± "
                        + "the half width of its 95% confidence interval; a recovery that did not happen (or had no level "
                        + "before) has no value and is counted under \"not back\".</p>\n");
    }
}

package org.maestro.reporter.study;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.maestro.reporter.Verdict;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.html.Assets;
import org.maestro.reporter.html.Html;
import org.maestro.reporter.html.Page;

/** The study page ({@code <results>/<test>/study.html}): the table of cells with their intervals, and the charts. */
public final class StudyPage {

    /** File name of the page in the test directory. */
    public static final String FILE_NAME = "study.html";

    private StudyPage() {}

    /** Renders the page; it lives in the test directory. */
    public static String render(StudyState state, List<CellResult> cells, List<Chart> charts) {
        StringBuilder b = new StringBuilder();
        long failed = cells.stream().filter(c -> c.outcome().equals("failure")).count();
        Verdict overall = failed > 0 ? Verdict.FAILURE : state.complete() ? Verdict.SUCCESS : Verdict.UNKNOWN;
        b.append("<h1>Study ")
                .append(esc(state.test()))
                .append(' ')
                .append(Html.badge(overall))
                .append("</h1>\n")
                .append("<p class=\"meta\" id=\"study-progress\">")
                .append(state.cellCount())
                .append(" cell(s) × ")
                .append(state.repeats())
                .append(" repeat(s): ")
                .append(state.runs().size())
                .append(" of ")
                .append(state.runCount())
                .append(" runs finished, ")
                .append(failed)
                .append(" cell(s) with a failed run")
                .append(
                        state.complete()
                                ? ""
                                : " · unfinished: run the same script with the same --results and --resume to go on")
                .append(" · <a href=\"study.json\">study.json</a> · <a href=\"study-junit.xml\">study-junit.xml</a>")
                .append(" · <a href=\"index.html\">every iteration</a></p>\n");
        b.append("<h2>Cells</h2>\n").append(table(state, cells));
        FaultEstimatesTable.append(b, cells);
        b.append("<h2>Charts</h2>\n<div class=\"charts\">\n");
        charts.forEach(chart -> b.append(Page.chartBox(chart, chart.kind().equals(Chart.BOXPLOT))));
        b.append("</div>\n");
        return Page.render(
                "Study " + state.test() + " · Maestro",
                "<a href=\"../index.html\">All tests</a> › <a href=\"" + "index.html\">" + esc(state.test())
                        + "</a> › study",
                b.toString(),
                charts,
                Assets.ECHARTS_FROM_TEST_DIRECTORY);
    }

    private static String table(StudyState state, List<CellResult> cells) {
        StringBuilder b = new StringBuilder("<table id=\"cells\">\n")
                .append(head(
                        thNum("cell"),
                        state.dimensions().stream().map(d -> th(d.name())).collect(Collectors.joining()),
                        thNum("runs"),
                        th("outcome"),
                        thNum("offered msg/s"),
                        thNum("throughput msg/s"),
                        thNum("p50 ms"),
                        thNum("p99 ms"),
                        thNum("max ms"),
                        thNum("lost"),
                        thNum("max jitter ms"),
                        th("iterations")));
        for (CellResult cell : cells) {
            b.append("<tr data-cell=\"")
                    .append(cell.cell())
                    .append("\">")
                    .append(num(Integer.toString(cell.cell() + 1)));
            state.dimensions().forEach(d -> b.append(Html.td(cell.values().get(d.name()))));
            b.append(num(cell.finished() + "/" + state.repeats()))
                    .append("<td>")
                    .append(Html.badge(Verdict.parse(cell.outcome())))
                    .append("</td>")
                    .append(num(cell.offered() == null ? "" : format(cell.offered(), 0)))
                    .append(estimate("throughput", cell.throughput(), 0))
                    .append(estimate("p50Ms", cell.p50Ms(), 3))
                    .append(estimate("p99Ms", cell.p99Ms(), 3))
                    .append(estimate("maxMs", cell.maxMs(), 3))
                    .append(estimate("lost", cell.lost(), 1))
                    .append(estimate("jitterMaxMs", cell.jitterMaxMs(), 3))
                    .append("<td>");
            for (RunFigures run : cell.runs()) {
                b.append("<a href=\"iteration-")
                        .append(run.iteration())
                        .append(".html\" title=\"repeat ")
                        .append(run.repeat())
                        .append(": ")
                        .append(esc(run.outcome()))
                        .append("\">#")
                        .append(run.iteration())
                        .append("</a> ");
                if (run.generatorBound() != null) {
                    b.append("<span class=\"bad\" data-generator-bound=\"")
                            .append(run.iteration())
                            .append("\" title=\"")
                            .append(esc(run.generatorBound()))
                            .append("\">generator-bound</span> ");
                }
            }
            b.append("</td></tr>\n");
        }
        b.append("</tbody></table>\n<p class=\"legend-hint\">Each figure: the mean over the cell's repeats ± the half "
                + "width of its 95% confidence interval (Student's t, n − 1 degrees of freedom); no interval with one "
                + "repeat. Throughput and response times: the measured window; lost: the whole test. A run marked "
                + "generator-bound had a sender or receiver that was itself saturated: its throughput is not the "
                + "system's capacity.</p>\n");
        return b.toString();
    }

    /** A cell with an estimate's mean ± the half width of its interval, and the figures as data attributes. */
    static String estimate(String statistic, Estimate estimate, int decimals) {
        if (estimate.mean() == null) {
            return "<td class=\"num\" data-statistic=\"" + statistic + "\">unknown</td>";
        }
        String text = format(estimate.mean(), decimals);
        if (estimate.low() != null) {
            text += " ± " + format((estimate.high() - estimate.low()) / 2, decimals);
        }
        return "<td class=\"num\" data-statistic=\"" + statistic + "\" data-mean=\"" + estimate.mean() + "\""
                + (estimate.low() == null
                        ? ""
                        : " data-low=\"" + estimate.low() + "\" data-high=\"" + estimate.high() + "\"")
                + ">" + esc(text) + "</td>";
    }

    private static String format(double value, int decimals) {
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }
}

package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;

import java.util.List;
import org.maestro.reporter.LatencyCriterion;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.chart.Chart;

/** The report page of one test iteration: verdict, headline numbers, tables and charts. */
public final class IterationPage {

    /** File name of an iteration's page in the test directory. */
    public static String fileName(int iteration) {
        return "iteration-" + iteration + ".html";
    }

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

        IterationCards.append(b, s);
        if (!s.warnings().isEmpty()) {
            b.append("<ul class=\"warnings\" id=\"warnings\">\n");
            s.warnings().forEach(w -> b.append("<li>").append(esc(w)).append("</li>\n"));
            b.append("</ul>\n");
        }
        FigureTables.latency(b, s.latency());
        FigureTables.rates(b, s);
        DestinationsSection.append(b, s);
        FlowTables.append(b, s);
        if (!charts.isEmpty()) {
            b.append("<h2>Charts</h2>\n<p class=\"legend-hint\">Time charts show the whole test: the grey band is the "
                    + "warm-up (excluded from the numbers above), orange bands are agent actions, blue and green ones the "
                    + "phases of a rate profile. Drag the slider under a "
                    + "chart or scroll to zoom; values far above the rest (such as the catch-up of the first second) are "
                    + "marked ▲ at the top edge, so they do not flatten the other points; click a legend "
                    + "entry to hide or show a line; hover for values.</p>\n<div class=\"charts\">\n");
            for (Chart chart : charts) {
                b.append(Page.chartBox(chart, chart.id().equals("chart-rate")));
            }
            b.append("</div>\n");
        }
        FaultTable.append(b, s.faults());
        RunTables.actions(b, s.actions());
        RunTables.streams(b, s.streams());
        RunTables.peers(b, s.peers());
        ClocksTable.append(b, s);
        RunTables.properties(b, s);
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
}

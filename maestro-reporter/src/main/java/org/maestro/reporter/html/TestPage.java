package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.chart.Series;

/** The page of one test ({@code <test>/index.html}): its iterations, newest first, and their trend. */
public final class TestPage {

    private TestPage() {}

    /** Charts of the trend over iterations; empty with fewer than two iterations. */
    public static List<Chart> trendCharts(List<TestSummary> iterations) {
        if (iterations.size() < 2) {
            return List.of();
        }
        List<TestSummary> ordered = new ArrayList<>(iterations);
        ordered.sort(Comparator.comparingInt(TestSummary::iteration));
        List<Object[]> throughput = new ArrayList<>();
        List<Object[]> p50 = new ArrayList<>();
        List<Object[]> p99 = new ArrayList<>();
        for (TestSummary s : ordered) {
            String label = Integer.toString(s.iteration());
            throughput.add(new Object[] {label, Math.round(s.throughput() * 10) / 10.0});
            LatencyStats response = s.latency().responseTime();
            if (response != null) {
                p50.add(new Object[] {label, response.p50() / 1000.0});
                p99.add(new Object[] {label, response.p99() / 1000.0});
            }
        }
        List<Chart> charts = new ArrayList<>();
        charts.add(Chart.of(
                "chart-trend-rate",
                "Throughput by iteration (msg/s)",
                Chart.CATEGORY,
                "msg/s",
                List.of(Series.of("throughput", throughput))));
        if (!p99.isEmpty()) {
            charts.add(Chart.of(
                    "chart-trend-latency",
                    "Response time by iteration (ms)",
                    Chart.CATEGORY,
                    "ms",
                    List.of(Series.of("p50", p50), Series.of("p99", p99))));
        }
        return charts;
    }

    /** Renders the page; it lives in the test directory. */
    public static String render(String test, List<TestSummary> iterations) {
        return render(test, iterations, false);
    }

    /** Renders the page, linking the study report beside it when the test is a study. */
    public static String render(String test, List<TestSummary> iterations, boolean study) {
        List<TestSummary> newestFirst = new ArrayList<>(iterations);
        newestFirst.sort(Comparator.comparingLong(TestSummary::startMillis)
                .thenComparingInt(TestSummary::iteration)
                .reversed());
        StringBuilder b = new StringBuilder();
        long failed = iterations.stream().filter(s -> !s.passed()).count();
        b.append("<h1>").append(esc(test)).append(' ');
        if (!newestFirst.isEmpty()) {
            b.append(Html.badge(newestFirst.get(0).outcome()));
        }
        b.append("</h1>\n<p class=\"meta\">")
                .append(iterations.size())
                .append(" iteration(s), ")
                .append(iterations.size() - failed)
                .append(" passed, ")
                .append(failed)
                .append(" not passed · ")
                .append("<a href=\"summary.json\">summary.json</a> · <a href=\"junit.xml\">junit.xml</a>")
                .append(study ? " · <a id=\"study-link\" href=\"study.html\">study report</a>" : "")
                .append("</p>\n");
        b.append("<h2>Iterations</h2>\n");
        b.append(runTable(newestFirst, false));
        List<Chart> charts = trendCharts(iterations);
        if (!charts.isEmpty()) {
            b.append("<h2>Trend</h2>\n<div class=\"charts\">\n");
            charts.forEach(chart -> b.append(Page.chartBox(chart, false)));
            b.append("</div>\n");
        }
        return Page.render(
                test + " · Maestro",
                "<a href=\"../index.html\">All tests</a> › " + esc(test),
                b.toString(),
                charts,
                Assets.ECHARTS_FROM_TEST_DIRECTORY);
    }

    /**
     * The table of runs shared by the test page and the index.
     *
     * @param runs rows in display order
     * @param withTest true to show the test name and link from the results directory
     */
    static String runTable(List<TestSummary> runs, boolean withTest) {
        StringBuilder b = new StringBuilder();
        b.append("<table id=\"runs\">\n")
                .append(head(
                        th("started"),
                        withTest ? th("test") : "",
                        thNum("iteration"),
                        th("outcome"),
                        thNum("duration"),
                        thNum("throughput msg/s"),
                        thNum("p50 response"),
                        thNum("p99 response"),
                        thNum("sent"),
                        thNum("lost"),
                        thNum("errors"),
                        th("reason")));
        for (TestSummary s : runs) {
            String page = (withTest ? s.test() + "/" : "") + IterationPage.fileName(s.iteration());
            LatencyStats response = s.latency().responseTime();
            b.append("<tr data-test=\"")
                    .append(esc(s.test()))
                    .append("\" data-iteration=\"")
                    .append(s.iteration())
                    .append("\"><td class=\"when\">")
                    .append(esc(Format.time(s.startMillis())))
                    .append("</td>");
            if (withTest) {
                b.append("<td><a href=\"")
                        .append(esc(s.test()))
                        .append("/index.html\">")
                        .append(esc(s.test()))
                        .append("</a></td>");
            }
            b.append("<td class=\"num\"><a href=\"")
                    .append(esc(page))
                    .append("\">#")
                    .append(s.iteration())
                    .append("</a></td>")
                    .append("<td>")
                    .append(Html.badge(s.outcome()))
                    .append("</td>")
                    .append(num(Format.duration(s.durationSeconds())))
                    .append(num(Format.rate(s.throughput())))
                    .append(num(response == null ? "" : Format.millis(response.p50())))
                    .append(num(response == null ? "" : Format.millis(response.p99())))
                    .append(num(Format.count(s.messages().sent())))
                    .append(lostCell(s.messages().lost()))
                    .append(num(Format.count(s.messages().errors())))
                    .append(td(s.reason()))
                    .append("</tr>\n");
        }
        b.append("</tbody></table>\n<p class=\"legend-hint\" id=\"runs-coverage\">Throughput and response times: the "
                + "measured window, warm-up excluded. Sent, lost and errors: the whole test, warm-up included.</p>\n");
        return b.toString();
    }

    /** A lost count: red when messages were lost or when the loss is unknown. */
    static String lostCell(Long lost) {
        return lost == null || lost > 0 ? "<td class=\"num bad\">" + esc(Format.count(lost)) + "</td>" : num("0");
    }
}

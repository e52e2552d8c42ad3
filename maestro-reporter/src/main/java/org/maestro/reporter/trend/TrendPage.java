package org.maestro.reporter.trend;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.maestro.common.text.Numbers;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.chart.Series;
import org.maestro.reporter.compare.Thresholds;
import org.maestro.reporter.html.Assets;
import org.maestro.reporter.html.Format;
import org.maestro.reporter.html.Html;
import org.maestro.reporter.html.Page;

/** The page of a trend across runs: per test, throughput and response time by run with the limits of the baseline. */
final class TrendPage {

    private TrendPage() {}

    static String render(Trend.TrendResult result) {
        Thresholds t = result.thresholds();
        StringBuilder b = new StringBuilder();
        List<String> regressed = result.regressedNow();
        b.append("<h1>Trend over ")
                .append(result.runs().size())
                .append(" runs <span class=\"badge ")
                .append(regressed.isEmpty() ? "success" : "failure")
                .append("\" id=\"verdict\">")
                .append(regressed.isEmpty() ? "LATEST RUN WITHIN LIMITS" : "LATEST RUN REGRESSED")
                .append("</span></h1>\n")
                .append("<p class=\"meta\">Runs, oldest first: ")
                .append(esc(String.join(", ", result.runs())))
                .append("<br>Baseline: ")
                .append(esc(result.baseline()))
                .append("</p>\n")
                .append("<p class=\"reason\">Each point is the latest iteration of the test in that run. A run "
                        + "regressed when its throughput is more than ")
                .append(esc(Numbers.plain(t.throughputDropPercent())))
                .append("% below the baseline's, or its ")
                .append(esc(String.join(", ", t.percentiles())))
                .append(" of ")
                .append(esc(String.join(", ", t.metrics())))
                .append(" more than ")
                .append(esc(Numbers.plain(t.latencyRisePercent())))
                .append("% above")
                .append(t.outcomeMatters() ? ", or it failed where the baseline passed" : "")
                .append(".</p>\n");
        List<String> unlike = Trend.unlikeRuns(result);
        if (!unlike.isEmpty()) {
            b.append("<p class=\"reason\">Some runs ran with different test parameters than the baseline, so these"
                    + " points compare unlike runs:</p>\n<ul class=\"warnings\" id=\"unlike-runs\">\n");
            unlike.forEach(line -> b.append("<li>").append(esc(line)).append("</li>\n"));
            b.append("</ul>\n");
        }
        List<Chart> charts = new ArrayList<>();
        int index = 0;
        for (Trend.TestTrend test : result.tests()) {
            index++;
            b.append("<h2 id=\"test-")
                    .append(index)
                    .append("\">")
                    .append(esc(test.test()))
                    .append("</h2>\n");
            List<Chart> testCharts = charts(index, test, result.runs(), t);
            b.append("<div class=\"charts\">\n");
            testCharts.forEach(chart -> b.append(Page.chartBox(chart, false)));
            b.append("</div>\n");
            charts.addAll(testCharts);
            b.append(table(test, t));
        }
        b.append("<footer>Data: <a href=\"")
                .append(Trend.JSON)
                .append("\">")
                .append(Trend.JSON)
                .append("</a></footer>\n");
        return Page.render("Trend · Maestro", "› trend", b.toString(), charts, Assets.ECHARTS_FILE);
    }

    private static List<Chart> charts(int index, Trend.TestTrend test, List<String> runs, Thresholds t) {
        List<Object[]> throughput = new ArrayList<>();
        List<Object[]> floor = new ArrayList<>();
        Map<String, List<Object[]>> percentiles = new java.util.LinkedHashMap<>();
        Map<String, List<Object[]>> ceilings = new java.util.LinkedHashMap<>();
        for (String run : runs) {
            Trend.Point point = test.points().stream()
                    .filter(p -> p.run().equals(run))
                    .findFirst()
                    .orElse(null);
            throughput.add(new Object[] {run, point == null ? null : Math.round(point.throughput() * 10) / 10.0});
            if (test.baseline() != null) {
                floor.add(new Object[] {
                    run, Math.round(test.baseline().throughput() * (1 - t.throughputDropPercent() / 100) * 10) / 10.0
                });
            }
            for (String percentile : t.percentiles()) {
                Long value = point == null ? null : point.responseTimeMicros().get(percentile);
                percentiles
                        .computeIfAbsent(percentile, k -> new ArrayList<>())
                        .add(new Object[] {run, value == null ? null : value / 1000.0});
                Long base = test.baseline() == null
                        ? null
                        : test.baseline().responseTimeMicros().get(percentile);
                if (base != null) {
                    ceilings.computeIfAbsent(percentile, k -> new ArrayList<>()).add(new Object[] {
                        run, base * (1 + t.latencyRisePercent() / 100) / 1000.0
                    });
                }
            }
        }
        List<Series> rate = new ArrayList<>(List.of(Series.of("throughput", throughput)));
        if (!floor.isEmpty()) {
            rate.add(Series.of("lowest allowed (baseline −" + Numbers.plain(t.throughputDropPercent()) + "%)", floor));
        }
        List<Series> latency = new ArrayList<>();
        percentiles.forEach((percentile, points) -> latency.add(Series.of(percentile, points)));
        ceilings.forEach((percentile, points) -> latency.add(Series.of(
                percentile + " highest allowed (baseline +" + Numbers.plain(t.latencyRisePercent()) + "%)", points)));
        List<Chart> charts = new ArrayList<>();
        charts.add(
                Chart.of("chart-trend-" + index + "-rate", "Throughput by run (msg/s)", Chart.CATEGORY, "msg/s", rate));
        if (percentiles.values().stream().flatMap(List::stream).anyMatch(p -> p[1] != null)) {
            charts.add(Chart.of(
                    "chart-trend-" + index + "-latency", "Response time by run (ms)", Chart.CATEGORY, "ms", latency));
        }
        return charts;
    }

    private static String table(Trend.TestTrend test, Thresholds t) {
        StringBuilder b = new StringBuilder("<table class=\"trend\">\n")
                .append(head(
                        th("run"),
                        thNum("iteration"),
                        th("outcome"),
                        thNum("throughput"),
                        t.percentiles().stream().map(Html::thNum).collect(Collectors.joining()),
                        th("against the baseline")));
        for (Trend.Point p : test.points()) {
            b.append("<tr data-regression=\"")
                    .append(p.regression())
                    .append("\">")
                    .append(td(p.run()))
                    .append(num("#" + p.iteration()))
                    .append(td(p.passed() ? "passed" : "not passed"))
                    .append(num(Format.rate(p.throughput()) + " msg/s"));
            t.percentiles().forEach(percentile -> {
                Long value = p.responseTimeMicros().get(percentile);
                b.append(num(value == null ? "" : Format.millis(value)));
            });
            b.append(
                            p.regression()
                                    ? "<td class=\"bad\">REGRESSION: " + esc(String.join(", ", p.regressions()))
                                            + "</td>"
                                    : td("within limits"))
                    .append("</tr>\n");
        }
        return b.append("</tbody></table>\n").toString();
    }
}

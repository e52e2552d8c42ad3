package org.maestro.reporter.compare;

import static org.maestro.reporter.html.Html.esc;
import static org.maestro.reporter.html.Html.head;
import static org.maestro.reporter.html.Html.num;
import static org.maestro.reporter.html.Html.td;
import static org.maestro.reporter.html.Html.th;
import static org.maestro.reporter.html.Html.thNum;

import java.util.List;
import java.util.Locale;
import org.maestro.common.text.Numbers;
import org.maestro.reporter.html.Format;
import org.maestro.reporter.html.Page;

/** The page of a comparison with a baseline ({@code comparison.html} in the current results directory). */
final class ComparisonPage {

    private ComparisonPage() {}

    static String render(ComparisonResult result) {
        StringBuilder b = new StringBuilder();
        boolean regression = result.isRegression();
        b.append("<h1>Comparison with the baseline <span class=\"badge ")
                .append(regression ? "failure" : "success")
                .append("\" id=\"verdict\">")
                .append(regression ? "REGRESSION" : "NO REGRESSION")
                .append("</span>")
                .append(
                        result.isGeneratorBound()
                                ? " <span class=\"badge unknown\" id=\"generator-bound\">GENERATOR-BOUND</span>"
                                : "")
                .append("</h1>\n")
                .append("<p class=\"meta\">Baseline: ")
                .append(esc(result.baseline()))
                .append("<br>Current: ")
                .append(esc(result.current()))
                .append("</p>\n");
        Thresholds t = result.thresholds();
        b.append("<p class=\"reason\">A regression is a throughput drop of more than ")
                .append(esc(Numbers.plain(t.throughputDropPercent())))
                .append("%, a rise of more than ")
                .append(esc(Numbers.plain(t.latencyRisePercent())))
                .append("% in ")
                .append(esc(String.join(", ", t.percentiles())))
                .append(" of ")
                .append(esc(String.join(", ", t.metrics())))
                .append(t.outcomeMatters() ? ", or a test that passed in the baseline and does not now" : "")
                .append(".</p>\n");
        if (regression) {
            long checked = result.differences().stream()
                    .filter(d -> d.status() != Difference.Status.INFO)
                    .count();
            b.append("<h2>")
                    .append(result.regressions().size())
                    .append(" of ")
                    .append(checked)
                    .append(" checks beyond their thresholds</h2>\n<ul class=\"warnings\" id=\"regressions\">\n");
            result.regressions()
                    .forEach(d -> b.append("<li>")
                            .append(esc(d.test()))
                            .append(" #")
                            .append(d.currentIteration())
                            .append(" ")
                            .append(esc(d.metric()))
                            .append(": ")
                            .append(esc(value(d, d.baseline())))
                            .append(" → ")
                            .append(esc(value(d, d.current())))
                            .append(d.changePercent() == null ? "" : " (" + Format.change(d.changePercent()) + ")")
                            .append("</li>\n"));
            b.append("</ul>\n");
        }
        b.append("<h2>Differences</h2>\n<table id=\"differences\">\n")
                .append(head(
                        th("test"),
                        thNum("iteration"),
                        th("metric"),
                        thNum("baseline"),
                        thNum("current"),
                        thNum("change"),
                        th("allowed"),
                        th("status")));
        for (Difference d : result.differences()) {
            String tone = d.status() == Difference.Status.REGRESSION
                    ? " class=\"bad\""
                    : d.status() == Difference.Status.IMPROVED ? " class=\"good\"" : "";
            b.append("<tr data-status=\"")
                    .append(d.status())
                    .append("\">")
                    .append(td(d.test()))
                    .append(num(
                            d.baselineIteration() == d.currentIteration()
                                    ? "#" + d.currentIteration()
                                    : "#" + d.baselineIteration() + " → #" + d.currentIteration()))
                    .append(td(d.metric()))
                    .append(num(value(d, d.baseline())))
                    .append(num(value(d, d.current())))
                    .append(num(d.changePercent() == null ? "" : Format.change(d.changePercent())))
                    .append(td(d.limit()))
                    .append("<td")
                    .append(tone)
                    .append(">")
                    .append(d.status())
                    .append("</td></tr>\n");
        }
        b.append("</tbody></table>\n");
        if (!result.parameterDifferences().isEmpty()) {
            b.append("<h2>Parameters differ</h2>\n<p>These runs measured different things; the numbers above compare "
                    + "unlike runs.</p>\n<ul id=\"parameter-differences\">\n");
            result.parameterDifferences()
                    .forEach(p -> b.append("<li>").append(esc(p.toString())).append("</li>\n"));
            b.append("</ul>\n");
        }
        List<String> notes = result.notes();
        if (!notes.isEmpty()) {
            b.append("<h2>Not compared</h2>\n<ul>\n");
            notes.forEach(n -> b.append("<li>").append(esc(n)).append("</li>\n"));
            b.append("</ul>\n");
        }
        b.append("<footer>Data: <a href=\"comparison.json\">comparison.json</a></footer>\n");
        return Page.render(
                "Comparison · Maestro",
                "<a href=\"index.html\">All tests</a> › comparison",
                b.toString(),
                List.of(),
                "");
    }

    private static String value(Difference d, double value) {
        switch (d.unit()) {
            case "us":
                return Format.millis((long) value);
            case "msg/s":
                return Format.rate(value) + " msg/s";
            case "%":
                return Format.percent(value);
            case "":
                return value == 1 ? "pass" : "not passed";
            default:
                return String.format(Locale.ROOT, "%.3f %s", value, d.unit());
        }
    }
}

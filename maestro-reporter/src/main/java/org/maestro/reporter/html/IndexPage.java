package org.maestro.reporter.html;

import static org.maestro.reporter.html.Html.esc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.maestro.reporter.ScriptRun;
import org.maestro.reporter.TestSummary;

/** The index of a results directory ({@code <results>/index.html}): every run of every test, newest first. */
public final class IndexPage {

    /** File name of the index in the results directory. */
    public static final String FILE_NAME = "index.html";

    /**
     * A link shown above the runs, e.g. to the comparison with a baseline.
     *
     * @param href relative link
     * @param text link text
     * @param badge badge text next to it, may be empty
     * @param bad true to show the badge as a failure
     */
    public record Link(String href, String text, String badge, boolean bad) {}

    private IndexPage() {}

    /** Renders the index. */
    public static String render(String resultsPath, List<TestSummary> runs, List<Link> links) {
        return render(resultsPath, runs, links, null);
    }

    /** Renders the index, with the verdict of the last script run above the runs when there is one. */
    public static String render(String resultsPath, List<TestSummary> runs, List<Link> links, ScriptRun lastScript) {
        List<TestSummary> newestFirst = new ArrayList<>(runs);
        newestFirst.sort(Comparator.comparingLong(TestSummary::startMillis)
                .thenComparingInt(TestSummary::iteration)
                .reversed());
        long tests = runs.stream().map(TestSummary::test).distinct().count();
        long passed = runs.stream().filter(TestSummary::passed).count();
        StringBuilder b = new StringBuilder();
        b.append("<h1>Test results</h1>\n<p class=\"meta\">")
                .append(esc(resultsPath))
                .append("</p>\n");
        b.append("<section class=\"cards\" id=\"totals\">\n")
                .append(Html.card("card-tests", "Tests", Long.toString(tests), runs.size() + " runs", ""))
                .append(Html.card("card-passed", "Passed", Long.toString(passed), "", passed > 0 ? "good" : ""))
                .append(Html.card(
                        "card-failed",
                        "Not passed",
                        Long.toString(runs.size() - passed),
                        "failed or no verdict",
                        runs.size() > passed ? "bad" : ""))
                .append("</section>\n");
        if (lastScript != null) {
            b.append("<section class=\"title\" id=\"script-verdict\" data-outcome=\"")
                    .append(lastScript.outcome().jsonName())
                    .append("\">\n<h2>Last script: ")
                    .append(esc(lastScript.script()))
                    .append(' ')
                    .append(Html.badge(lastScript.outcome()))
                    .append("</h2>\n<p class=\"reason\">")
                    .append(esc(lastScript.reason()))
                    .append("</p>\n")
                    .append("<p class=\"meta\">ended ")
                    .append(esc(Format.time(lastScript.endMillis())))
                    .append(" · runs: ")
                    .append(esc(String.join(", ", lastScript.tests())))
                    .append("</p>\n</section>\n");
        }
        for (Link link : links) {
            b.append("<p class=\"reason\"><a href=\"")
                    .append(esc(link.href()))
                    .append("\">")
                    .append(esc(link.text()))
                    .append("</a> ");
            if (!link.badge().isEmpty()) {
                b.append("<span class=\"badge ")
                        .append(link.bad() ? "failure" : "success")
                        .append("\">")
                        .append(esc(link.badge()))
                        .append("</span>");
            }
            b.append("</p>\n");
        }
        b.append("<h2>Runs, newest first</h2>\n").append(TestPage.runTable(newestFirst, true));
        return Page.render("Maestro results · " + resultsPath, "results", b.toString(), List.of(), "");
    }
}

package org.maestro.reporter.html;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.maestro.common.files.AtomicFiles;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.out.SummaryJson;

/**
 * The frame every report page shares: head with inlined style, top bar, main content and, when
 * the page has charts, the chart data and the scripts that draw it. References no network URL.
 */
public final class Page {

    private Page() {}

    /**
     * Renders a page.
     *
     * @param title the document title
     * @param breadcrumb HTML of the top bar after the brand
     * @param body HTML of the main content
     * @param charts charts whose containers are in {@code body}; empty for none
     * @param echartsPath relative path of {@link Assets#ECHARTS_FILE} from the page
     */
    public static String render(String title, String breadcrumb, String body, List<Chart> charts, String echartsPath) {
        StringBuilder html = new StringBuilder(body.length() + 16_384);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<meta name=\"generator\" content=\"Maestro reporter\">\n")
                .append("<title>")
                .append(Html.esc(title))
                .append("</title>\n")
                .append("<style>\n")
                .append(Assets.css())
                .append("</style>\n</head>\n<body>\n")
                .append("<div class=\"top\"><span class=\"brand\">Maestro</span>")
                .append(breadcrumb)
                .append("</div>\n")
                .append("<main>\n")
                .append(body)
                .append("\n</main>\n");
        List<Chart> drawn = charts.stream()
                .filter(chart -> !Chart.NOTE.equals(chart.kind()))
                .toList();
        if (!drawn.isEmpty()) {
            html.append("<script type=\"application/json\" id=\"maestro-charts\">")
                    .append(SummaryJson.forScript(drawn))
                    .append("</script>\n")
                    .append("<script src=\"")
                    .append(Html.esc(echartsPath))
                    .append("\"></script>\n")
                    .append("<script>\n")
                    .append(Assets.script())
                    .append("</script>\n");
        }
        html.append("</body>\n</html>\n");
        return html.toString();
    }

    /** The container of a chart plus its note; a {@link Chart#NOTE} is its title and note only. */
    public static String chartBox(Chart chart, boolean wide) {
        if (Chart.NOTE.equals(chart.kind())) {
            return "<div class=\"chart-box note-only\" id=\"" + Html.esc(chart.id()) + "\" data-title=\""
                    + Html.esc(chart.title()) + "\"><h3>" + Html.esc(chart.title()) + "</h3><p class=\"note\">"
                    + Html.esc(chart.note()) + "</p></div>\n";
        }
        return "<div class=\"chart-box" + (wide ? " wide" : "") + "\"><div class=\"chart\" id=\"" + Html.esc(chart.id())
                + "\" data-title=\"" + Html.esc(chart.title()) + "\"></div>"
                + (chart.note() == null ? "" : "<p class=\"note\">" + Html.esc(chart.note()) + "</p>") + "</div>\n";
    }

    /** Writes a page atomically (a reader never sees half a page), readable by everyone like the other files. */
    public static Path write(Path file, String html) throws IOException {
        return replace(file, html.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Replaces {@code file} atomically with {@code bytes} ({@link AtomicFiles}: mode 0644, so that a web server or
     * another user can read the report).
     */
    public static Path replace(Path file, byte[] bytes) throws IOException {
        return AtomicFiles.write(file, bytes);
    }
}

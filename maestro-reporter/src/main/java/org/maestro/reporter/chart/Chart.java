package org.maestro.reporter.chart;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * What one interactive chart of a report shows, as plain data; the page script turns it into an
 * ECharts option. Serialised to JSON inside the page.
 *
 * @param id element id of the chart container
 * @param title chart title
 * @param kind {@code time} (x: epoch ms), {@code nines} (x: 1/(1−percentile), log axis),
 *             {@code category} (x: labels) or {@code note} (nothing drawn: the title and the note)
 * @param unit unit of the y values: {@code msg/s}, {@code ms}, {@code bytes}, {@code %}, {@code /s}, {@code s} or ""
 *             (plain number)
 * @param series the lines
 * @param bands shaded time ranges (warm-up, agent actions)
 * @param note a line under the chart, may be null
 * @param viewFrom x value the chart opens zoomed from, null for all of it
 * @param yMax top of the y axis when the highest values are clipped (see {@link YScale}), null to fit every value
 * @param axes names and labels of the axes of the {@code value}, {@code heatmap} and {@code boxplot} kinds; null for
 *             the others
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Chart(
        String id,
        String title,
        String kind,
        String unit,
        List<Series> series,
        List<Band> bands,
        String note,
        Long viewFrom,
        Double yMax,
        Axes axes) {

    public static final String TIME = "time";
    public static final String NINES = "nines";
    public static final String CATEGORY = "category";
    /** No chart at all: a titled note (a data set whose values never changed). */
    public static final String NOTE = "note";
    /** x: a number (offered load), points joined per series. */
    public static final String VALUE = "value";
    /** Cells coloured by value: points are {@code [x label, y label, value]} over {@link Axes#xLabels()} and
     * {@link Axes#yLabels()}. */
    public static final String HEATMAP = "heatmap";
    /** A box per x label: the first series' points are {@code [label, min, q1, median, q3, max]}, the others are
     * {@code [label, value]} points drawn over them. */
    public static final String BOXPLOT = "boxplot";

    /**
     * What the axes of a study chart say.
     *
     * @param xName   the x axis's name
     * @param yName   the y axis's name
     * @param xLabels the x categories in order (heat map, box plot); null for a numeric x axis
     * @param yLabels the y categories in order (heat map); null for a numeric y axis
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Axes(String xName, String yName, List<String> xLabels, List<String> yLabels) {}

    /** A chart of values over time ({@link #TIME}) with shaded bands, its y axis fitting every value. */
    public static Chart overTime(String id, String title, String unit, List<Series> series, List<Band> bands) {
        return new Chart(id, title, TIME, unit, series, bands, null, null, null, null);
    }

    /** A chart of a kind without bands ({@link #CATEGORY}, {@link #NINES}), its y axis fitting every value. */
    public static Chart of(String id, String title, String kind, String unit, List<Series> series) {
        return new Chart(id, title, kind, unit, series, List.of(), null, null, null, null);
    }

    /** No chart ({@link #NOTE}): the title and a note saying why. */
    public static Chart titledNote(String id, String title, String unit, String note) {
        return new Chart(id, title, NOTE, unit, List.of(), List.of(), note, null, null, null);
    }

    /** The same chart with a note under it. */
    public Chart withNote(String text) {
        return new Chart(id, title, kind, unit, series, bands, text, viewFrom, yMax, axes);
    }

    /** The same chart opening zoomed from {@code from}. */
    public Chart viewingFrom(Long from) {
        return new Chart(id, title, kind, unit, series, bands, note, from, yMax, axes);
    }

    /** The same chart with its y axis ending at {@code max}. */
    public Chart clippedAt(double max) {
        return new Chart(id, title, kind, unit, series, bands, note, viewFrom, max, axes);
    }
}

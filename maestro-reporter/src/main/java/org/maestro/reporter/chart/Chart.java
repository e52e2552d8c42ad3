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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Chart(String id, String title, String kind, String unit, List<Series> series, List<Band> bands,
                    String note, Long viewFrom, Double yMax) {

    public static final String TIME = "time";
    public static final String NINES = "nines";
    public static final String CATEGORY = "category";
    /** No chart at all: a titled note (a data set whose values never changed). */
    public static final String NOTE = "note";

    /** A chart whose y axis fits every value. */
    public Chart(String id, String title, String kind, String unit, List<Series> series, List<Band> bands, String note,
                 Long viewFrom) {
        this(id, title, kind, unit, series, bands, note, viewFrom, null);
    }

    /** The same chart with a note under it. */
    public Chart withNote(String text) {
        return new Chart(id, title, kind, unit, series, bands, text, viewFrom, yMax);
    }

    /** The same chart opening zoomed from {@code from}. */
    public Chart viewingFrom(Long from) {
        return new Chart(id, title, kind, unit, series, bands, note, from, yMax);
    }

    /** The same chart with its y axis ending at {@code max}. */
    public Chart clippedAt(double max) {
        return new Chart(id, title, kind, unit, series, bands, note, viewFrom, max);
    }
}

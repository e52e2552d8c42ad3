package org.maestro.reporter.chart;

import java.util.List;

/**
 * One line of a chart.
 *
 * @param name legend name
 * @param points {@code [x, y]} pairs; x is epoch ms, 1/(1−percentile) or a category label
 * @param hidden true to start with the line switched off in the legend
 * @param dashed true to draw it dashed (totals, reference lines)
 */
public record Series(String name, List<Object[]> points, boolean hidden, boolean dashed) {

    /** A visible solid line. */
    public static Series of(String name, List<Object[]> points) {
        return new Series(name, points, false, false);
    }
}

package org.maestro.reporter.chart;

import java.util.Locale;
import java.util.Set;

/**
 * How an inspector column's values are shown: its unit on the chart, a factor applied to the values, and what a
 * chart of several such columns is titled after. Chosen by the column's name and its data set's.
 *
 * @param chartUnit the unit on the chart's axis
 * @param factor the values are multiplied by it
 * @param label the title's suffix for a chart of more than three such columns
 */
record InspectorUnit(String chartUnit, double factor, String label) {
    static final InspectorUnit COUNT = new InspectorUnit("", 1, "");
    static final InspectorUnit BYTES = new InspectorUnit("bytes", 1, "bytes");
    static final InspectorUnit PERCENT = new InspectorUnit("%", 100, "%");
    static final InspectorUnit PERCENT_POINTS = new InspectorUnit("%", 1, "%");
    static final InspectorUnit PER_MINUTE = new InspectorUnit("/min", 1, "per minute");
    static final InspectorUnit LOAD = new InspectorUnit("", 1, "load average");
    static final InspectorUnit SECONDS = new InspectorUnit("s", 1, "s");
    static final InspectorUnit PER_SECOND = new InspectorUnit("/s", 1, "counters per second");

    /** The unit of a column, by its name and the data set's. */
    static InspectorUnit of(String dataSet, String column) {
        String name = column.toLowerCase(Locale.ROOT);
        if (name.contains("cpuload")) {
            return PERCENT;
        }
        if (name.endsWith("percent")) {
            return PERCENT_POINTS;
        }
        if (name.endsWith("perminute")) {
            return PER_MINUTE;
        }
        if (name.endsWith("rate")) {
            return PER_SECOND;
        }
        if (name.contains("loadaverage")) {
            return LOAD;
        }
        if (name.endsWith("seconds")) {
            return SECONDS;
        }
        if (name.contains("byte")
                || name.contains("heap") && !name.contains("fromheap") && !name.contains("toheap")
                || name.contains("memory")
                || name.contains("swapspace")
                || name.startsWith("mem")
                || name.equals("typesize")
                || (dataSet.contains("heap") || dataSet.contains("memory"))
                        && Set.of("init", "committed", "max", "used").contains(name)) {
            return BYTES;
        }
        return COUNT;
    }

    /** True for a unit whose negative values mean "not available" or "no limit" (-1). */
    boolean negativeMeansNone() {
        return this == PERCENT || this == PERCENT_POINTS || this == BYTES;
    }

    /** A value as a note shows it: {@code 1.5 MiB}, {@code 12/s}, {@code 42 %}. */
    String format(double value) {
        if (this == BYTES && Math.abs(value) >= 1024) {
            double mib = value / (1024.0 * 1024);
            return mib >= 1
                    ? String.format(Locale.ROOT, "%.1f MiB", mib)
                    : String.format(Locale.ROOT, "%.1f KiB", value / 1024);
        }
        String number = value == Math.rint(value) && Math.abs(value) < 1e15
                ? Long.toString((long) value)
                : String.format(Locale.ROOT, "%.3f", value);
        return this == PER_SECOND
                ? number + "/s"
                : this == PER_MINUTE
                        ? number + "/min"
                        : this == PERCENT || this == PERCENT_POINTS ? number + " %" : number;
    }
}

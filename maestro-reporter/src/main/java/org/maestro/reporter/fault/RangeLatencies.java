package org.maestro.reporter.fault;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.maestro.reporter.read.LatencyLogCursor;
import org.maestro.reporter.read.LatencyLogLimits;

/**
 * The latencies recorded within given ranges of seconds, every peer's log merged: one pass over each log, an interval
 * counting in every range that holds the second its end rounds to (as the charts' per-second series count it).
 */
public final class RangeLatencies {

    private RangeLatencies() {}

    /**
     * One histogram (µs) per range, in the order given; what cannot be read is added to {@code problems} and left
     * out.
     */
    public static List<Histogram> of(List<Path> logs, List<SecondRange> ranges, List<String> problems) {
        List<Histogram> histograms = new ArrayList<>(ranges.size());
        for (int i = 0; i < ranges.size(); i++) {
            histograms.add(new Histogram(3));
        }
        if (ranges.isEmpty()) {
            return histograms;
        }
        for (Path log : logs) {
            try (LatencyLogCursor cursor = LatencyLogCursor.open(log, LatencyLogLimits.DEFAULT)) {
                for (LatencyLogCursor.Interval interval = cursor.next(); interval != null; interval = cursor.next()) {
                    long second = SecondRange.secondOf(interval.endMillis());
                    for (int i = 0; i < ranges.size(); i++) {
                        if (ranges.get(i).contains(second)) {
                            histograms.get(i).add(interval.histogram());
                        }
                    }
                }
            } catch (IOException e) {
                problems.add(log + " could not be read for the faults' latencies: " + e.getMessage());
            }
        }
        return histograms;
    }
}

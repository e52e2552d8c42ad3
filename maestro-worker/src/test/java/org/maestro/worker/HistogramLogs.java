package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.worker.measure.LatencyLog;
import org.maestro.worker.measure.SingleWriterLatencyRecorder;

/** Reads the HdrHistogram logs of a run back: its intervals, added up whole or apart by their warm-up tag. */
public final class HistogramLogs {
    private HistogramLogs() {}

    /** Every interval of the log (warm-up and measured, not the total), in order; fails when the run did not write it. */
    public static List<Histogram> intervals(Path hlog) throws Exception {
        List<Histogram> all = new ArrayList<>();
        for (Histogram interval : written(hlog)) {
            if (!LatencyLog.TOTAL_TAG.equals(interval.getTag())) {
                all.add(interval);
            }
        }
        return all;
    }

    /** The measured total the log ends with, or null when it has none. */
    public static Histogram total(Path hlog) throws Exception {
        Histogram total = null;
        for (Histogram interval : written(hlog)) {
            if (LatencyLog.TOTAL_TAG.equals(interval.getTag())) {
                total = interval;
            }
        }
        return total;
    }

    private static List<Histogram> written(Path hlog) throws Exception {
        assertTrue(Files.exists(hlog), hlog + " written");
        List<Histogram> all = new ArrayList<>();
        try (HistogramLogReader reader = new HistogramLogReader(hlog.toFile())) {
            EncodableHistogram interval;
            while ((interval = reader.nextIntervalHistogram()) != null) {
                all.add((Histogram) interval);
            }
        }
        return all;
    }

    /** Every interval of the log added up, warm-up included. */
    public static Histogram all(Path hlog) throws Exception {
        Histogram sum = empty();
        intervals(hlog).forEach(sum::add);
        return sum;
    }

    /** [0] the measured intervals of the log added up, [1] the warm-up ones. */
    public static Histogram[] measuredAndWarmUp(Path hlog) throws Exception {
        Histogram measured = empty();
        Histogram warmUp = empty();
        for (Histogram interval : intervals(hlog)) {
            (LatencyLog.WARMUP_TAG.equals(interval.getTag()) ? warmUp : measured).add(interval);
        }
        return new Histogram[] {measured, warmUp};
    }

    /** The measured intervals of the log added up. */
    public static Histogram measured(Path hlog) throws Exception {
        return measuredAndWarmUp(hlog)[0];
    }

    /** [0] the values of the measured intervals of the log, [1] those of the warm-up ones. */
    public static long[] totals(Path hlog) throws Exception {
        Histogram[] parts = measuredAndWarmUp(hlog);
        return new long[] {parts[0].getTotalCount(), parts[1].getTotalCount()};
    }

    private static Histogram empty() {
        return new Histogram(SingleWriterLatencyRecorder.HIGHEST_MICROS, SingleWriterLatencyRecorder.DIGITS);
    }
}

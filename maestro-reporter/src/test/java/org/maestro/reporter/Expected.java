package org.maestro.reporter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.reporter.testing.Recount;

/**
 * Numbers computed straight from the files with HdrHistogram's own reader and a plain reading of
 * rate.csv, independently of the reporter's code, to check the reporter against.
 */
final class Expected {

    private Expected() {}

    /** The measured values of the logs merged with HdrHistogram's API: each log's total, else its measured intervals. */
    static Histogram measuredHistogram(List<Path> logs) throws IOException {
        return Recount.measured(logs);
    }

    /** Smallest value recorded in any warm-up interval of the logs. */
    static long smallestWarmupValue(List<Path> logs) throws IOException {
        long[] min = {Long.MAX_VALUE};
        forEachInterval(logs, interval -> {
            if ("warmup".equals(interval.getTag())) {
                min[0] = Math.min(min[0], interval.getMinValue());
            }
        });
        return min[0];
    }

    /** Hands every interval of the logs, in file order, to the action, read with HdrHistogram's own reader. */
    private static void forEachInterval(List<Path> logs, Consumer<Histogram> action) throws IOException {
        for (Path log : logs) {
            HistogramLogReader reader = new HistogramLogReader(log.toFile());
            try {
                EncodableHistogram next;
                while ((next = reader.nextIntervalHistogram()) != null) {
                    action.accept((Histogram) next);
                }
            } finally {
                reader.close();
            }
        }
    }

    /**
     * Per timestamp, the sum of measured counts of the rows not flagged warm-up of the given rate files: the
     * {@code measured} column (v3), else {@code count} (v1, v2); columns are found by the header's names.
     */
    static Map<Long, Long> measuredPerSecond(List<Path> rateFiles) throws IOException {
        Map<Long, Long> seconds = new TreeMap<>();
        for (Path file : rateFiles) {
            List<String> header = null;
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith("#")) {
                    continue;
                }
                String[] cells = line.split(",", -1);
                if (header == null) {
                    header = List.of(cells);
                    continue;
                }
                if (!Boolean.parseBoolean(cells[header.indexOf("warmup")])) {
                    String measured = cells[header.indexOf(header.contains("measured") ? "measured" : "count")];
                    seconds.merge(
                            Long.parseLong(cells[header.indexOf("timestamp")]), Long.parseLong(measured), Long::sum);
                }
            }
        }
        return seconds;
    }

    static double mean(Map<Long, Long> perSecond) {
        return perSecond.values().stream().mapToLong(Long::longValue).average().orElse(0);
    }

    static long max(Map<Long, Long> perSecond) {
        return perSecond.values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** Every file with the given name in the peer directories of an iteration. */
    static List<Path> files(Path iteration, String name) throws IOException {
        try (var peers = Files.list(iteration)) {
            return peers.map(p -> p.resolve(name))
                    .filter(Files::isRegularFile)
                    .sorted()
                    .toList();
        }
    }
}

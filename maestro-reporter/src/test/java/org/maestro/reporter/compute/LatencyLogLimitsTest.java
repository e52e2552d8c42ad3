package org.maestro.reporter.compute;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.reporter.read.LatencyLogLimits;

/**
 * A peer's latency log that breaks a limit (one huge line, too many intervals, too many bytes) is left out whole
 * and named with the limit, and the honest peers' logs are merged as if it were absent.
 */
class LatencyLogLimitsTest {
    private static final long T0 = 1_700_000_000_000L;

    @TempDir
    Path dir;

    @Test
    void aHugeLineIsRefusedWithTheDefaultLimitAndTheHonestLogSurvives() throws IOException {
        Path honest = log("receiver-1@a", 3, false);
        Path hostile = log("receiver-liar@b", 3, false);
        byte[] line = new byte[(4 << 20) + 1];
        Arrays.fill(line, (byte) 'A');
        try (OutputStream out = Files.newOutputStream(hostile, StandardOpenOption.APPEND)) {
            out.write(line);
            out.write('\n');
        }

        LatencyAggregation.Result result = LatencyAggregation.aggregate(List.of(honest, hostile));

        assertEquals(300, result.measured().getTotalCount(), "only the honest log's 3 x 100 values");
        assertEquals(1, result.problems().size(), result.problems().toString());
        String problem = result.problems().get(0);
        assertTrue(problem.startsWith(hostile + ": refused, not read: "), problem);
        assertTrue(
                problem.contains("the line of interval 4 is longer than the limit of 4194304 bytes per line"), problem);
    }

    @Test
    void tooManyIntervalsOrBytesRefuseTheWholeLogEvenCompressed() throws IOException {
        Path honest = log("receiver-1@a", 3, true);
        Path many = log("receiver-many@b", 6, true);
        LatencyLogLimits fewIntervals = new LatencyLogLimits(1 << 20, 5, 1 << 30);

        LatencyAggregation.Result counted = LatencyAggregation.aggregate(List.of(honest, many), fewIntervals);

        assertEquals(300, counted.measured().getTotalCount());
        assertEquals(
                List.of(many + ": refused, not read: it holds more than the limit of 5 intervals (a latency log"
                        + " larger than a reporter reads; the peer's other files are kept)"),
                counted.problems());

        long honestBytes = inflatedSize(honest);
        LatencyLogLimits fewBytes = new LatencyLogLimits(1 << 20, 1_000, honestBytes);
        LatencyAggregation.Result sized = LatencyAggregation.aggregate(List.of(honest, many), fewBytes);

        assertEquals(300, sized.measured().getTotalCount(), "the honest log is exactly at the byte limit");
        assertEquals(1, sized.problems().size(), sized.problems().toString());
        assertTrue(
                sized.problems().get(0).contains("it holds more than the limit of " + honestBytes + " bytes"),
                sized.problems().toString());
    }

    private Path log(String peer, int intervals, boolean gzip) throws IOException {
        Path directory = Files.createDirectories(dir.resolve(peer));
        Path file = directory.resolve(gzip ? "response-time.hlog.gz" : "response-time.hlog");
        OutputStream raw = Files.newOutputStream(file);
        try (PrintStream out = new PrintStream(gzip ? new GZIPOutputStream(raw) : raw, false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLogFormatVersion();
            writer.outputStartTime(T0);
            writer.outputLegend();
            for (int i = 0; i < intervals; i++) {
                Histogram values = new Histogram(3);
                values.setStartTimeStamp(T0 + i * 1000L);
                values.setEndTimeStamp(T0 + (i + 1) * 1000L);
                for (int v = 1; v <= 100; v++) {
                    values.recordValue(v * 10L);
                }
                writer.outputIntervalHistogram(values);
            }
        }
        return file;
    }

    private static long inflatedSize(Path gz) throws IOException {
        try (var in = new GZIPInputStream(Files.newInputStream(gz))) {
            return in.transferTo(OutputStream.nullOutputStream());
        }
    }
}

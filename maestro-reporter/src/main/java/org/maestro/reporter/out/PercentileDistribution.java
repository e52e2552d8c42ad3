package org.maestro.reporter.out;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.AtomicFiles;

/**
 * Writes the percentile distribution of a latency metric ({@code <metric>.hgrm}), HdrHistogram's
 * {@code outputPercentileDistribution} text, in milliseconds, from the measured values of all peers (the histogram
 * summary.json's percentiles come from). The same text HistogramLogProcessor prints, so HdrHistogram's plotter reads it.
 *
 * <pre>{@code
 * PercentileDistribution.write(iterationDir, analysis.distributions());   // response-time.hgrm …
 * }</pre>
 */
public final class PercentileDistribution {

    /** Response time, all receivers, measured intervals. */
    public static final String RESPONSE_TIME = "response-time.hgrm";
    /** Service time, all receivers, measured intervals. */
    public static final String SERVICE_TIME = "service-time.hgrm";
    /** Send delay, all senders, measured intervals. */
    public static final String SEND_DELAY = "send-delay.hgrm";
    /** Inter-arrival jitter |J| (late and early values together), all receivers, measured intervals. */
    public static final String JITTER = "jitter.hgrm";
    /** Histogram values are µs; the distribution is printed in ms. */
    public static final double MICROS_PER_MILLI = 1000.0;

    private PercentileDistribution() {}

    /** The text of one distribution: a comment line naming unit and source, then HdrHistogram's table. */
    public static String text(String name, Histogram measured) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            out.println("#maestro " + name + " v1: values in milliseconds, the measured intervals of all peers "
                    + "(warm-up excluded), from HdrHistogram outputPercentileDistribution with outputValueUnitRatio 1000 "
                    + "of microsecond values");
            measured.outputPercentileDistribution(out, 5, MICROS_PER_MILLI);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Writes one file per metric into {@code dir} (world-readable, atomically). */
    public static void write(Path dir, Map<String, Histogram> distributions) throws IOException {
        for (Map.Entry<String, Histogram> entry : distributions.entrySet()) {
            AtomicFiles.write(
                    dir.resolve(entry.getKey()),
                    text(entry.getKey(), entry.getValue()).getBytes(StandardCharsets.UTF_8));
        }
    }
}

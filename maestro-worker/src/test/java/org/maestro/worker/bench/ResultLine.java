package org.maestro.worker.bench;

import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The {@code RESULT} line of one client of the load-generator comparisons ({@code bench/load-generator.sh},
 * {@code bench/kafka.sh}): the measured messages received per second, their response-time percentiles in ms, the
 * messages sent in all and the JVM's CPU time per message sent.
 */
final class ResultLine {
    private ResultLine() {}

    /** The line, without line separator, of {@code seconds} measured and {@code cpuNanos} of CPU time. */
    static String of(
            String client, int connections, int rate, int seconds, Histogram response, long sent, long cpuNanos) {
        return String.format(
                Locale.ROOT,
                "RESULT client=%s connections=%d rate=%d throughput=%.0f p50=%.3f p90=%.3f "
                        + "p99=%.3f max=%.3f sent=%d cpuMicrosPerMessage=%.2f",
                client,
                connections,
                rate,
                response.getTotalCount() / (double) seconds,
                ms(response, 50),
                ms(response, 90),
                ms(response, 99),
                response.getMaxValue() / 1000.0,
                sent,
                sent == 0 ? 0.0 : cpuNanos / 1000.0 / sent);
    }

    /**
     * The fields a client that measures service time too appends to its line: service-time p50 and p99 in ms, and
     * its measured window in epoch ms (for the anchor harness's CPU accounting).
     */
    static String serviceAndWindow(Histogram service, long windowStartMillis, int seconds) {
        return String.format(
                Locale.ROOT,
                " serviceP50=%.3f serviceP99=%.3f windowStartMillis=%d windowEndMillis=%d",
                ms(service, 50),
                ms(service, 99),
                windowStartMillis,
                windowStartMillis + seconds * 1000L);
    }

    private static double ms(Histogram histogram, double percentile) {
        return histogram.getValueAtPercentile(percentile) / 1000.0;
    }
}

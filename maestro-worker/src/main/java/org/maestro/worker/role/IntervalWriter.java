package org.maestro.worker.role;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import org.maestro.common.protocol.Payload;
import org.maestro.worker.measure.LatencyLog;
import org.maestro.worker.measure.RateLog;

/**
 * Writes the per-second outputs of one run of a sender or receiver: its latency logs, one {@code rate.csv} row and
 * the live figures answered to STATS. Thread-safe: the run's supervisor writes intervals while the control thread
 * may flush or read the figures.
 */
public final class IntervalWriter implements Closeable {
    private final String role;
    private final Map<String, LatencyLog> logs = new LinkedHashMap<>();
    private final LatencyLog primary;
    private final RateLog rateLog;
    private final LongSupplier errors;
    private long lastErrors;
    private long lastEndMillis;
    private volatile Payload.Stats stats;

    /**
     * Opens the files.
     *
     * @param logNames the latency logs to write, without {@code .hlog}; the first one counts the messages
     * @param errors   the run's error count so far
     */
    public IntervalWriter(String role, Path directory, long startMillis, List<String> logNames, LongSupplier errors)
            throws IOException {
        this.role = role;
        this.errors = errors;
        this.lastEndMillis = startMillis;
        for (String name : logNames) {
            logs.put(name, new LatencyLog(directory.resolve(name + ".hlog"), startMillis));
        }
        primary = logs.get(logNames.get(0));
        rateLog = new RateLog(directory.resolve(RateLog.FILE_NAME));
        stats = new Payload.Stats(role, startMillis, 0, 0, 0, 0);
    }

    /** The latency log of that name. */
    public LatencyLog log(String name) {
        return logs.get(name);
    }

    /**
     * Writes the interval that ends at {@code endMillis} to every log and to {@code rate.csv}; the row is marked
     * warm-up when the interval counted messages and all of them were sent during warm-up.
     */
    public synchronized void writeInterval(long endMillis) throws IOException {
        long startMillis = lastEndMillis;
        long count = 0;
        for (LatencyLog log : logs.values()) {
            long values = log.writeInterval(startMillis, endMillis);
            if (log == primary) {
                count = values;
            }
        }
        boolean warmUp = count > 0 && primary.lastInterval().getTotalCount() == 0;
        long errorsNow = errors.getAsLong();
        rateLog.write(endMillis, count, errorsNow - lastErrors, warmUp);
        lastErrors = errorsNow;
        lastEndMillis = endMillis;
        double seconds = Math.max(1, endMillis - startMillis) / 1000.0;
        long p99 = primary.lastInterval().getTotalCount() == 0 ? 0
                : primary.lastInterval().getValueAtPercentile(99.0);
        stats = new Payload.Stats(role, endMillis, primary.totalCount(), count / seconds, p99, errorsNow);
    }

    /** The end of the last interval written, in epoch ms. */
    public synchronized long lastEndMillis() {
        return lastEndMillis;
    }

    /** The figures after the last interval. */
    public Payload.Stats stats() {
        return stats;
    }

    /** Pushes buffered rows and intervals to the files. */
    public synchronized void flush() throws IOException {
        for (LatencyLog log : logs.values()) {
            log.flush();
        }
        rateLog.flush();
    }

    @Override
    public synchronized void close() throws IOException {
        for (LatencyLog log : logs.values()) {
            log.close();
        }
        rateLog.close();
    }
}

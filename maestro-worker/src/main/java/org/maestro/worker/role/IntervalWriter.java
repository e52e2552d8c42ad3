package org.maestro.worker.role;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.files.rate.RateLogWriter;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.protocol.Payload;
import org.maestro.worker.measure.LatencyLog;

/**
 * Writes the per-second outputs of one run of a sender or receiver: its latency logs, one {@code rate.csv} row and
 * the live figures answered to STATS. Thread-safe: the run's supervisor writes intervals while the control thread
 * may flush or read the figures.
 */
public final class IntervalWriter implements Closeable {
    private final String role;
    private final Map<String, LatencyLog> logs = new LinkedHashMap<>();
    private final LatencyLog primary;
    private final RateLogWriter rateLog;
    private final LongSupplier errors;
    private final Supplier<OutcomeCounts> outcomes;
    private long lastErrors;
    private OutcomeCounts lastOutcomes = OutcomeCounts.NONE;
    private long lastEndMillis;
    private long lastWarmUpEndMillis;
    private volatile Payload.Stats stats;

    /**
     * Opens the files of a peer that sends nothing (its outcome columns stay empty).
     *
     * @param logNames the latency logs to write, without {@code .hlog}; the first one counts the messages
     * @param errors   the run's error count so far
     */
    public IntervalWriter(String role, Path directory, long startMillis, List<String> logNames, LongSupplier errors)
            throws IOException {
        this(role, directory, startMillis, logNames, errors, null);
    }

    /**
     * Opens the files.
     *
     * @param logNames the latency logs to write, without {@code .hlog}; the first one counts the messages
     * @param errors   the run's error count so far
     * @param outcomes the run's send outcomes so far, or null for a peer that sends nothing
     */
    public IntervalWriter(
            String role,
            Path directory,
            long startMillis,
            List<String> logNames,
            LongSupplier errors,
            Supplier<OutcomeCounts> outcomes)
            throws IOException {
        this.role = role;
        this.errors = errors;
        this.outcomes = outcomes;
        this.lastEndMillis = startMillis;
        for (String name : logNames) {
            logs.put(name, new LatencyLog(directory.resolve(name + ".hlog"), startMillis));
        }
        primary = logs.get(logNames.get(0));
        rateLog = RateLogWriter.create(directory.resolve(RateLog.FILE_NAME));
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
        long measured = primary.lastInterval().getTotalCount();
        boolean warmUp = count > 0 && measured == 0;
        if (count > measured) {
            lastWarmUpEndMillis = endMillis;
        }
        long errorsNow = errors.getAsLong();
        OutcomeCounts interval = null;
        if (outcomes != null) {
            OutcomeCounts now = outcomes.get();
            interval = new OutcomeCounts(
                    now.accepted() - lastOutcomes.accepted(),
                    now.released() - lastOutcomes.released(),
                    now.rejected() - lastOutcomes.rejected(),
                    now.modified() - lastOutcomes.modified(),
                    now.failed() - lastOutcomes.failed());
            lastOutcomes = now;
        }
        rateLog.write(endMillis, endMillis - startMillis, count, measured, errorsNow - lastErrors, warmUp, interval);
        lastErrors = errorsNow;
        lastEndMillis = endMillis;
        double seconds = Math.max(1, endMillis - startMillis) / 1000.0;
        // a second of warm-up messages only shows their latencies, marked as such, rather than none
        boolean warmUpLatency = primary.lastInterval().getTotalCount() == 0
                && primary.lastWarmUpInterval().getTotalCount() > 0;
        Histogram last = warmUpLatency ? primary.lastWarmUpInterval() : primary.lastInterval();
        boolean any = last.getTotalCount() > 0;
        stats = new Payload.Stats(
                role,
                endMillis,
                primary.totalCount(),
                count / seconds,
                any ? last.getValueAtPercentile(99.0) : 0,
                errorsNow,
                any ? last.getValueAtPercentile(50.0) : 0,
                any ? last.getMaxValue() : 0,
                warmUpLatency);
    }

    /** The end of the last interval that counted warm-up messages, in epoch ms; 0 when none did. */
    public synchronized long lastWarmUpEndMillis() {
        return lastWarmUpEndMillis;
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

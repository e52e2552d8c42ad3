package org.maestro.worker.health;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.health.HealthLog;
import org.maestro.common.files.health.HealthLogWriter;

/**
 * A sender's or receiver's own health, one {@code health.csv} row a second: the CPU it used and waited for, the
 * collector's pauses, the hiccups of a 1 ms sleeper and (a sender) its send delay p99. The report judges from it
 * whether the load generator, not the system under test, set the figures. Not thread-safe: the run's supervisor
 * samples it once a second.
 */
public final class HealthMeter implements Closeable {
    private final HealthLogWriter out;
    private final CpuMeter cpu = new CpuMeter();
    private final GcPauseMeter gc = new GcPauseMeter();
    private final HiccupMeter hiccups;
    private long lastMillis;

    private HealthMeter(HealthLogWriter out, long startMillis, String role) {
        this.out = out;
        this.lastMillis = startMillis;
        this.hiccups = new HiccupMeter();
    }

    /** Starts measuring now and opens {@code health.csv} in {@code directory}. */
    public static HealthMeter start(Path directory, long startMillis, String role) throws IOException {
        return new HealthMeter(HealthLogWriter.create(directory.resolve(HealthLog.FILE_NAME)), startMillis, role);
    }

    /**
     * Writes the row of the interval ending at {@code endMillis}.
     *
     * @param sendDelay a sender's send delays of the interval (µs), or null for a receiver
     */
    public void sample(long endMillis, Histogram sendDelay) throws IOException {
        OptionalDouble[] cpuFigures = cpu.sample();
        double[] pauses = gc.sample();
        boolean gcMeasured = gc.absent().isEmpty();
        Histogram late = hiccups.sample();
        boolean woke = late.getTotalCount() > 0;
        out.write(new HealthLog.Row(
                endMillis,
                Math.max(0, endMillis - lastMillis),
                cpu.cores(),
                cpuFigures[0],
                cpuFigures[1],
                gcMeasured ? OptionalDouble.of(pauses[0]) : OptionalDouble.empty(),
                gcMeasured ? OptionalDouble.of(pauses[1]) : OptionalDouble.empty(),
                woke ? OptionalLong.of(late.getValueAtPercentile(99.0)) : OptionalLong.empty(),
                woke ? OptionalLong.of(late.getMaxValue()) : OptionalLong.empty(),
                sendDelay != null && sendDelay.getTotalCount() > 0
                        ? OptionalLong.of(sendDelay.getValueAtPercentile(99.0))
                        : OptionalLong.empty()));
        lastMillis = endMillis;
    }

    /** Why a figure is absent on this machine, by {@code test.properties} key ({@link HealthLog#absentProperty}). */
    public Map<String, String> absent() {
        Map<String, String> reasons = new TreeMap<>();
        cpu.cpuAbsent().ifPresent(r -> reasons.put(HealthLog.absentProperty("cpu"), r));
        cpu.waitAbsent().ifPresent(r -> reasons.put(HealthLog.absentProperty("cpu_wait"), r));
        gc.absent().ifPresent(r -> reasons.put(HealthLog.absentProperty("gc_pause_ms"), r));
        return reasons;
    }

    /** Pushes the rows written to the file. */
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        hiccups.close();
        gc.close();
        out.close();
    }
}

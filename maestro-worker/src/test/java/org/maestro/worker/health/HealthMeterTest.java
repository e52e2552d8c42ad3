package org.maestro.worker.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.health.HealthLog;

/**
 * The health meter in this JVM for real: threads that spin on every core show as CPU used plus waited for near all of
 * the cores, a quiet second as little; a collection forced with {@code System.gc()} shows as a pause; the hiccup meter
 * and a sender's send delay fill their columns; and the file reads back as written.
 */
class HealthMeterTest {
    @TempDir
    Path directory;

    @Test
    @Tag("timing")
    void busyCoresAPauseAndTheDelaysAreRecordedEachSecond() throws Exception {
        long start = System.currentTimeMillis();
        Histogram sendDelays = new Histogram(3);
        sendDelays.recordValue(250);
        sendDelays.recordValue(40);
        try (HealthMeter meter = HealthMeter.start(directory, start, "sender")) {
            assertTrue(meter.absent().isEmpty(), "this Linux JVM measures everything: " + meter.absent());
            // sampled while the spinners still run: a thread that ended takes its run-queue wait out of the sum
            spinEveryCore(1000, () -> meter.sample(start + 1000, sendDelays));
            System.gc();
            Thread.sleep(200);
            meter.sample(start + 2000, null);
            Thread.sleep(1000);
            meter.sample(start + 3000, null);
        }
        List<HealthLog.Row> rows = HealthLog.read(directory.resolve(HealthLog.FILE_NAME));
        assertEquals(3, rows.size(), rows.toString());
        int cores = Runtime.getRuntime().availableProcessors();
        rows.forEach(row -> assertEquals(cores, row.cores()));
        HealthLog.Row busy = rows.get(0);
        HealthLog.Row collected = rows.get(1);
        HealthLog.Row quiet = rows.get(2);
        double quietDemand =
                quiet.cpuPercent().getAsDouble() + quiet.cpuWaitPercent().getAsDouble();
        double busyDemand =
                busy.cpuPercent().getAsDouble() + busy.cpuWaitPercent().getAsDouble();
        // a thread per core spinning for the whole second wants every core, whatever else runs on the machine
        assertTrue(busyDemand >= 80, "spinning on every core: used + waited " + busyDemand + "% " + busy);
        assertTrue(quietDemand < busyDemand / 2, "asleep: " + quiet + " against busy: " + busy);
        assertTrue(collected.gcLongestMillis().getAsDouble() > 0, "System.gc() paused the JVM: " + collected);
        assertTrue(collected.gcPauseMillis().getAsDouble()
                >= collected.gcLongestMillis().getAsDouble());
        for (HealthLog.Row row : rows) {
            assertTrue(
                    row.hiccupP99Micros().isPresent() && row.hiccupMaxMicros().isPresent(), row.toString());
            assertTrue(
                    row.hiccupMaxMicros().getAsLong() >= row.hiccupP99Micros().getAsLong(), row.toString());
        }
        assertEquals(
                sendDelays.getValueAtPercentile(99.0), busy.sendDelayP99Micros().getAsLong());
        assertFalse(quiet.sendDelayP99Micros().isPresent(), "a second without send delays has none, not 0");
    }

    @Test
    void pausesOfConcurrentCyclesAreNotCounted() {
        assertTrue(GcPauseMeter.isPause("G1 Young Generation", "end of minor GC"));
        assertTrue(GcPauseMeter.isPause("G1 Old Generation", "end of major GC"));
        assertTrue(GcPauseMeter.isPause("ZGC Pauses", "end of GC pause"));
        assertFalse(GcPauseMeter.isPause("ZGC Cycles", "end of GC cycle"));
        assertFalse(GcPauseMeter.isPause("G1 Concurrent GC", "end of concurrent GC pause"));
    }

    /** What runs while the spinners still spin. */
    @FunctionalInterface
    private interface WhileSpinning {
        void run() throws Exception;
    }

    /** Spins a thread on every core for {@code millis}, then runs {@code beforeStop} while they still spin. */
    private static void spinEveryCore(long millis, WhileSpinning beforeStop) throws Exception {
        AtomicBoolean spin = new AtomicBoolean(true);
        List<Thread> spinners = new ArrayList<>();
        for (int i = 0; i < Runtime.getRuntime().availableProcessors(); i++) {
            Thread spinner = new Thread(() -> {
                long sink = 0;
                while (spin.get()) {
                    sink += System.nanoTime() % 7;
                }
                if (sink == 42) {
                    System.out.print("");
                }
            });
            spinner.start();
            spinners.add(spinner);
        }
        try {
            TimeUnit.MILLISECONDS.sleep(millis);
            beforeStop.run();
        } finally {
            spin.set(false);
        }
        for (Thread spinner : spinners) {
            spinner.join(5000);
        }
    }
}

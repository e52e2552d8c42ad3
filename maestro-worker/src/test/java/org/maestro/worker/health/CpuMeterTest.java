package org.maestro.worker.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run-queue wait is the second number of each thread's schedstat line, summed over all threads but the sleeper. */
class CpuMeterTest {

    private static long secondField(String line) {
        byte[] bytes = line.getBytes(StandardCharsets.US_ASCII);
        return CpuMeter.secondField(bytes, bytes.length);
    }

    @Test
    void readsTheWaitOfASchedstatLine() {
        assertEquals(4321L, secondField("98765 4321 17\n"));
        assertEquals(4321L, secondField("98765 4321\n"));
        assertEquals(9_223_372_036_854_775L, secondField("1 9223372036854775 3\n"));
        assertEquals(-1L, secondField("98765\n"));
        assertEquals(-1L, secondField("98765 x 17\n"));
        assertEquals(-1L, secondField(""));
    }

    @Test
    void sumsEveryThreadButTheSleeperAndSkipsUnreadableOnes(@TempDir Path tasks) throws Exception {
        write(tasks, "101", "5000 700 12\n");
        write(tasks, "102", "8000 1300 40\n");
        write(tasks, "103", "9000 100000 1000\n"); // the sleeper
        write(tasks, "104", "garbled\n");
        Files.createDirectory(tasks.resolve("105")); // ended while the directory was read: no schedstat

        CpuMeter meter = new CpuMeter();
        assertEquals(2_000L, meter.runQueueWaitNanos(tasks, "103"));
        assertEquals(102_000L, meter.runQueueWaitNanos(tasks, null));
    }

    @Test
    void theSleeperLeftOutIsTheHiccupMetersThreadOfThisProcess() throws Exception {
        HiccupMeter hiccups = new HiccupMeter();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            Optional<String> sleeper = HiccupMeter.sleeperThreadId();
            while (sleeper.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(10);
                sleeper = HiccupMeter.sleeperThreadId();
            }
            assertTrue(sleeper.isPresent(), "the sleeper did not tell its thread id within 10 s");
            Path comm = Path.of("/proc/self/task", sleeper.get(), "comm");
            assertEquals(HiccupMeter.THREAD_NAME, Files.readString(comm).strip());
            assertTrue(new CpuMeter().runQueueWaitNanos() >= 0, "this process's threads have schedstat lines");
        } finally {
            hiccups.close();
        }
    }

    private static void write(Path tasks, String tid, String line) throws Exception {
        Path task = Files.createDirectory(tasks.resolve(tid));
        Files.writeString(task.resolve("schedstat"), line);
    }
}

package org.maestro.worker.health;

import java.io.FileInputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The CPU this process used and the CPU its threads waited for, each second, in % of the cores the process may use.
 * Used: the JVM's process CPU time. Waited: the time its runnable threads spent in the kernel's run queue, the sum over
 * {@code /proc/self/task/<tid>/schedstat} (but the hiccup meter's sleeper, whose waits are what it measures); a
 * process that uses 50% of its one core and waits 50% wanted a whole core and did not get it. Several threads may wait
 * at once, so used + waited may pass 100%: more threads wanted to run than there were cores. Not thread-safe: the run's
 * supervisor samples it.
 */
final class CpuMeter {
    private static final Path TASKS = Path.of("/proc/self/task");

    private final com.sun.management.OperatingSystemMXBean os;
    private final int cores;
    private final String cpuAbsent;
    private final String waitAbsent;
    private long lastCpuNanos;
    private long lastWaitNanos;
    private long lastWallNanos;
    /** One schedstat line at a time ("run-ns wait-ns slices": three numbers of at most 20 digits). */
    private final byte[] line = new byte[96];

    CpuMeter() {
        java.lang.management.OperatingSystemMXBean bean = ManagementFactory.getOperatingSystemMXBean();
        this.os = bean instanceof com.sun.management.OperatingSystemMXBean sun ? sun : null;
        this.cores = Runtime.getRuntime().availableProcessors();
        long cpu = os == null ? -1 : os.getProcessCpuTime();
        this.cpuAbsent =
                cpu < 0 ? "this JVM gives no process CPU time (com.sun.management.OperatingSystemMXBean)" : null;
        long wait = runQueueWaitNanos();
        this.waitAbsent = wait < 0
                ? "this machine has no per-thread scheduler statistics (/proc/self/task/*/schedstat: Linux with"
                        + " CONFIG_SCHED_INFO)"
                : null;
        lastCpuNanos = cpu;
        lastWaitNanos = wait;
        lastWallNanos = System.nanoTime();
    }

    /** The cores the process may use (its affinity and CPU quota). */
    int cores() {
        return cores;
    }

    /** Why the CPU used cannot be measured here, if it cannot. */
    Optional<String> cpuAbsent() {
        return Optional.ofNullable(cpuAbsent);
    }

    /** Why the CPU waited for cannot be measured here, if it cannot. */
    Optional<String> waitAbsent() {
        return Optional.ofNullable(waitAbsent);
    }

    /** The two figures since the last sample: used and waited, in % of the cores × the time passed. */
    OptionalDouble[] sample() {
        long wall = System.nanoTime();
        double capacity = Math.max(1, wall - lastWallNanos) * (double) cores;
        lastWallNanos = wall;
        OptionalDouble used = OptionalDouble.empty();
        if (cpuAbsent == null) {
            long cpu = os.getProcessCpuTime();
            used = OptionalDouble.of(Math.max(0, cpu - lastCpuNanos) * 100.0 / capacity);
            lastCpuNanos = cpu;
        }
        OptionalDouble waited = OptionalDouble.empty();
        if (waitAbsent == null) {
            long wait = runQueueWaitNanos();
            if (wait >= 0) {
                // a thread that ended takes its share out of the sum: never below zero
                waited = OptionalDouble.of(Math.max(0, wait - lastWaitNanos) * 100.0 / capacity);
                lastWaitNanos = wait;
            }
        }
        return new OptionalDouble[] {used, waited};
    }

    /**
     * The run-queue wait of every thread of the process but the hiccup sleeper, ns; −1 when the kernel does not say.
     * Each line is read into one reused buffer: this runs each second over every thread of the JVM.
     */
    long runQueueWaitNanos() {
        return runQueueWaitNanos(TASKS, HiccupMeter.sleeperThreadId().orElse(null));
    }

    /** The run-queue wait of the threads of a task directory but {@code sleeper} (null: none left out), ns. */
    long runQueueWaitNanos(Path taskDirectory, String sleeper) {
        long sum = 0;
        boolean any = false;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(taskDirectory)) {
            for (Path task : tasks) {
                if (task.getFileName().toString().equals(sleeper)) {
                    continue;
                }
                long waited = waitOf(task);
                if (waited >= 0) {
                    sum += waited;
                    any = true;
                }
            }
        } catch (IOException | UnsupportedOperationException noProc) {
            return -1;
        }
        return any ? sum : -1;
    }

    /** One thread's run-queue wait, −1 when it ended while the directory was read or its line has another form. */
    private long waitOf(Path task) {
        try (FileInputStream in = new FileInputStream(task.resolve("schedstat").toFile())) {
            int length = 0;
            int read;
            while (length < line.length && (read = in.read(line, length, line.length - length)) > 0) {
                length += read;
            }
            return secondField(line, length);
        } catch (IOException threadEnded) {
            return -1;
        }
    }

    /**
     * The second of the space-separated numbers of a schedstat line ("run-ns wait-ns slices"), −1 without one. Read
     * by hand: a regular expression or a string per thread each second would be garbage the measured run pays for.
     */
    static long secondField(byte[] text, int length) {
        int i = 0;
        while (i < length && text[i] != ' ') {
            i++;
        }
        while (i < length && text[i] == ' ') {
            i++;
        }
        if (i >= length || text[i] < '0' || text[i] > '9') {
            return -1;
        }
        long value = 0;
        for (; i < length && text[i] >= '0' && text[i] <= '9'; i++) {
            value = value * 10 + (text[i] - '0');
        }
        return value;
    }
}

package org.maestro.worker.health;

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
 * {@code /proc/self/task/<tid>/schedstat} (but the hiccup meters' sleepers, whose waits are what they measure); a
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

    /** The run-queue wait of every thread of the process, ns; −1 when the kernel does not say. */
    private static long runQueueWaitNanos() {
        long sum = 0;
        boolean any = false;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    long waited = secondField(Files.readString(task.resolve("schedstat")));
                    if (waited >= 0) {
                        sum += waited;
                        any = true;
                    }
                } catch (IOException | NumberFormatException threadEnded) {
                    // the thread ended while the directory was read, or the kernel writes another form
                }
            }
        } catch (IOException | UnsupportedOperationException noProc) {
            return -1;
        }
        return any ? sum : -1;
    }

    /**
     * The second of the space-separated numbers of a schedstat line ("run-ns wait-ns slices"), −1 without one. Read
     * by hand: a regular expression here would be compiled for each thread each second.
     */
    static long secondField(String line) {
        int first = line.indexOf(' ');
        if (first < 0) {
            return -1;
        }
        String rest = line.substring(first + 1).strip();
        int end = rest.indexOf(' ');
        return Long.parseLong(end < 0 ? rest : rest.substring(0, end));
    }
}

package org.maestro.inspector.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.HashMap;
import java.util.Map;

/**
 * CPU time this JVM spent during a stretch of time, in total and in the threads of the inspection: the Jolokia
 * agent's threads (the broker side of a poll) and the inspector's own threads (the HTTP client and the poller).
 * CPU time, unlike throughput, does not depend on what else the machine runs. Not thread-safe: one measurer.
 */
final class ThreadCpu {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private static final OperatingSystemMXBean OS =
            (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();

    /**
     * CPU spent between two snapshots, nanoseconds.
     *
     * @param process the whole JVM (load, broker, inspection, GC, JIT)
     * @param agent the Jolokia agent's threads
     * @param inspector the inspector's threads
     */
    record Spent(long process, long agent, long inspector) {}

    private final Map<Long, Long> threads = new HashMap<>();
    private final long process;

    private ThreadCpu() {
        for (long id : THREADS.getAllThreadIds()) {
            threads.put(id, Math.max(0, THREADS.getThreadCpuTime(id)));
        }
        process = OS.getProcessCpuTime();
    }

    /** The CPU times of now. */
    static ThreadCpu now() {
        return new ThreadCpu();
    }

    /** The CPU spent since this snapshot (threads that ended in between are not counted). */
    Spent since() {
        long agent = 0;
        long inspector = 0;
        for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
            if (info == null) {
                continue;
            }
            long cpu = THREADS.getThreadCpuTime(info.getThreadId());
            if (cpu < 0) {
                continue;
            }
            long spent = cpu - threads.getOrDefault(info.getThreadId(), 0L);
            String name = info.getThreadName();
            if (name.startsWith("jolokia") || name.equals("HTTP-Dispatcher")) {
                agent += spent;
            } else if (name.startsWith("maestro-inspector") || name.startsWith("HttpClient")) {
                inspector += spent;
            }
        }
        return new Spent(OS.getProcessCpuTime() - process, agent, inspector);
    }
}

package org.maestro.agent.handler;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** Ends a process and every process below it: SIGTERM to all, then SIGKILL to those still running after a grace. */
final class ProcessTree {
    private ProcessTree() {}

    /**
     * Ends the process and its descendants (taken before any is signalled, so that none is lost when its parent
     * dies first) and waits for them, at most the grace after SIGTERM and the grace after SIGKILL. An interrupt does
     * not cut these bounded waits short: it is the cancellation being carried out.
     *
     * @return how many of them were still running after the grace and got SIGKILL
     */
    static int end(Process process, Duration grace) {
        List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
        tree.add(0, process.toHandle());
        tree.forEach(ProcessHandle::destroy);
        long deadline = System.nanoTime() + grace.toNanos();
        tree.forEach(handle -> awaitExit(handle, deadline));
        List<ProcessHandle> left = tree.stream().filter(ProcessHandle::isAlive).toList();
        left.forEach(ProcessHandle::destroyForcibly);
        awaitExit(process.toHandle(), System.nanoTime() + grace.toNanos());
        return left.size();
    }

    /** Waits until the process has ended or the deadline (System.nanoTime) has passed. */
    private static void awaitExit(ProcessHandle handle, long deadline) {
        while (handle.isAlive()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return;
            }
            try {
                handle.onExit().get(left, TimeUnit.NANOSECONDS);
            } catch (InterruptedException ignored) {
                // the cancellation being carried out: the wait is bounded, so it goes on
            } catch (TimeoutException | ExecutionException e) {
                return;
            }
        }
    }
}

package org.maestro.agent.actions;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The processes of the agent's configuration, by name: starts the supervised ones when the agent starts and stops
 * them when it shuts down. Thread-safe.
 */
public final class ProcessSupervisor {
    private final Map<String, ManagedProcess> processes = new LinkedHashMap<>();

    /**
     * @param specs     the processes of the configuration
     * @param logs      where the output of supervised processes goes ({@code <name>.log})
     * @param tools     the programs used to signal pid-file processes
     * @param grace     how long a graceful stop waits before killing
     */
    public ProcessSupervisor(List<ProcessSpec> specs, Path logs, Tools tools, Duration grace) {
        for (ProcessSpec spec : specs) {
            ManagedProcess process = spec.pidFile() == null
                    ? new SupervisedProcess(spec.name(), spec.command(), logs.resolve(spec.name() + ".log"), grace)
                    : new PidFileProcess(spec.name(), spec.pidFile(), spec.startCommand(), tools, grace);
            processes.put(spec.name(), process);
        }
    }

    /**
     * Adds a process of another kind than those of the configuration, such as a part of this JVM the ready actions
     * stop and start through callbacks.
     *
     * @throws IllegalArgumentException when a process of that name exists already
     */
    public synchronized void add(ManagedProcess process) {
        if (processes.containsKey(process.name())) {
            throw new IllegalArgumentException(
                    "two processes are named " + process.name() + ": give each process of the agent its own name");
        }
        processes.put(process.name(), process);
    }

    /** Removes a process added with {@link #add}, e.g. a router of a topology that was stopped; true if it was there. */
    public synchronized boolean remove(String name) {
        return processes.remove(name) != null;
    }

    /** A process by name. */
    public synchronized Optional<ManagedProcess> get(String name) {
        return Optional.ofNullable(processes.get(name));
    }

    /** The names, in configuration order. */
    public synchronized List<String> names() {
        return List.copyOf(processes.keySet());
    }

    private synchronized List<ManagedProcess> all() {
        return List.copyOf(processes.values());
    }

    /** Starts the supervised processes that do not run. */
    public void startSupervised(Consumer<String> log) throws Exception {
        for (ManagedProcess process : all()) {
            if (process instanceof SupervisedProcess && !process.running()) {
                process.start(log);
            }
        }
    }

    /** Stops the supervised processes; never throws. */
    public void close() {
        for (ManagedProcess process : all()) {
            if (process instanceof SupervisedProcess supervised) {
                supervised.close();
            }
        }
    }
}

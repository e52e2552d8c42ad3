package org.maestro.agent.actions;

import java.util.OptionalLong;
import java.util.function.Consumer;

/** A process of the agent's configuration that ready actions stop and start; implementations are thread-safe. */
public interface ManagedProcess {

    /** Its name in commands. */
    String name();

    /** What it is, for messages. */
    String describe();

    /** True while it runs (not stopped, not frozen). */
    boolean running();

    /** Its pid, when known. */
    OptionalLong pid();

    /** True when {@link #stop} with {@code kill} is possible (it can be started again afterwards). */
    boolean canKill();

    /**
     * Starts it (again), and checks it did not end at once.
     *
     * @param log receives what was done
     */
    void start(Consumer<String> log) throws Exception;

    /**
     * Stops it: gracefully (SIGTERM, SIGKILL after a grace time), at once when {@code kill}, or by freezing it.
     *
     * @param log receives what was done
     */
    void stop(boolean kill, Consumer<String> log) throws Exception;
}

package org.maestro.agent.embedded;

import java.util.Objects;
import java.util.OptionalLong;
import java.util.function.Consumer;
import org.maestro.agent.actions.ManagedProcess;

/**
 * A part of this JVM that the ready actions {@code stop}, {@code start} and {@code restart} treat as a process,
 * through two callbacks: the system under test of the embedded mode (an in-JVM broker), so that
 * {@code restart sut 5} stops it for five seconds as it would a broker process on a host. It is running when
 * created. Thread-safe: one stop or start at a time.
 *
 * <pre>{@code
 * AgentRole agent = new AgentRole(AgentConfig.builder(workDirectory).build());
 * agent.processes().add(new InJvmProcess("sut", "the embedded Artemis broker", broker::restart, broker::stop));
 * // USER_COMMAND_1 "restart 5": broker.stop(), five seconds, broker.restart()
 * }</pre>
 */
public final class InJvmProcess implements ManagedProcess {

    /** What starts or stops the part; may fail. */
    @FunctionalInterface
    public interface Step {
        void run() throws Exception;
    }

    private final String name;
    private final String description;
    private final Step start;
    private final Step stop;
    private boolean running = true;

    /**
     * @param name        the name commands use, e.g. {@code sut}
     * @param description what it is, for messages
     * @param start       starts it again after {@code stop}
     * @param stop        stops it and returns once it has stopped
     */
    public InJvmProcess(String name, String description, Step start, Step stop) {
        if (name == null || !name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException(
                    "process name '" + name + "' may only have letters, digits, '_', '.'" + " and '-'");
        }
        this.name = name;
        this.description = Objects.requireNonNull(description, "description");
        this.start = Objects.requireNonNull(start, "start");
        this.stop = Objects.requireNonNull(stop, "stop");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String describe() {
        return description + " (in this JVM)";
    }

    @Override
    public synchronized boolean running() {
        return running;
    }

    /** None: it is part of the agent's own JVM, which no action may signal. */
    @Override
    public OptionalLong pid() {
        return OptionalLong.empty();
    }

    /** True: {@code --kill} stops it the same way, there being no signal to send. */
    @Override
    public boolean canKill() {
        return true;
    }

    @Override
    public synchronized void start(Consumer<String> log) throws Exception {
        if (running) {
            log.accept(name + " already runs");
            return;
        }
        long begun = System.nanoTime();
        start.run();
        running = true;
        log.accept("started " + describe() + " in " + (System.nanoTime() - begun) / 1_000_000 + " ms");
    }

    @Override
    public synchronized void stop(boolean kill, Consumer<String> log) throws Exception {
        if (!running) {
            log.accept(name + " is already stopped");
            return;
        }
        long begun = System.nanoTime();
        stop.run();
        running = false;
        log.accept("stopped " + describe() + (kill ? " (--kill stops it the same way)" : "") + " in "
                + (System.nanoTime() - begun) / 1_000_000 + " ms");
    }
}

package org.maestro.agent.actions;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.maestro.agent.handler.Action;
import org.maestro.agent.handler.ActionContext;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/**
 * The ready actions on a configured process: {@code stop [process] [N]} (alias {@code shutdown}) stops it, for N
 * seconds or until {@code start} or STOP_AGENT; {@code start [process]} starts it; {@code restart [process] [N]}
 * stops it and starts it again after N seconds (default 0). {@code --kill} stops with SIGKILL instead of SIGTERM.
 * The process may be left out when the agent has only one.
 */
public final class ProcessAction implements ReadyAction {

    /** What the action does to the process. */
    public enum Kind {
        STOP,
        START,
        RESTART
    }

    /** The process-start option named in messages. */
    static final String PROCESS_OPTION = "--process";

    private final String name;
    private final Kind kind;
    private final ProcessSupervisor processes;
    private final Duration maxDuration;

    /** @param maxDuration the longest time down it accepts (the agent's maximum action duration) */
    public ProcessAction(String name, Kind kind, ProcessSupervisor processes, Duration maxDuration) {
        this.name = name;
        this.kind = kind;
        this.processes = processes;
        this.maxDuration = maxDuration;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String usage() {
        return switch (kind) {
            case STOP -> name + " [<process>] [<seconds or duration>] [--kill]";
            case START -> name + " [<process>]";
            case RESTART -> name + " [<process>] [<seconds or duration down>] [--kill]";
        };
    }

    @Override
    public Action prepare(List<String> words) throws RoleException {
        ReadyArgs args =
                ReadyArgs.parse(usage(), words, Set.of(), kind == Kind.START ? Set.of() : Set.of("kill"), maxDuration);
        List<String> positional = args.positional();
        ManagedProcess process = process(args);
        int next = positional.isEmpty() || !positional.get(0).equals(process.name()) ? 0 : 1;
        Duration given = null;
        if (kind != Kind.START && next < positional.size()) {
            given = args.duration(positional.get(next++), "the time down");
        }
        Duration down = given != null || kind != Kind.RESTART ? given : Duration.ZERO;
        if (next < positional.size()) {
            throw args.wrong("unexpected argument '" + positional.get(next) + "'");
        }
        boolean kill = args.flag("kill");
        if (kill && !process.canKill()) {
            throw args.wrong(process.describe() + " has no start command, so it can only be frozen, not killed");
        }
        String key = "process:" + process.name();
        return switch (kind) {
            case START -> context -> start(context, process, key);
            case STOP ->
                down == null
                        ? context -> stopUntilStarted(context, process, kill, key)
                        : context -> stopFor(context, process, kill, down);
            case RESTART -> context -> stopFor(context, process, kill, down);
        };
    }

    private ManagedProcess process(ReadyArgs args) throws RoleException {
        List<String> names = processes.names();
        if (names.isEmpty()) {
            throw new RoleException(
                    ErrorCodes.OTHER,
                    name + " acts on a process of the agent's configuration, and"
                            + " this agent has none: start it with " + PROCESS_OPTION + " name=command… or "
                            + PROCESS_OPTION + " name=pidfile:/path/to.pid");
        }
        List<String> positional = args.positional();
        if (!positional.isEmpty() && processes.get(positional.get(0)).isPresent()) {
            return processes.get(positional.get(0)).orElseThrow();
        }
        if (!positional.isEmpty() && !ReadyArgs.isDuration(positional.get(0))) {
            throw args.wrong("this agent has no process named '" + positional.get(0) + "'; its processes: "
                    + String.join(", ", names));
        }
        if (names.size() > 1) {
            throw args.wrong("name the process, one of " + String.join(", ", names));
        }
        return processes.get(names.get(0)).orElseThrow();
    }

    private static Object start(ActionContext context, ManagedProcess process, String key) throws Exception {
        if (context.restore(key)) {
            return process.name() + " started again" + pidText(process);
        }
        process.start(logTo(context));
        return process.name() + " runs" + pidText(process);
    }

    private static Object stopUntilStarted(ActionContext context, ManagedProcess process, boolean kill, String key)
            throws Exception {
        Consumer<String> log = logTo(context);
        process.stop(kill, log);
        context.onAgentStop(key, "start " + process.name(), () -> process.start(log));
        context.progress(process.name() + " stopped");
        return process.name() + " stopped; it starts again with 'start " + process.name() + "' or STOP_AGENT";
    }

    private static Object stopFor(ActionContext context, ManagedProcess process, boolean kill, Duration down)
            throws Exception {
        Consumer<String> log = logTo(context);
        process.stop(kill, log);
        long stopped = System.nanoTime();
        AtomicBoolean isDown = new AtomicBoolean(true);
        context.onUndo("start " + process.name(), () -> {
            if (isDown.getAndSet(false)) {
                process.start(log);
            }
        });
        context.progress(process.name() + " stopped for " + down.toMillis() + " ms");
        context.pause(down);
        isDown.set(false);
        long downMillis = (System.nanoTime() - stopped) / 1_000_000;
        process.start(log);
        return process.name() + " was down for " + downMillis + " ms and runs again" + pidText(process);
    }

    private static Consumer<String> logTo(ActionContext context) {
        return line -> context.log().info(line);
    }

    private static String pidText(ManagedProcess process) {
        return process.pid().isPresent() ? " (pid " + process.pid().getAsLong() + ")" : "";
    }
}

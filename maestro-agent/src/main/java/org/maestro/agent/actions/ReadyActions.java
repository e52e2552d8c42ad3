package org.maestro.agent.actions;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BooleanSupplier;
import org.maestro.agent.handler.Action;
import org.maestro.agent.run.ReadyActionFinder;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/**
 * The ready actions of an agent by command name: {@code stop}/{@code shutdown}, {@code start}, {@code restart} on
 * its configured processes, {@code netem} and {@code drop} on the network. Thread-safe.
 */
public final class ReadyActions implements ReadyActionFinder {
    private final Map<String, ReadyAction> actions = new LinkedHashMap<>();

    /**
     * @param processes the agent's processes
     * @param tools     where the programs are
     * @param netAdmin  whether the agent may change network settings ({@link Privileges#hasNetAdmin})
     * @param maxDuration the longest duration an action may ask for (the agent's maximum action duration)
     */
    public ReadyActions(ProcessSupervisor processes, Tools tools, BooleanSupplier netAdmin, Duration maxDuration) {
        add(new ProcessAction("stop", ProcessAction.Kind.STOP, processes, maxDuration));
        add(new ProcessAction("shutdown", ProcessAction.Kind.STOP, processes, maxDuration));
        add(new ProcessAction("start", ProcessAction.Kind.START, processes, maxDuration));
        add(new ProcessAction("restart", ProcessAction.Kind.RESTART, processes, maxDuration));
        NetworkFaults faults = new NetworkFaults(tools, netAdmin, maxDuration);
        add(new NetemAction(faults));
        add(new DropAction(faults));
    }

    private void add(ReadyAction action) {
        actions.put(action.name(), action);
    }

    /** A ready action by name. */
    public Optional<ReadyAction> get(String name) {
        return Optional.ofNullable(actions.get(name));
    }

    /** All of them, by name. */
    public List<ReadyAction> all() {
        return List.copyOf(actions.values());
    }

    @Override
    public Action prepare(String name, List<String> args) throws RoleException {
        ReadyAction action = actions.get(name);
        if (action == null) {
            throw new RoleException(
                    ErrorCodes.UNSUPPORTED,
                    "'" + name + "' is not a ready action; the ready actions" + " are "
                            + String.join(", ", actions.keySet()));
        }
        return action.prepare(args);
    }
}

package org.maestro.agent.actions;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import org.maestro.agent.handler.ActionContext;
import org.maestro.common.peer.RoleException;

/**
 * What the network ready actions ({@code netem}, {@code drop}) work with: the programs, the right to change network
 * settings and the longest fault the agent accepts; the parse of their arguments, the {@link NetworkScope} they act on
 * and the hold of a fault for its duration.
 *
 * @param netAdmin    whether the agent may change network settings ({@link Privileges#hasNetAdmin})
 * @param maxDuration the longest fault it accepts (the agent's maximum action duration)
 */
record NetworkFaults(Tools tools, BooleanSupplier netAdmin, Duration maxDuration) {

    /** Splits the arguments of a fault, which takes the given valued options and no flag. */
    ReadyArgs parse(String usage, List<String> words, Set<String> valued) throws RoleException {
        return ReadyArgs.parse(usage, words, valued, Set.of(), maxDuration);
    }

    /** Checks the program, the right and the namespace a fault needs, and resolves its device (see NetworkScope). */
    NetworkScope scope(String action, String tool, String toolPackage, ReadyArgs args, boolean deviceNeeded)
            throws RoleException {
        return NetworkScope.resolve(action, tool, toolPackage, args, tools, netAdmin, deviceNeeded);
    }

    /** Keeps a fault in place for its duration, saying so as progress; returns what was done, for the result. */
    static Object hold(ActionContext context, String what, Duration duration) {
        String done = what + " for " + duration.toMillis() + " ms";
        context.progress(done);
        context.pause(duration);
        return done;
    }
}

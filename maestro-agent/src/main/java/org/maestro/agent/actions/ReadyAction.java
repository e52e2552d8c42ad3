package org.maestro.agent.actions;

import java.util.List;
import org.maestro.agent.handler.Action;
import org.maestro.common.peer.RoleException;

/** An action the agent can run without any source, such as {@code restart router 10} or {@code drop 30s --port 5672}. */
public interface ReadyAction {

    /** The command name. */
    String name();

    /** The form of its arguments, for help and error messages. */
    String usage();

    /**
     * Checks the arguments, and the tools and rights the action needs, and returns the action to run.
     *
     * @throws RoleException INVALID_OPTION for wrong arguments (with the usage), OTHER when a tool or a right is
     *                       missing (with how to get it)
     */
    Action prepare(List<String> args) throws RoleException;
}

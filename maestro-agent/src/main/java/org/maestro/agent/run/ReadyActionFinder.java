package org.maestro.agent.run;

import java.util.List;
import org.maestro.agent.handler.Action;
import org.maestro.common.peer.RoleException;

/** Looks up a ready action by name and prepares it for its arguments (checking them, its tools and rights). */
@FunctionalInterface
public interface ReadyActionFinder {

    /**
     * @throws RoleException when there is no such ready action, or it cannot run here with these arguments
     */
    Action prepare(String name, List<String> args) throws RoleException;
}

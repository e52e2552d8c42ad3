package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.reporter.AgentAction;

/**
 * The actions of an agent's agent-actions.csv (read by {@link AgentActions}) as the report shows them: an action
 * still running, or whose end is before its start, ends where it started.
 */
public final class AgentActionsFile {

    private AgentActionsFile() {}

    /** Reads the actions of one agent; rows without a readable start time are reported in the exception. */
    public static List<AgentAction> read(Path file, String agent) throws IOException {
        List<AgentAction> actions = new ArrayList<>();
        for (AgentActions.Row row : AgentActions.read(file)) {
            actions.add(new AgentAction(
                    agent,
                    row.command(),
                    row.start(),
                    row.endOrStart(),
                    row.outcome(),
                    row.message(),
                    row.exit(),
                    row.stdout(),
                    row.stderr()));
        }
        return actions;
    }
}

package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * One action an agent ran during a test (a row of agent-actions.csv), e.g. a router restart.
 *
 * @param agent peer that ran it
 * @param command the command, e.g. {@code restart}
 * @param startMillis epoch ms the action started
 * @param endMillis epoch ms it ended (equal to start when unknown)
 * @param outcome what the agent reported, e.g. success or failure
 * @param message further detail from the agent, may be empty
 * @param exit the exit code of a handler that is a program, empty for other actions
 * @param stdout the end of that program's standard output, may be empty
 * @param stderr the end of its standard error, may be empty
 */
@JsonIgnoreProperties(ignoreUnknown = true)
public record AgentAction(
        String agent,
        String command,
        long startMillis,
        long endMillis,
        String outcome,
        String message,
        String exit,
        String stdout,
        String stderr) {
    public AgentAction {
        exit = exit == null ? "" : exit;
        stdout = stdout == null ? "" : stdout;
        stderr = stderr == null ? "" : stderr;
    }
}

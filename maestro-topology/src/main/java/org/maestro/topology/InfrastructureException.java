package org.maestro.topology;

import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.ExitCode;

/**
 * Something outside the user's input failed: a tool is missing, a process died, a port could not
 * be bound or a deadline passed. The message says what failed and what to do next.
 */
public class InfrastructureException extends CommandException {

    public InfrastructureException(String message) {
        super(ExitCode.INFRASTRUCTURE, message);
    }

    public InfrastructureException(String message, Throwable cause) {
        super(ExitCode.INFRASTRUCTURE, message, cause);
    }
}

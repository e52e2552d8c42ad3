package org.maestro.reporter;

import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.ExitCode;

/**
 * Thrown when a results directory cannot be reported on because of what is (not) in it; the
 * message names the path, what was expected there and what to do.
 */
public class ReportException extends CommandException {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(ExitCode.USAGE, message);
    }

    public ReportException(String message, Throwable cause) {
        super(ExitCode.USAGE, message, cause);
    }
}

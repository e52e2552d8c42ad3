package org.maestro.client.api;

import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.ExitCode;

/** A failure of a test script's setup or of the infrastructure under it, as scripts see and throw it. */
public class MaestroException extends CommandException {
    private static final long serialVersionUID = 1L;

    public MaestroException(ExitCode exitCode, String message) {
        super(exitCode, message);
    }

    public MaestroException(ExitCode exitCode, String message, Throwable cause) {
        super(exitCode, message, cause);
    }

    /** The control broker, the peers or the disk failed us. */
    public static MaestroException infrastructure(String message) {
        return new MaestroException(ExitCode.INFRASTRUCTURE, message);
    }

    /** The script or a parameter is wrong. */
    public static MaestroException usage(String message) {
        return new MaestroException(ExitCode.USAGE, message);
    }
}

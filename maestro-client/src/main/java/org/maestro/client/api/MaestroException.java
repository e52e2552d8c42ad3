package org.maestro.client.api;

import org.maestro.common.cli.ExitCodes;

/** A failure of the test setup or of the infrastructure, with the exit code it maps to and a message for the user. */
public class MaestroException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public MaestroException(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public MaestroException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** The control broker, the peers or the disk failed us. */
    public static MaestroException infrastructure(String message) {
        return new MaestroException(ExitCodes.INFRASTRUCTURE, message);
    }

    /** The script or a parameter is wrong. */
    public static MaestroException usage(String message) {
        return new MaestroException(ExitCodes.USAGE, message);
    }

    public int exitCode() {
        return exitCode;
    }
}

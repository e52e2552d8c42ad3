package org.maestro.client.cli;

/** A failure with a message for the user and the exit code it maps to; printed without a stack trace. */
public class UserError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    public UserError(int exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public UserError(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    public int exitCode() {
        return exitCode;
    }
}

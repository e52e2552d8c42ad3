package org.maestro.topology;

/**
 * Something outside the user's input failed: a tool is missing, a process died, a port could not
 * be bound or a deadline passed. The message says what failed and what to do next.
 */
public class InfrastructureException extends RuntimeException {

    public InfrastructureException(String message) {
        super(message);
    }

    public InfrastructureException(String message, Throwable cause) {
        super(message, cause);
    }
}

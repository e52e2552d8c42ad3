package org.maestro.inspector;

/**
 * Thrown when the system under test cannot be inspected: unreachable, credentials refused, no answer in time, or an
 * answer that is not what its management interface gives. The message says what happened and what to check; it
 * never holds a password.
 */
public class InspectionException extends Exception {
    private static final long serialVersionUID = 1L;

    public InspectionException(String message) {
        super(message);
    }

    public InspectionException(String message, Throwable cause) {
        super(message, cause);
    }
}

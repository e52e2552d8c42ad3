package org.maestro.common.transport;

/** Thrown when the control broker cannot be reached or a note cannot be published; says which URL and why. */
public class TransportException extends Exception {
    private static final long serialVersionUID = 1L;

    public TransportException(String message, Throwable cause) {
        super(message, cause);
    }

    public TransportException(String message) {
        super(message);
    }
}

package org.maestro.reporter;

/**
 * Thrown when a results directory cannot be reported on because of what is (not) in it; the
 * message names the path, what was expected there and what to do.
 */
public class ReportException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ReportException(String message) {
        super(message);
    }

    public ReportException(String message, Throwable cause) {
        super(message, cause);
    }
}

package org.maestro.topology.management;

/** An AMQP management request that could not be sent or was answered with an error status. */
public final class ManagementException extends Exception {

    private final int statusCode;

    public ManagementException(String message, int statusCode) {
        super(message);
        this.statusCode = statusCode;
    }

    public ManagementException(String message, Throwable cause) {
        super(message, cause);
        this.statusCode = -1;
    }

    /** The status code of the reply, or -1 when no reply arrived. */
    public int statusCode() {
        return statusCode;
    }
}

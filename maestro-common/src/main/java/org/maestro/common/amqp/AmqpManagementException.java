package org.maestro.common.amqp;

/**
 * Thrown when an AMQP management request cannot be made or is not answered as asked: the peer is unreachable,
 * refuses the credentials or the links, does not answer in time, or answers with an error status. The message says
 * what happened and what to check; it never holds a password.
 */
public class AmqpManagementException extends Exception {
    private static final long serialVersionUID = 1L;

    /** {@link #statusCode()} when no reply with a status arrived. */
    public static final int NO_STATUS = -1;

    private final int statusCode;

    public AmqpManagementException(String message) {
        this(message, NO_STATUS);
    }

    /** A reply that came with an error status. */
    public AmqpManagementException(String message, int statusCode) {
        super(message);
        this.statusCode = statusCode;
    }

    public AmqpManagementException(String message, Throwable cause) {
        super(message, cause);
        this.statusCode = NO_STATUS;
    }

    /** The status code of the reply, or {@link #NO_STATUS} when no reply arrived. */
    public int statusCode() {
        return statusCode;
    }
}

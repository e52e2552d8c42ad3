package org.maestro.amqp.management;

/**
 * Thrown when an AMQP management request cannot be made or is not answered as asked: the peer is unreachable,
 * refuses the credentials or the links, does not answer in time, or answers with an error status. The message says
 * what happened and what to check; it never holds a password.
 */
public class AmqpManagementException extends Exception {
    private static final long serialVersionUID = 1L;

    /** {@link #statusCode()} when no reply with a status arrived. */
    public static final int NO_STATUS = -1;

    /** What kind of failure it was, for a caller deciding whether to try again. */
    public enum Reason {
        /** Nothing listens at the address, or the connection broke. */
        UNREACHABLE,
        /** No connection or answer within the time allowed. */
        TIMEOUT,
        /** The peer refused the credentials. */
        UNAUTHORIZED,
        /** The peer answered, but not as asked (an error status, a reply that is not management's). */
        BAD_REPLY,
        /** The requests were stopped by closing the client. */
        STOPPED
    }

    private final int statusCode;
    private final Reason reason;

    public AmqpManagementException(String message) {
        this(message, NO_STATUS);
    }

    /** A reply that came with an error status. */
    public AmqpManagementException(String message, int statusCode) {
        super(message);
        this.statusCode = statusCode;
        this.reason = Reason.BAD_REPLY;
    }

    public AmqpManagementException(String message, Throwable cause) {
        this(message, Reason.UNREACHABLE, cause);
    }

    /** A failure of the given kind. */
    public AmqpManagementException(String message, Reason reason) {
        this(message, reason, null);
    }

    /** A failure of the given kind with its cause. */
    public AmqpManagementException(String message, Reason reason, Throwable cause) {
        super(message, cause);
        this.statusCode = NO_STATUS;
        this.reason = reason;
    }

    /** What kind of failure it was. */
    public Reason reason() {
        return reason;
    }

    /** The status code of the reply, or {@link #NO_STATUS} when no reply arrived. */
    public int statusCode() {
        return statusCode;
    }
}

package org.maestro.inspector;

/**
 * Thrown when the system under test cannot be inspected: unreachable, credentials refused, no answer in time, or an
 * answer that is not what its management interface gives. The {@link #kind()} says which, so that a caller decides
 * whether to try again without reading the message; the message says what happened and what to check and never
 * holds a password.
 */
public class InspectionException extends Exception {
    private static final long serialVersionUID = 1L;

    /** What kind of failure it was. */
    public enum Kind {
        /** The management interface did not connect or answer within the time allowed: it may be slow to start. */
        TIMEOUT(true),
        /** Nothing listens at the address, or the connection broke: the SUT may not be up yet. */
        UNREACHABLE(true),
        /** It answered something that is not what its management interface gives (a wrong URL or product). */
        BAD_REPLY(false),
        /** It refused the credentials or the access. */
        UNAUTHORIZED(false),
        /** The inspection was stopped while the request ran. */
        STOPPED(false);

        private final boolean transientFailure;

        Kind(boolean transientFailure) {
            this.transientFailure = transientFailure;
        }

        /** Whether trying again a little later may succeed. */
        public boolean transientFailure() {
            return transientFailure;
        }
    }

    private final Kind kind;

    public InspectionException(Kind kind, String message) {
        this(kind, message, null);
    }

    public InspectionException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    /** What kind of failure it was. */
    public Kind kind() {
        return kind;
    }
}

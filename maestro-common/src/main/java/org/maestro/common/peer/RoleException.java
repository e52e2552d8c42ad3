package org.maestro.common.peer;

import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Role;

/** Thrown by a role that cannot do what a request asks; the message is sent back as INTERNAL_ERROR text. */
public class RoleException extends Exception {
    private static final long serialVersionUID = 1L;

    private final int code;

    public RoleException(int code, String message) {
        super(message);
        this.code = code;
    }

    public RoleException(int code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /** The error code sent with INTERNAL_ERROR (see {@link ErrorCodes}). */
    public int code() {
        return code;
    }

    /** The request names a command this role does not do. */
    public static RoleException unsupported(Command command, Role role) {
        return new RoleException(ErrorCodes.UNSUPPORTED, "a " + role.label() + " does not handle " + command);
    }
}

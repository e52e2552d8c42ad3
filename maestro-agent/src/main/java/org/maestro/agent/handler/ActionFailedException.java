package org.maestro.agent.handler;

/** Ends an action as failed with a message for the client and no stack trace (see {@code fail} in scripts). */
public class ActionFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ActionFailedException(String message) {
        super(message);
    }
}

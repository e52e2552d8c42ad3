package org.maestro.agent.handler;

/** Thrown inside an action that was cancelled (STOP_AGENT, HALT) by the waits and checks of {@link ActionContext}. */
public class ActionCancelledException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public ActionCancelledException(String message) {
        super(message);
    }
}

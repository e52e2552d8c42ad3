package org.maestro.agent.handler;

/**
 * The work of one agent command, run on its own thread: a Groovy handler script of the agent source or a ready
 * action. Whatever it changes it registers an {@link Undo} for, so that it can be put back when it ends or is
 * cancelled.
 */
@FunctionalInterface
public interface Action {

    /**
     * Does the work.
     *
     * @return a short result for the notification, or null
     * @throws Exception when the action failed; the message goes to the client in NOTIFY_FAIL
     */
    Object run(ActionContext context) throws Exception;
}

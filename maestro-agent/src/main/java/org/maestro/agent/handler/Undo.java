package org.maestro.agent.handler;

/** Puts back something an action changed; registered with {@link ActionContext#onUndo}. */
@FunctionalInterface
public interface Undo {
    void run() throws Exception;
}

package org.maestro.agent.run;

import java.util.Locale;

/** How an action ended, as written in {@code agent-actions.csv}. */
public enum ActionOutcome {
    /** Still running (a flush while it runs). */
    RUNNING,
    /** Done without error, and its undos ran without error. */
    SUCCESS,
    /** It threw, or one of its undos did. */
    FAILED,
    /** It was asked to stop (STOP_AGENT, HALT) before it was done; its undos ran. */
    CANCELLED;

    /** The lower-case name used in files and notifications. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

package org.maestro.agent.run;

import java.nio.file.Path;
import java.util.Objects;
import org.maestro.agent.handler.ProgramOutput;

/**
 * One row of the action timeline: what ran, when (epoch ms) and how it ended.
 *
 * @param id              the action id
 * @param command         the command as the client sent it
 * @param start           epoch ms when the action started
 * @param end             epoch ms when it ended, -1 while it runs
 * @param outcome         how it ended
 * @param message         a one-line summary
 * @param resultDirectory the peer result directory the action belongs to (null when there was none)
 * @param program         how the handler's program ended, null for other actions and while it runs
 */
public record ActionRecord(
        String id,
        String command,
        long start,
        long end,
        ActionOutcome outcome,
        String message,
        Path resultDirectory,
        ProgramOutput program) {
    public ActionRecord {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(command, "command");
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(message, "message");
    }

    /** This record ended; {@code ran} is how the handler's program ended, or null. */
    public ActionRecord ended(long endMillis, ActionOutcome how, String summary, ProgramOutput ran) {
        return new ActionRecord(id, command, start, endMillis, how, summary, resultDirectory, ran);
    }

    /** This record ended, without a program of its own. */
    public ActionRecord ended(long endMillis, ActionOutcome how, String summary) {
        return ended(endMillis, how, summary, program);
    }
}

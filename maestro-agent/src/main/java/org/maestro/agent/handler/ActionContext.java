package org.maestro.agent.handler;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.maestro.common.options.TestOptions;
import org.slf4j.Logger;

/**
 * What an action sees of the agent while it runs: its command, the test options, a logger whose output becomes the
 * action's log, progress reports, cancellation, undo registration and a way to run programs without a shell.
 *
 * <p>Safe to use from the action's thread; {@link #cancelled()} may be read from any thread. A typical action:
 *
 * <pre>{@code
 * Object run(ActionContext context) throws Exception {
 *     context.execOrFail(List.of("systemctl", "stop", "qdrouterd"));
 *     context.onUndo("start qdrouterd", () -> context.execOrFail(List.of("systemctl", "start", "qdrouterd")));
 *     context.progress("qdrouterd stopped");
 *     context.pause(Duration.ofSeconds(60));   // throws ActionCancelledException on STOP_AGENT
 *     return "down for 60 s";                  // the undo starts it again when the action ends
 * }
 * }</pre>
 */
public interface ActionContext {

    /** The agent-wide id of this action, e.g. {@code 3}. */
    String actionId();

    /** The command as the client sent it, e.g. {@code shutdown 60}. */
    String command();

    /** The handler name: the first word of the command. */
    String name();

    /** The words after the handler name, quotes removed. */
    List<String> args();

    /** The test options set on the agent when the action started. */
    TestOptions options();

    /** A logger whose lines go into the action's log file and the output of its notification. */
    Logger log();

    /** Records a step of the action in its log and as its latest progress (sent with its notification). */
    void progress(String message);

    /** True once the action has been asked to stop (STOP_AGENT, HALT). */
    boolean cancelled();

    /** Throws {@link ActionCancelledException} when the action has been asked to stop. */
    void checkCancelled();

    /** Waits for the given time; throws {@link ActionCancelledException} as soon as the action is cancelled. */
    void pause(Duration duration);

    /**
     * Registers something to put back when the action ends, however it ends (done, failed or cancelled). Undos run
     * once, the last registered first.
     */
    void onUndo(String description, Undo undo);

    /** {@link #onUndo(String, Undo)} without a description. */
    default void onUndo(Undo undo) {
        onUndo("undo", undo);
    }

    /**
     * Registers something to put back when the agent is stopped (STOP_AGENT, HALT), for a change that outlives the
     * action, e.g. a process left stopped. A later registration with the same key replaces it.
     */
    void onAgentStop(String key, String description, Undo restore);

    /** Runs and removes the restoration registered under the key, if any; true when there was one. */
    boolean restore(String key) throws Exception;

    /** Removes the restoration registered under the key without running it; true when there was one. */
    boolean forget(String key);

    /** The directory of the agent source the handler came from; empty for ready actions. */
    Optional<Path> sourceDirectory();

    /**
     * Runs a program with the given argument list (no shell), its output going into the action's log, and waits for
     * it to end within the timeout. A cancelled action does not start programs and kills the one it runs, except
     * while undoing.
     */
    ExecResult exec(List<String> command, Duration timeout);

    /** {@link #exec(List, Duration)} with a timeout of 5 minutes. */
    default ExecResult exec(List<String> command) {
        return exec(command, Duration.ofMinutes(5));
    }

    /** Runs a program like {@link #exec(List)} and fails the action when it does not exit with 0. */
    default ExecResult execOrFail(List<String> command) {
        ExecResult result = exec(command);
        if (!result.ok()) {
            throw new ActionFailedException(result.describe());
        }
        return result;
    }

    /**
     * A file beside the action's log for one kind of its output, {@code agent-action-<id>.<kind>}; empty when the
     * action keeps its log in memory only.
     */
    Optional<Path> outputFile(String kind);

    /** Records how the handler's program ended, for {@code agent-actions.csv}. */
    void recordProgram(ProgramOutput output);

    /**
     * Runs a ready action of the agent as part of this action, e.g. {@code runReady("drop", List.of("10s", "--port",
     * "5672"))}: its undos join this action's.
     */
    Object runReady(String name, List<String> args) throws Exception;
}

package org.maestro.agent.handler;

import java.util.List;

/**
 * How a program run by {@link ActionContext#exec} ended.
 *
 * @param command  the argument list that was run
 * @param exitCode its exit code (-1 when it timed out or was cancelled)
 * @param output   its standard output and error, interleaved
 * @param timedOut true when it was killed because it ran past its deadline
 */
public record ExecResult(List<String> command, int exitCode, String output, boolean timedOut) {
    public ExecResult {
        command = List.copyOf(command);
    }

    /** True when the program exited with 0. */
    public boolean ok() {
        return exitCode == 0 && !timedOut;
    }

    /** One line saying how the program ended, with the last line of its output, for messages. */
    public String describe() {
        String program = String.join(" ", command);
        if (timedOut) {
            return program + " did not end in time and was killed";
        }
        String last = output.strip();
        int newline = last.lastIndexOf('\n');
        last = newline < 0 ? last : last.substring(newline + 1);
        return program + " exited with " + exitCode + (last.isEmpty() ? "" : ": " + last);
    }
}

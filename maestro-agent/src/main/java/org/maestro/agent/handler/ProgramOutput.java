package org.maestro.agent.handler;

import java.util.Objects;

/**
 * How a handler that is a program ended, as {@code agent-actions.csv} records it.
 *
 * @param exitCode its exit code (128 + the signal when it was killed, e.g. 143 after SIGTERM)
 * @param stdout   the end of its standard output (its last 512 bytes at most)
 * @param stderr   the end of its standard error
 */
public record ProgramOutput(int exitCode, String stdout, String stderr) {
    public ProgramOutput {
        Objects.requireNonNull(stdout, "stdout");
        Objects.requireNonNull(stderr, "stderr");
    }
}

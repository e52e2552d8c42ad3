package org.maestro.dist;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A {@link ShellStep} that runs each script as Jenkins' {@code sh} does: {@code /bin/sh -xe} in the workspace, with
 * exactly the step's environment. A script named as stood in for is answered 0 without running, with the reason kept
 * in its output. Keeps every run's output for the test to read.
 */
final class WorkspaceShell implements ShellStep {
    private final Path workspace;
    private final Map<String, String> standIns;
    private final Duration deadline;
    private final List<CommandRun.Result> runs = new ArrayList<>();

    /**
     * @param workspace the working directory of every script
     * @param standIns scripts not to run, each with the reason (e.g. what already did its work)
     * @param deadline the longest one script may take
     */
    WorkspaceShell(Path workspace, Map<String, String> standIns, Duration deadline) {
        this.workspace = workspace;
        this.standIns = Map.copyOf(standIns);
        this.deadline = deadline;
    }

    @Override
    public int run(String script, Map<String, String> environment) throws IOException, InterruptedException {
        CommandRun.Result result = standIns.containsKey(script)
                ? new CommandRun.Result(List.of(script), 0, "not run: " + standIns.get(script))
                : CommandRun.isolated(List.of("/bin/sh", "-xe", "-c", script), workspace, environment)
                        .run(deadline);
        runs.add(result);
        return result.exitCode();
    }

    /** Every script run so far with its status and output, in order. */
    List<CommandRun.Result> runs() {
        return List.copyOf(runs);
    }

    /** The one run whose script contains {@code text}; fails when there was none or more than one. */
    CommandRun.Result onlyRunContaining(String text) {
        List<CommandRun.Result> found = runs.stream()
                .filter(run -> String.join(" ", run.command()).contains(text))
                .toList();
        if (found.size() != 1) {
            throw new AssertionError("expected one script with '" + text + "', found " + found.size() + ": " + runs);
        }
        return found.get(0);
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        runs.forEach(run -> out.append(run).append('\n'));
        return out.toString();
    }
}

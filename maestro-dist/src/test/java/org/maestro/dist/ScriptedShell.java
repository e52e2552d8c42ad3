package org.maestro.dist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@link ShellStep} that runs nothing: it answers each {@code maestro-cli} subcommand with the exit status a test
 * chose (0 unless chosen, and for any other command), and keeps every script it was given, split into the words the
 * shell would have run with the step's environment.
 */
final class ScriptedShell implements ShellStep {
    private static final String MAESTRO_CLI = "maestro-cli";

    private final Map<String, Integer> statuses = new HashMap<>();
    private final List<Call> calls = new ArrayList<>();

    /** A script as the step gave it, its words, and the environment it had. */
    record Call(String script, List<String> words, Map<String, String> environment) {
        /** The arguments of the {@code maestro-cli} the script runs, subcommand first; empty when it runs none. */
        Optional<List<String>> maestroCli() {
            for (int i = 0; i < words.size(); i++) {
                if (Path.of(words.get(i)).getFileName().toString().equals(MAESTRO_CLI)) {
                    return Optional.of(words.subList(i + 1, words.size()));
                }
            }
            return Optional.empty();
        }

        /** The maestro-cli subcommand (or its first option, {@code --version}); empty when it runs no maestro-cli. */
        Optional<String> subcommand() {
            return maestroCli().filter(arguments -> !arguments.isEmpty()).map(arguments -> arguments.get(0));
        }
    }

    /** Answers {@code maestro-cli <subcommand> …} with this exit status from now on. */
    ScriptedShell answering(String subcommand, int status) {
        statuses.put(subcommand, status);
        return this;
    }

    @Override
    public int run(String script, Map<String, String> environment) {
        Call call = new Call(script, ShellWords.split(script, environment), environment);
        calls.add(call);
        return call.subcommand()
                .map(subcommand -> statuses.getOrDefault(subcommand, 0))
                .orElse(0);
    }

    /** Every script run so far, in order. */
    List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The maestro-cli subcommands run so far, in order. */
    List<String> subcommands() {
        return calls.stream().flatMap(call -> call.subcommand().stream()).toList();
    }

    /** The one run of {@code maestro-cli <subcommand>}; fails when there was none or more than one. */
    Call onlyRunOf(String subcommand) {
        List<Call> runs = calls.stream()
                .filter(call -> call.subcommand().equals(Optional.of(subcommand)))
                .toList();
        if (runs.size() != 1) {
            throw new AssertionError(
                    "expected one maestro-cli " + subcommand + ", found " + runs.size() + ": " + calls);
        }
        return runs.get(0);
    }
}

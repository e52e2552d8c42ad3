package org.maestro.dist;

import java.util.List;
import org.maestro.cli.MaestroCli;
import picocli.CommandLine;

/**
 * What the real {@code maestro-cli} accepts, for checks of the files that call it (compose, Kubernetes, Jenkins,
 * README): arguments are parsed by the same command line the program runs, without running anything.
 */
final class CliModel {
    private CliModel() {}

    /**
     * Parses {@code maestro-cli} arguments (starting with the subcommand); fails with picocli's message when an
     * option or subcommand does not exist or a required one is missing.
     */
    static void parse(List<String> arguments, String where) {
        try {
            MaestroCli.commandLine().parseArgs(arguments.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new AssertionError(
                    where + ": maestro-cli " + String.join(" ", arguments) + " is refused: " + e.getMessage(), e);
        }
    }

    /** True when the subcommand exists and has the option (e.g. {@code "run"}, {@code "--results"}). */
    static boolean hasOption(String subcommand, String option) {
        CommandLine sub = MaestroCli.commandLine().getSubcommands().get(subcommand);
        return sub != null && sub.getCommandSpec().findOption(option) != null;
    }

    /** True when maestro-cli has the subcommand. */
    static boolean hasSubcommand(String subcommand) {
        return MaestroCli.commandLine().getSubcommands().containsKey(subcommand);
    }
}

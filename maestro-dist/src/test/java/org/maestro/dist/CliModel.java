package org.maestro.dist;

import java.util.List;
import java.util.Optional;
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

    /** The value an option of the subcommand was given in these arguments (subcommand first), or empty. */
    static Optional<String> optionValue(List<String> arguments, String option) {
        CommandLine.ParseResult subcommand = subcommandOf(arguments);
        CommandLine.Model.OptionSpec matched = subcommand.matchedOption(option);
        return matched == null
                ? Optional.empty()
                : Optional.of(matched.stringValues().get(0));
    }

    /** The positional parameter {@code index} of the subcommand in these arguments (subcommand first). */
    static String positional(List<String> arguments, int index) {
        CommandLine.Model.PositionalParamSpec matched = subcommandOf(arguments).matchedPositional(index);
        if (matched == null) {
            throw new AssertionError("maestro-cli " + String.join(" ", arguments) + " has no parameter " + index);
        }
        return matched.stringValues().get(0);
    }

    private static CommandLine.ParseResult subcommandOf(List<String> arguments) {
        CommandLine.ParseResult parsed = MaestroCli.commandLine().parseArgs(arguments.toArray(String[]::new));
        if (!parsed.hasSubcommand()) {
            throw new AssertionError("maestro-cli " + String.join(" ", arguments) + " names no subcommand");
        }
        return parsed.subcommand();
    }
}

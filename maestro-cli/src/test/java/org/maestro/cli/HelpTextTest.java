package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The help of every command reads as wrapped paragraphs, and every command answers -V and knows -x. */
class HelpTextTest {

    private static void collect(String path, CommandLine command, Map<String, CommandLine> into) {
        into.put(path, command);
        command.getSubcommands().forEach((name, sub) -> {
            if (!name.equals("help")) {
                collect(path + " " + name, sub, into);
            }
        });
    }

    private static Map<String, CommandLine> commands() {
        Map<String, CommandLine> all = new java.util.TreeMap<>();
        collect("maestro-cli", MaestroCli.commandLine(), all);
        return all;
    }

    /**
     * Elements of a description array print on lines of their own: each must be a whole paragraph, or an indented
     * example line.
     */
    private static void checkParagraphs(String where, String[] description, List<String> broken) {
        for (int i = 0; i + 1 < description.length; i++) {
            String line = description[i].strip();
            if (!line.isEmpty() && !description[i].startsWith("  ") && !line.matches(".*[.:!?]$")) {
                broken.add(where + ": \"" + line + "⏎" + description[i + 1].strip() + "\"");
            }
        }
    }

    @Test
    void descriptionsAreParagraphsThatWrapToTheTerminalNotLinesBrokenInTheSource() {
        List<String> broken = new ArrayList<>();
        commands().forEach((path, command) -> {
            checkParagraphs(path, command.getCommandSpec().usageMessage().description(), broken);
            command.getCommandSpec()
                    .options()
                    .forEach(
                            option -> checkParagraphs(path + " " + option.longestName(), option.description(), broken));
            command.getCommandSpec()
                    .positionalParameters()
                    .forEach(parameter ->
                            checkParagraphs(path + " " + parameter.paramLabel(), parameter.description(), broken));
        });
        assertEquals(List.of(), broken);
    }

    @Test
    void percentilesAreNeverSplitAcrossLinesAtTheDefaultWidth() {
        commands().forEach((path, command) -> {
            command.setUsageHelpWidth(80);
            String usage = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
            assertTrue(!usage.matches("(?s).*p99\\.\\s*\\R\\s*9.*"), path + " splits p99.9:\n" + usage);
        });
    }

    @Test
    void versionOfASubcommandNamesMaestro() {
        for (String command : List.of("agent-init", "ping", "status", "run", "report")) {
            CliRun run = CliRun.of(command, "-V");
            assertEquals(0, run.exitCode(), run.err());
            assertTrue(run.out().startsWith("maestro-cli "), command + " -V printed: " + run.out());
        }
    }

    @Test
    void everyCommandPrintsItsVersionAndTakesStacktrace() {
        commands().forEach((path, command) -> {
            if (command.getCommandSpec().subcommands().isEmpty() || path.equals("maestro-cli")) {
                assertTrue(command.getCommandSpec().optionsMap().containsKey("-V"), path + " has no -V");
            }
            if (!path.equals("maestro-cli")
                    && command.getCommandSpec().subcommands().isEmpty()) {
                assertTrue(command.getCommandSpec().optionsMap().containsKey("-x"), path + " has no -x/--stacktrace");
                assertTrue(command.getCommandSpec().optionsMap().containsKey("--verbose"), path + " has no --verbose");
            }
        });
    }
}

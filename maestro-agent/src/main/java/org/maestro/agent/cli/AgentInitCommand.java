package org.maestro.agent.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.maestro.agent.source.ExtensionSource;
import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * The {@code agent-init <dir>} subcommand: writes a skeleton agent source (a {@code handlers/} directory with two
 * example Groovy handlers and a shell one, a {@code lib/} class and a README) into a new or empty directory.
 */
@Command(
        name = "agent-init",
        header = "Write a skeleton agent source (extension-point repository).",
        description = {
            "Writes handlers/hello.groovy, handlers/service-down.groovy, handlers/disk-usage (executable),"
                    + " lib/Service.groovy and a README"
                    + " into <dir>, which must not exist or be empty. Put it in git and allow it on the agents with"
                    + " --allow-source."
        },
        sortOptions = false,
        mixinStandardHelpOptions = true)
public final class AgentInitCommand extends MaestroCommand {
    /** The files of the skeleton, relative to the directory. */
    static final List<String> FILES = List.of(
            "README.md",
            "handlers/hello.groovy",
            "handlers/service-down.groovy",
            "handlers/disk-usage",
            "lib/Service.groovy");

    private static final String RESOURCES = "/org/maestro/agent/cli/skeleton/";

    @Parameters(index = "0", paramLabel = "<dir>", description = "The directory to write (new or empty).")
    Path directory;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        String problem = problemWith(directory);
        if (problem != null) {
            throw CommandException.usage(problem);
        }
        try {
            for (String file : FILES) {
                Path target = directory.resolve(file);
                Files.createDirectories(target.getParent());
                try (InputStream content = AgentInitCommand.class.getResourceAsStream(RESOURCES + file)) {
                    if (content == null) {
                        throw new IOException("the skeleton file " + file + " is missing from this build");
                    }
                    Files.copy(content, target);
                }
                if (file.startsWith(ExtensionSource.HANDLERS + "/")
                        && !ExtensionSource.isScript(target)
                        && !target.toFile().setExecutable(true, false)) {
                    throw new IOException("cannot make " + target + " executable");
                }
            }
        } catch (FileAlreadyExistsException e) {
            throw new CommandException(
                    ExitCode.USAGE, e.getFile() + " appeared while writing; choose a new directory", e);
        } catch (IOException e) {
            throw new CommandException(
                    ExitCode.USAGE,
                    "cannot write " + directory + ": " + e.getMessage()
                            + "; check that its parent directory is writable",
                    e);
        }
        out.println("Wrote an agent source to " + directory.toAbsolutePath() + ": " + String.join(", ", FILES));
        out.println("Next: put it in git, start the agents with --allow-source <its URL or directory>, and try the"
                + " command 'hello'.");
        return ExitCode.OK.code();
    }

    private static String problemWith(Path directory) {
        if (!Files.exists(directory)) {
            return null;
        }
        if (!Files.isDirectory(directory)) {
            return directory + " is a file, not a directory: give a new directory";
        }
        try (Stream<Path> entries = Files.list(directory)) {
            if (entries.findAny().isPresent()) {
                return directory + " is not empty: give a new or empty directory, so nothing is overwritten";
            }
        } catch (IOException e) {
            return "cannot read " + directory + ": " + e.getMessage();
        }
        return null;
    }
}

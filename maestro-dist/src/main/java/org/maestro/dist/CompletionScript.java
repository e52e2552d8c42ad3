package org.maestro.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.maestro.cli.MaestroCli;
import picocli.AutoComplete;

/**
 * Writes the bash/zsh completion script of {@code maestro-cli} with picocli's {@link AutoComplete}, from the same
 * command line the program runs (every subcommand, including those registered at run time).
 *
 * <pre>{@code
 * java -cp … org.maestro.dist.CompletionScript target/maestro/bin/maestro-cli_completion
 * . target/maestro/bin/maestro-cli_completion     # then: maestro-cli <TAB>
 * }</pre>
 */
public final class CompletionScript {
    /** The command name the script completes. */
    public static final String COMMAND = "maestro-cli";

    private CompletionScript() {}

    /** The completion script's text. */
    public static String text() {
        return AutoComplete.bash(COMMAND, MaestroCli.commandLine());
    }

    /** Writes the completion script to a file, creating its directory. */
    public static void write(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text(), StandardCharsets.UTF_8);
    }

    /** Usage: {@code CompletionScript <output-file>}. */
    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            System.err.println("usage: CompletionScript <output-file>");
            System.exit(2);
        }
        write(Path.of(args[0]));
    }
}

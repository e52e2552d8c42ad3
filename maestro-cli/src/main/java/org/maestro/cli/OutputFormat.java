package org.maestro.cli;

import picocli.CommandLine.Option;

/** The {@code --format text|json} option of the commands that list things: a table for people, JSON for scripts. */
public final class OutputFormat {

    /** How a listing is printed. */
    public enum Kind {
        text,
        json
    }

    @Option(
            names = "--format",
            defaultValue = "text",
            paramLabel = "text|json",
            description =
                    "Output format: a table (text) or a JSON array, one object per peer (default: ${DEFAULT-VALUE}).")
    Kind format = Kind.text;

    /** True when JSON was asked for. */
    public boolean json() {
        return format == Kind.json;
    }
}

package org.maestro.common.cli;

import picocli.CommandLine.Option;

/** The options every command takes for more detail on errors: {@code -x/--stacktrace} and {@code --verbose}. */
public final class DiagnosticOptions {
    /** The long name the error handler looks for. */
    static final String STACKTRACE = "--stacktrace";
    /** The long name that turns on debug logging. */
    static final String VERBOSE = "--verbose";

    @Option(
            names = {"-x", STACKTRACE},
            description = "Print the stack trace of an error.")
    boolean stacktrace;

    @Option(names = VERBOSE, description = "Log what Maestro does in detail (debug level).")
    boolean verbose;
}

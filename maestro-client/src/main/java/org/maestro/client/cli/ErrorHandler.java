package org.maestro.client.cli;

import org.maestro.common.cli.ExitCodes;
import org.maestro.common.options.InvalidOptionException;
import org.maestro.common.transport.TransportException;
import picocli.CommandLine;

/** Maps exceptions to exit codes in one place and prints one actionable line (a stack trace only with --stacktrace). */
final class ErrorHandler implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        boolean stacktrace = parseResult.originalArgs().contains("--stacktrace")
                || parseResult.originalArgs().contains("-x");
        commandLine.getErr().println("maestro-cli: " + messageOf(e));
        if (stacktrace) {
            e.printStackTrace(commandLine.getErr());
        } else if (!(e instanceof UserError) && !(e instanceof org.maestro.client.api.MaestroException)) {
            commandLine.getErr().println("(run again with --stacktrace for details)");
        }
        commandLine.getErr().flush();
        return exitCodeOf(e);
    }

    static int onParameterError(CommandLine.ParameterException e, String[] args) {
        CommandLine commandLine = e.getCommandLine();
        commandLine.getErr().println("maestro-cli: " + e.getMessage());
        if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, commandLine.getErr())) {
            commandLine.getErr().println("Try '" + commandLine.getCommandSpec().qualifiedName() + " --help'.");
        }
        return ExitCodes.USAGE;
    }

    static int exitCodeOf(Throwable e) {
        if (e instanceof UserError error) {
            return error.exitCode();
        } else if (e instanceof org.maestro.client.api.MaestroException error) {
            return error.exitCode();
        } else if (e instanceof TransportException) {
            return ExitCodes.INFRASTRUCTURE;
        } else if (e instanceof InvalidOptionException || e instanceof IllegalArgumentException) {
            return ExitCodes.USAGE;
        } else if (e instanceof java.io.IOException || e instanceof java.io.UncheckedIOException) {
            return ExitCodes.INFRASTRUCTURE;
        }
        return ExitCodes.INFRASTRUCTURE;
    }

    private static String messageOf(Throwable e) {
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }
}

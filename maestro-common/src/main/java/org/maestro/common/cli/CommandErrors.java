package org.maestro.common.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import org.maestro.common.transport.TransportException;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The one place a command turns an exception into an exit code and one line for the user: a
 * {@link CommandException} carries its code, I/O and control-broker failures are {@link ExitCode#INFRASTRUCTURE},
 * bad arguments {@link ExitCode#USAGE}. A stack trace is printed only with {@code -x/--stacktrace}
 * ({@link DiagnosticOptions}).
 */
public final class CommandErrors
        implements CommandLine.IExecutionExceptionHandler,
                CommandLine.IParameterExceptionHandler,
                CommandLine.IExitCodeExceptionMapper {

    /** Installs the handlers, the exit-code mapping and {@code --verbose} on a command line and its subcommands. */
    public static CommandLine install(CommandLine commandLine) {
        CommandErrors errors = new CommandErrors();
        commandLine.setExecutionExceptionHandler(errors);
        commandLine.setParameterExceptionHandler(errors);
        commandLine.setExitCodeExceptionMapper(errors);
        commandLine.setExecutionStrategy(parseResult -> {
            if (matched(parseResult, DiagnosticOptions.VERBOSE)) {
                VerboseLogging.enable();
            }
            return new CommandLine.RunLast().execute(parseResult);
        });
        return commandLine;
    }

    @Override
    public int handleExecutionException(Exception e, CommandLine commandLine, ParseResult parseResult) {
        PrintWriter err = commandLine.getErr();
        err.println(commandLine.getCommandSpec().qualifiedName() + ": " + messageOf(e));
        if (matched(parseResult, DiagnosticOptions.STACKTRACE)) {
            e.printStackTrace(err);
        } else if (!expected(e)) {
            err.println("(run again with --stacktrace for details)");
        }
        err.flush();
        commandLine.getOut().flush();
        return exitCode(e).code();
    }

    @Override
    public int handleParseException(CommandLine.ParameterException e, String[] args) {
        CommandLine commandLine = e.getCommandLine();
        PrintWriter err = commandLine.getErr();
        err.println(commandLine.getCommandSpec().qualifiedName() + ": " + e.getMessage());
        if (!CommandLine.UnmatchedArgumentException.printSuggestions(e, err)) {
            err.println("Try '" + commandLine.getCommandSpec().qualifiedName() + " --help'.");
        }
        err.flush();
        return ExitCode.USAGE.code();
    }

    @Override
    public int getExitCode(Throwable exception) {
        return exitCode(exception).code();
    }

    /** The exit code an exception maps to. */
    public static ExitCode exitCode(Throwable e) {
        if (e instanceof CommandException failure) {
            return failure.exitCode();
        } else if (e instanceof IllegalArgumentException) {
            return ExitCode.USAGE;
        }
        return ExitCode.INFRASTRUCTURE;
    }

    /** Failures whose message says it all; any other gets a hint to ask for the stack trace. */
    private static boolean expected(Throwable e) {
        return e instanceof CommandException
                || e instanceof IllegalArgumentException
                || e instanceof IOException
                || e instanceof UncheckedIOException
                || e instanceof TransportException
                || e instanceof InterruptedException;
    }

    private static String messageOf(Throwable e) {
        if (e instanceof InterruptedException) {
            Thread.currentThread().interrupt();
            return "interrupted";
        }
        return e.getMessage() != null ? e.getMessage() : e.toString();
    }

    /** Whether an option was given to the command or any command above it. */
    private static boolean matched(ParseResult parseResult, String option) {
        for (ParseResult result = parseResult;
                result != null;
                result = result.hasSubcommand() ? result.subcommand() : null) {
            if (result.hasMatchedOption(option)) {
                return true;
            }
        }
        return false;
    }
}

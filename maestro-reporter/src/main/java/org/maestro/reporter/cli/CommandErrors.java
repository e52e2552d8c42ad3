package org.maestro.reporter.cli;

import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.concurrent.Callable;
import org.maestro.common.cli.ExitCodes;
import org.maestro.reporter.ReportException;

/**
 * Maps the exceptions of the reporter commands to exit codes and one-line messages, in one
 * place: bad input → {@link ExitCodes#USAGE}, I/O → {@link ExitCodes#INFRASTRUCTURE}. The stack trace
 * is printed only when asked for ({@code --stacktrace}).
 */
final class CommandErrors {

    private CommandErrors() {
    }

    static int run(String command, PrintWriter err, boolean stacktrace, Callable<Integer> body) {
        try {
            return body.call();
        } catch (ReportException | IllegalArgumentException e) {
            report(command, err, stacktrace, e, e.getMessage());
            return ExitCodes.USAGE;
        } catch (UncheckedIOException e) {
            report(command, err, stacktrace, e, e.getMessage());
            return ExitCodes.INFRASTRUCTURE;
        } catch (Exception e) {
            report(command, err, stacktrace, e, "unexpected error: " + e
                    + (stacktrace ? "" : " (run again with --stacktrace for details)"));
            return ExitCodes.INFRASTRUCTURE;
        }
    }

    private static void report(String command, PrintWriter err, boolean stacktrace, Exception e, String message) {
        err.println("maestro " + command + ": " + message);
        if (stacktrace) {
            e.printStackTrace(err);
        }
        err.flush();
    }
}

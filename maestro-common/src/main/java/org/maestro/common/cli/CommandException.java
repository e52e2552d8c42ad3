package org.maestro.common.cli;

/**
 * A failure the user can act on, with the exit code it maps to: the command line prints its message in one line,
 * without a stack trace unless asked for with {@code --stacktrace}.
 */
public class CommandException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final ExitCode exitCode;

    public CommandException(ExitCode exitCode, String message) {
        super(message);
        this.exitCode = exitCode;
    }

    public CommandException(ExitCode exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /** A wrong command line, parameter, script or input file. */
    public static CommandException usage(String message) {
        return new CommandException(ExitCode.USAGE, message);
    }

    /** The control broker, the peers, a process or the disk failed. */
    public static CommandException infrastructure(String message) {
        return new CommandException(ExitCode.INFRASTRUCTURE, message);
    }

    /** The exit code the command line ends with. */
    public ExitCode exitCode() {
        return exitCode;
    }
}

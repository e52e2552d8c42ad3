package org.maestro.agent.actions;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import org.maestro.agent.run.ParsedCommand;

/**
 * A process the ready actions {@code stop}, {@code start} and {@code restart} act on, named in the agent's
 * configuration: either a command line the agent starts and supervises, or a process found through its pid file
 * (frozen and thawed with SIGSTOP/SIGCONT, or, given a start command, stopped and started again).
 *
 * @param name         the name commands use, e.g. {@code router}
 * @param command      the command line the agent runs, or empty for a pid-file process
 * @param pidFile      the pid file, or null for a supervised process
 * @param startCommand for a pid-file process, what starts it again (e.g. {@code systemctl start qdrouterd}); empty
 *                     to freeze and thaw it instead
 */
public record ProcessSpec(String name, List<String> command, Path pidFile, List<String> startCommand) {
    public ProcessSpec {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[A-Za-z0-9_.-]+")) {
            throw new IllegalArgumentException(
                    "process name '" + name + "' may only have letters, digits, '_', '.'" + " and '-'");
        }
        command = List.copyOf(command);
        startCommand = List.copyOf(startCommand);
        if (command.isEmpty() == (pidFile == null)) {
            throw new IllegalArgumentException("process " + name + " needs either a command line or a pid file");
        }
        if (pidFile == null && !startCommand.isEmpty()) {
            throw new IllegalArgumentException("process " + name + ": a start command goes with a pid file only");
        }
    }

    /** A process the agent starts from a command line and supervises. */
    public static ProcessSpec command(String name, List<String> command) {
        return new ProcessSpec(name, command, null, List.of());
    }

    /** A process found through its pid file, frozen (SIGSTOP) and thawed (SIGCONT). */
    public static ProcessSpec pidFile(String name, Path pidFile) {
        return new ProcessSpec(name, List.of(), pidFile, List.of());
    }

    /** A process found through its pid file, stopped (SIGTERM) and started again with a command. */
    public static ProcessSpec pidFile(String name, Path pidFile, List<String> startCommand) {
        return new ProcessSpec(name, List.of(), pidFile, startCommand);
    }

    /**
     * Reads the command-line form: {@code name=program arg…} for a supervised process,
     * {@code name=pidfile:/run/x.pid} for a frozen one, {@code name=pidfile:/run/x.pid program arg…} for one
     * started again by a command. Words are split as in agent commands (quotes respected, no shell).
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static ProcessSpec parse(String text) {
        int equals = text.indexOf('=');
        if (equals <= 0 || equals == text.length() - 1) {
            throw new IllegalArgumentException("'" + text + "' is not a process: give name=command line,"
                    + " name=pidfile:/path/to.pid or name=pidfile:/path/to.pid start command");
        }
        String name = text.substring(0, equals).trim();
        ParsedCommand words = ParsedCommand.parse(text.substring(equals + 1));
        if (words.name().startsWith("pidfile:")) {
            return new ProcessSpec(name, List.of(), Path.of(words.name().substring("pidfile:".length())), words.args());
        }
        return command(
                name,
                words.args().isEmpty()
                        ? List.of(words.name())
                        : java.util.stream.Stream.concat(
                                        java.util.stream.Stream.of(words.name()), words.args().stream())
                                .toList());
    }

    /** The command line or pid file, for messages. */
    public String describe() {
        return pidFile == null ? String.join(" ", command) : "pid file " + pidFile;
    }
}

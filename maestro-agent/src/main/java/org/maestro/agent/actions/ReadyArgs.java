package org.maestro.agent.actions;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maestro.agent.run.ActionRunner;
import org.maestro.common.options.Durations;
import org.maestro.common.peer.ErrorCodes;
import org.maestro.common.peer.RoleException;

/** The arguments of a ready action: positional words, {@code --name value} options and {@code --flag} flags. */
final class ReadyArgs {
    private final String usage;
    private final Duration maxDuration;
    private final List<String> positional = new ArrayList<>();
    private final Map<String, String> options = new LinkedHashMap<>();

    private ReadyArgs(String usage, Duration maxDuration) {
        this.usage = usage;
        this.maxDuration = maxDuration;
    }

    /**
     * Splits the arguments.
     *
     * @param valued the options taking a value ({@code --dev lo} or {@code --dev=lo})
     * @param flags  the options taking none
     * @param maxDuration the longest duration {@link #duration} accepts (the agent's maximum action duration)
     */
    static ReadyArgs parse(String usage, List<String> args, Set<String> valued, Set<String> flags, Duration maxDuration)
            throws RoleException {
        ReadyArgs parsed = new ReadyArgs(usage, maxDuration);
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                parsed.positional.add(arg);
                continue;
            }
            String name = arg.substring(2);
            String value = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (flags.contains(name) && value == null) {
                parsed.options.put(name, "true");
            } else if (valued.contains(name)) {
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw parsed.wrong("--" + name + " needs a value");
                    }
                    value = args.get(++i);
                }
                parsed.options.put(name, value);
            } else {
                throw parsed.wrong("unknown option --" + name);
            }
        }
        return parsed;
    }

    List<String> positional() {
        return positional;
    }

    Optional<String> option(String name) {
        return Optional.ofNullable(options.get(name));
    }

    boolean flag(String name) {
        return options.containsKey(name);
    }

    RoleException wrong(String what) {
        return new RoleException(ErrorCodes.INVALID_OPTION, what + "; usage: " + usage);
    }

    /** A duration: a bare number is seconds, else 500ms, 30s, 2m…; at most the agent's maximum action duration. */
    Duration duration(String text, String what) throws RoleException {
        Duration duration;
        if (text.matches("\\d{1,12}")) {
            duration = Duration.ofSeconds(Long.parseLong(text));
        } else if (Durations.isDuration(text)) {
            duration = Durations.parse(text);
        } else {
            throw wrong(what + " '" + text + "' is not a number of seconds or " + Durations.FORMS);
        }
        if (duration.compareTo(maxDuration) > 0) {
            throw new RoleException(
                    ErrorCodes.INVALID_OPTION,
                    what + " '" + text + "' is refused: it is longer than this agent's maximum action duration of "
                            + maxDuration.toSeconds() + " s (" + ActionRunner.Limits.MAX_DURATION_OPTION
                            + " of the agent); ask for less, or start the agent with a larger "
                            + ActionRunner.Limits.MAX_DURATION_OPTION);
        }
        return duration;
    }

    /** True for a word {@link #duration} accepts. */
    static boolean isDuration(String text) {
        return text.matches("\\d+") || Durations.isDuration(text);
    }

    /** The TCP/UDP port of the {@code --port} option, or null when it is not given. */
    Integer portOption() throws RoleException {
        Optional<String> port = option("port");
        return port.isPresent() ? port(port.get()) : null;
    }

    /** A TCP/UDP port. */
    int port(String text) throws RoleException {
        try {
            int port = Integer.parseInt(text);
            if (port >= 1 && port <= 65535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw wrong("port '" + text + "' is not a number from 1 to 65535");
    }
}

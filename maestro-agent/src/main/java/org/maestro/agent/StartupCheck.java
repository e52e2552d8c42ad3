package org.maestro.agent;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.agent.actions.ProcessSpec;
import org.maestro.agent.actions.Tools;

/**
 * Looks at what an agent's configuration names on this host when the agent starts, and says what is not
 * there: an allowed source directory, a process's pid file or program, a configured tool. These are
 * warnings, not errors: a pid file appears when its process starts, a directory may be mounted later;
 * but a typo should be seen at start-up, not when an action fails mid-test.
 *
 * <pre>{@code
 * StartupCheck.warnings(config).forEach(w -> System.err.println("WARNING: " + w));
 * }</pre>
 */
public final class StartupCheck {

    private StartupCheck() {}

    /** One line per thing the configuration names that is missing here; empty when all is present. */
    public static List<String> warnings(AgentConfig config) {
        return warnings(config, new Tools(config.tools()));
    }

    static List<String> warnings(AgentConfig config, Tools tools) {
        List<String> warnings = new ArrayList<>();
        for (Path directory : config.allowedDirectories()) {
            if (!Files.exists(directory)) {
                warnings.add("the allowed source directory " + directory + " does not exist: actions from it fail "
                        + "until it does; create it or correct " + AgentConfig.ALLOW_SOURCE_OPTION);
            } else if (!Files.isDirectory(directory)) {
                warnings.add("the allowed source " + directory + " is a file, not a directory: give "
                        + AgentConfig.ALLOW_SOURCE_OPTION + " the directory that holds the action sources");
            }
        }
        for (ProcessSpec process : config.processes()) {
            if (process.pidFile() != null) {
                if (!Files.isRegularFile(process.pidFile())) {
                    warnings.add("process " + process.name() + ": the pid file " + process.pidFile()
                            + " does not exist: stop, start and restart of " + process.name() + " fail until the "
                            + "process writes it; check the path in --process (e.g. Artemis writes "
                            + "<instance>/data/artemis.pid)");
                }
                if (!process.startCommand().isEmpty()) {
                    missingProgram(process.startCommand().get(0), process, "its start command", tools)
                            .ifPresent(warnings::add);
                }
            } else {
                missingProgram(process.command().get(0), process, "its command", tools)
                        .ifPresent(warnings::add);
            }
        }
        for (Map.Entry<String, Path> tool : config.tools().entrySet()) {
            if (tools.find(tool.getKey()).isEmpty()) {
                warnings.add("the tool " + tool.getKey() + " at " + tool.getValue() + " does not exist or is not "
                        + "executable: actions needing it fail; correct --tool " + tool.getKey() + "=PATH");
            }
        }
        return warnings;
    }

    private static Optional<String> missingProgram(String program, ProcessSpec process, String what, Tools tools) {
        boolean found = program.contains("/")
                ? Files.isExecutable(Path.of(program)) && Files.isRegularFile(Path.of(program))
                : tools.find(program).isPresent();
        if (found) {
            return Optional.empty();
        }
        return Optional.of("process " + process.name() + ": the program " + program + " of " + what
                + (program.contains("/") ? " does not exist or is not executable" : " is not on the PATH")
                + ": " + process.name() + " cannot be started; install it or give its full path in --process");
    }
}

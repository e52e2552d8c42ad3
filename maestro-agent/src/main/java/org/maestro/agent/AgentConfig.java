package org.maestro.agent;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.maestro.agent.actions.ProcessSpec;
import org.maestro.agent.run.ActionRunner;

/**
 * An agent's own configuration, fixed when it starts: which extension-point sources it may run, where it keeps
 * clones and process logs, the processes its ready actions act on, and where its tools are.
 *
 * <pre>{@code
 * AgentConfig config = AgentConfig.builder(Path.of("/var/lib/maestro-agent"))
 *         .allowGit("https://github.com/acme/agent-actions")
 *         .allowDirectory(Path.of("/opt/maestro/handlers"))
 *         .process(ProcessSpec.command("router", List.of("qdrouterd", "-c", "/etc/qdrouterd.conf")))
 *         .build();
 * }</pre>
 *
 * @param allowedGitPrefixes git URLs allowed as sources are those starting with one of these (end a prefix with
 *                           {@code /} to allow a whole host path, and nothing more)
 * @param allowedDirectories directories allowed as sources are these and those below them
 * @param workDirectory      where clones and the output of supervised processes go
 * @param processes          the processes the ready actions stop, start and restart, by name
 * @param tools              paths of the programs ready actions run ({@code tc}, {@code iptables}, {@code ip},
 *                           {@code kill}) when they are not to be looked up on the PATH
 * @param fetchTimeout       how long a git clone may take
 * @param stopGrace          how long STOP_AGENT waits for cancelled actions to end before it undoes their changes
 *                           itself
 * @param maxOutputChars     how much of an action's output its notification carries (the tail; the log has all)
 * @param maxRunningActions  how many actions may run at once
 * @param maxActionDuration  how long one action may last: a ready action asking for more is refused, and any action
 *                           still running after it is cancelled (its undos run)
 */
public record AgentConfig(
        List<String> allowedGitPrefixes,
        List<Path> allowedDirectories,
        Path workDirectory,
        List<ProcessSpec> processes,
        Map<String, Path> tools,
        Duration fetchTimeout,
        Duration stopGrace,
        int maxOutputChars,
        int maxRunningActions,
        Duration maxActionDuration) {

    /** The command-line option that adds an allowed source, named in refusal messages. */
    public static final String ALLOW_SOURCE_OPTION = "--allow-source";
    /** How long an action may last unless configured otherwise. */
    public static final Duration DEFAULT_MAX_ACTION_DURATION = Duration.ofHours(1);

    public AgentConfig {
        allowedGitPrefixes = List.copyOf(allowedGitPrefixes);
        allowedDirectories = allowedDirectories.stream()
                .map(p -> p.toAbsolutePath().normalize())
                .toList();
        Objects.requireNonNull(workDirectory, "workDirectory");
        processes = List.copyOf(processes);
        tools = Map.copyOf(tools);
        Objects.requireNonNull(fetchTimeout, "fetchTimeout");
        Objects.requireNonNull(stopGrace, "stopGrace");
        if (maxOutputChars < 100) {
            throw new IllegalArgumentException("maxOutputChars must be at least 100, not " + maxOutputChars);
        }
        Objects.requireNonNull(maxActionDuration, "maxActionDuration");
        if (maxActionDuration.isNegative() || maxActionDuration.isZero()) {
            throw new IllegalArgumentException(ActionRunner.Limits.MAX_DURATION_OPTION + " must be longer than 0, not "
                    + maxActionDuration.toMillis() + " ms");
        }
        if (maxRunningActions < 1) {
            throw new IllegalArgumentException("maxRunningActions must be at least 1, not " + maxRunningActions);
        }
        List<String> names = new ArrayList<>();
        for (ProcessSpec process : processes) {
            if (names.contains(process.name())) {
                throw new IllegalArgumentException(
                        "two processes are named " + process.name() + ": give each process of the agent its own name");
            }
            names.add(process.name());
        }
        for (String prefix : allowedGitPrefixes) {
            if (prefix.isBlank()) {
                throw new IllegalArgumentException("an empty git URL prefix would allow every repository;"
                        + " give the URL of the repository or of its owner ending in /");
            }
        }
    }

    /** A builder with the defaults: nothing allowed, no processes, tools from the PATH. */
    public static Builder builder(Path workDirectory) {
        return new Builder(workDirectory);
    }

    /** Builds an {@link AgentConfig}; not thread-safe. */
    public static final class Builder {
        private final Path workDirectory;
        private final List<String> gitPrefixes = new ArrayList<>();
        private final List<Path> directories = new ArrayList<>();
        private final List<ProcessSpec> processes = new ArrayList<>();
        private final Map<String, Path> tools = new LinkedHashMap<>();
        private Duration fetchTimeout = Duration.ofSeconds(30);
        private Duration stopGrace = Duration.ofSeconds(5);
        private int maxOutputChars = 4000;
        private int maxRunningActions = 16;
        private Duration maxActionDuration = DEFAULT_MAX_ACTION_DURATION;

        private Builder(Path workDirectory) {
            this.workDirectory = Objects.requireNonNull(workDirectory, "workDirectory");
        }

        /** Allows git sources whose URL starts with the prefix. */
        public Builder allowGit(String urlPrefix) {
            gitPrefixes.add(urlPrefix);
            return this;
        }

        /** Allows a directory (and those below it) as source. */
        public Builder allowDirectory(Path directory) {
            directories.add(directory);
            return this;
        }

        /** Adds a process the ready actions act on. */
        public Builder process(ProcessSpec process) {
            processes.add(process);
            return this;
        }

        /** Uses this program for a tool instead of looking it up on the PATH. */
        public Builder tool(String name, Path program) {
            tools.put(name, program);
            return this;
        }

        public Builder fetchTimeout(Duration timeout) {
            this.fetchTimeout = timeout;
            return this;
        }

        public Builder stopGrace(Duration grace) {
            this.stopGrace = grace;
            return this;
        }

        public Builder maxOutputChars(int chars) {
            this.maxOutputChars = chars;
            return this;
        }

        public Builder maxRunningActions(int count) {
            this.maxRunningActions = count;
            return this;
        }

        /** How long one action may last ({@link AgentConfig#maxActionDuration}). */
        public Builder maxActionDuration(Duration duration) {
            this.maxActionDuration = duration;
            return this;
        }

        public AgentConfig build() {
            return new AgentConfig(
                    gitPrefixes,
                    directories,
                    workDirectory,
                    processes,
                    tools,
                    fetchTimeout,
                    stopGrace,
                    maxOutputChars,
                    maxRunningActions,
                    maxActionDuration);
        }
    }
}

package org.maestro.dist;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One project of docker/compose.yaml under its own name and profiles, for a test: its commands run with the test's
 * variables (host ports, results folder, test parameters) against the engine's API, each with a deadline.
 */
final class ComposeProject {
    private static final String LABEL = "com.docker.compose.project=";

    private final ContainerEngine engine;
    private final Path composeFile;
    private final String name;
    private final List<String> profiles;
    private final Map<String, String> environment;

    /** @param profiles the optional services every command of the project includes (e.g. {@code metrics}) */
    ComposeProject(
            ContainerEngine engine,
            Path composeFile,
            String name,
            List<String> profiles,
            Map<String, String> variables) {
        this.engine = engine;
        this.composeFile = composeFile;
        this.name = name;
        this.profiles = List.copyOf(profiles);
        this.environment = engine.environment();
        this.environment.putAll(variables);
    }

    /** The project's name: the prefix of its containers and networks. */
    String name() {
        return name;
    }

    /** {@code compose -p NAME -f compose.yaml ARGS}, in docker/. */
    CommandRun.Result compose(List<String> arguments, Duration deadline) throws IOException, InterruptedException {
        return compose(List.of(), arguments, deadline);
    }

    /** Runs the client service (profile "test") once with the given arguments: {@code run --rm client ARGS}. */
    CommandRun.Result client(List<String> arguments, Duration deadline) throws IOException, InterruptedException {
        return client(Map.of(), arguments, deadline);
    }

    /**
     * Runs the client service once with more variables in its container: {@code run --rm --use-aliases -e K=V …
     * client ARGS}; with its service's name on the networks, so that Prometheus finds it as {@code client}.
     */
    CommandRun.Result client(Map<String, String> variables, List<String> arguments, Duration deadline)
            throws IOException, InterruptedException {
        return CommandRun.of(clientCommand(variables, arguments), composeFile.getParent(), environment)
                .run(deadline);
    }

    /**
     * Starts the client service once in the background, as {@link #client(Map, List, Duration)} runs it; its output
     * is kept in a file of {@code directory}.
     */
    BackgroundCommand startClient(Map<String, String> variables, List<String> arguments, Path directory)
            throws IOException {
        Map<String, String> inherited = new HashMap<>(System.getenv());
        inherited.putAll(environment);
        String line = clientCommand(variables, arguments).stream()
                .map(ComposeProject::quoted)
                .collect(Collectors.joining(" "));
        return BackgroundCommand.start(line, directory, inherited);
    }

    private List<String> clientCommand(Map<String, String> variables, List<String> arguments) {
        List<String> run = new ArrayList<>(List.of("run", "--rm", "--use-aliases"));
        variables.forEach((name, value) -> run.addAll(List.of("-e", name + "=" + value)));
        run.add("client");
        run.addAll(arguments);
        return command(List.of("--profile", "test"), run);
    }

    private CommandRun.Result compose(List<String> options, List<String> arguments, Duration deadline)
            throws IOException, InterruptedException {
        return CommandRun.of(command(options, arguments), composeFile.getParent(), environment)
                .run(deadline);
    }

    private List<String> command(List<String> options, List<String> arguments) {
        List<String> command = new ArrayList<>(engine.compose());
        command.addAll(List.of("-p", name, "-f", composeFile.toString()));
        for (String profile : profiles) {
            command.addAll(List.of("--profile", profile));
        }
        command.addAll(options);
        command.addAll(arguments);
        return command;
    }

    /** A word for bash, in single quotes. */
    private static String quoted(String word) {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /**
     * Stops and removes everything of the project. The agent goes first: it lives in the SUT's network namespace, and
     * Podman refuses to remove the SUT's container while the agent's exists (a parallel "down" may try that).
     */
    String down(Duration deadline) throws IOException, InterruptedException {
        CommandRun.Result agent = compose(List.of("rm", "--stop", "--force", "agent"), deadline);
        CommandRun.Result down = compose(List.of("down", "--volumes", "--remove-orphans"), deadline);
        return agent + "\n" + down;
    }

    /**
     * Removes by force what {@code down} left of the project ({@link #leftovers()}: containers first, then networks and
     * volumes), so that a failed teardown leaves nothing on the machine; returns what could not be removed, one per
     * line, empty when nothing.
     */
    String removeLeftovers() throws IOException, InterruptedException {
        StringBuilder kept = new StringBuilder();
        for (String line : leftovers().split("\n")) {
            String[] kindAndId = line.split(" ", 2);
            if (kindAndId.length < 2 || kindAndId[1].startsWith("could not list")) {
                continue;
            }
            List<String> remove = kindAndId[0].equals("container")
                    ? List.of("rm", "--force", "--volumes", kindAndId[1])
                    : List.of(kindAndId[0], "rm", kindAndId[1]);
            CommandRun.Result removed = engine.engine(remove).run(Duration.ofSeconds(60));
            if (removed.exitCode() != 0) {
                kept.append(line).append(": ").append(removed.output().strip()).append('\n');
            }
        }
        return kept.toString();
    }

    /** The containers, networks and volumes the engine still holds for the project, one per line; empty when none. */
    String leftovers() throws IOException, InterruptedException {
        StringBuilder left = new StringBuilder();
        for (String kind : List.of("container", "network", "volume")) {
            List<String> list = new ArrayList<>(List.of(kind, "ls", "--quiet", "--filter", "label=" + LABEL + name));
            if (kind.equals("container")) {
                list.add(2, "--all");
            }
            CommandRun.Result result = engine.engine(list).run(Duration.ofSeconds(60));
            if (result.exitCode() != 0) {
                left.append(kind)
                        .append(": could not list: ")
                        .append(result.output().strip())
                        .append('\n');
            }
            for (String line : result.output().strip().split("\n")) {
                if (!line.isBlank()) {
                    left.append(kind).append(' ').append(line.strip()).append('\n');
                }
            }
        }
        return left.toString();
    }
}

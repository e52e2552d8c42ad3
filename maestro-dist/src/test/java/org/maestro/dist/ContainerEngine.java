package org.maestro.dist;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.maestro.testing.RequiredServer;

/**
 * The container engine of this machine for the container tests: the engine's command (podman, else docker), the
 * Docker-compatible API the compose tool talks to, and the compose tool (Docker Compose v2, else docker-compose).
 * What is missing skips the calling test, or fails it when {@code CI} is set, naming what to install or start.
 */
final class ContainerEngine {
    /** Where docker/podman-service.sh serves Podman's Docker-compatible API. */
    static final Path PODMAN_SOCKET = Path.of("/run/podman/podman.sock");

    private static final Path DOCKER_SOCKET = Path.of("/var/run/docker.sock");
    private static final Duration PROBE_DEADLINE = Duration.ofSeconds(60);

    private final String engine;
    private final List<String> compose;
    private final String dockerHost;

    private ContainerEngine(String engine, List<String> compose, String dockerHost) {
        this.engine = engine;
        this.compose = List.copyOf(compose);
        this.dockerHost = dockerHost;
    }

    /** The engine of this machine; skips (or fails under CI) with what to do when there is none or it does not answer. */
    static ContainerEngine require() throws IOException, InterruptedException {
        String engine = CommandRun.onPath("podman") ? "podman" : CommandRun.onPath("docker") ? "docker" : null;
        if (engine == null) {
            unavailable("no container engine: install Podman (apt-get install -y podman runc docker-compose) and start "
                    + "its API with docker/podman-service.sh, as docs/distributed.md says");
        }
        String dockerHost = dockerHost();
        if (dockerHost == null) {
            unavailable("no Docker-compatible API: neither DOCKER_HOST is set nor " + PODMAN_SOCKET + " or "
                    + DOCKER_SOCKET + " exists; start Podman's with docker/podman-service.sh");
        }
        List<String> compose = composeCommand(dockerHost);
        if (compose == null) {
            unavailable("no compose tool: install docker-compose (apt-get install -y docker-compose) or the Docker "
                    + "Compose v2 plugin");
        }
        ContainerEngine found = new ContainerEngine(engine, compose, dockerHost);
        CommandRun.Result info = found.engine(List.of("info")).run(PROBE_DEADLINE);
        if (info.exitCode() != 0) {
            unavailable("the container engine does not answer ('" + engine + " info' exited " + info.exitCode() + "): "
                    + info.output().strip());
        }
        return found;
    }

    private static String dockerHost() {
        String set = System.getenv("DOCKER_HOST");
        if (set != null && !set.isBlank()) {
            return set;
        }
        if (Files.exists(PODMAN_SOCKET)) {
            return "unix://" + PODMAN_SOCKET;
        }
        return Files.exists(DOCKER_SOCKET) ? "unix://" + DOCKER_SOCKET : null;
    }

    private static List<String> composeCommand(String dockerHost) throws IOException, InterruptedException {
        if (CommandRun.onPath("docker")) {
            CommandRun.Result version = CommandRun.of(
                            List.of("docker", "compose", "version"), Path.of("."), Map.of("DOCKER_HOST", dockerHost))
                    .run(PROBE_DEADLINE);
            if (version.exitCode() == 0) {
                return List.of("docker", "compose");
            }
        }
        return CommandRun.onPath("docker-compose") ? List.of("docker-compose") : null;
    }

    private static void unavailable(String what) {
        throw RequiredServer.missing(what, ".ci/run installs and starts all of this under CI");
    }

    /** The variables every engine and compose command of a test runs with. */
    Map<String, String> environment() {
        Map<String, String> environment = new HashMap<>();
        environment.put("DOCKER_HOST", dockerHost);
        return environment;
    }

    /** A command of the engine itself: {@code podman ARGS} or {@code docker ARGS}. */
    CommandRun engine(List<String> arguments) {
        List<String> command = new ArrayList<>(List.of(engine));
        command.addAll(arguments);
        return CommandRun.of(command, Path.of("."), environment());
    }

    /** The compose tool's command words, e.g. {@code [docker-compose]} or {@code [docker, compose]}. */
    List<String> compose() {
        return compose;
    }

    /** The engine's name for ENGINE= of the scripts of docker/. */
    String name() {
        return engine;
    }

    /** Fails (or skips outside CI) when the engine is not Podman, for what only Podman does ({@code kube play}). */
    void requirePodman() {
        if (!engine.equals("podman")) {
            unavailable("podman kube play needs Podman, and this machine's engine is " + engine
                    + ": apt-get install -y podman runc (docs/distributed.md)");
        }
    }

    /** Fails (or skips outside CI) when an image is missing, naming the command that builds it. */
    void requireImage(String image, String buildCommand) throws IOException, InterruptedException {
        CommandRun.Result inspect = engine(List.of("image", "inspect", image)).run(PROBE_DEADLINE);
        if (inspect.exitCode() != 0) {
            unavailable("the image " + image + " is missing: build it with " + buildCommand);
        }
    }

    @Override
    public String toString() {
        return engine + " at " + dockerHost + ", compose: " + String.join(" ", compose);
    }
}

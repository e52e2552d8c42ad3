package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Checks the Dockerfiles of docker/ (stages, base images given as build arguments with pinned defaults, users), and runs
 * the Maestro image's entry point script on this machine.
 */
class DockerfileTest {
    private static final Pattern ARG = Pattern.compile("(?m)^ARG ([A-Z_]+)=(\\S+)$");
    private static final List<String> DOCKERFILES = List.of(
            "docker/Dockerfile",
            "docker/Dockerfile.dist",
            "docker/artemis/Dockerfile",
            "docker/mosquitto/Dockerfile",
            "docker/qdrouterd/Dockerfile");

    private final String dockerfile = RepositoryFiles.read("docker/Dockerfile");

    private List<String> instructions(String keyword) {
        return instructions(dockerfile, keyword);
    }

    /** The arguments of every KEYWORD instruction, with ${ARG} replaced by the ARG's default. */
    private static List<String> instructions(String text, String keyword) {
        Map<String, String> defaults = new HashMap<>();
        Matcher arg = ARG.matcher(text);
        while (arg.find()) {
            defaults.put(arg.group(1), arg.group(2));
        }
        List<String> found = new ArrayList<>();
        for (String line : text.replace("\\\n", " ").lines().toList()) {
            for (Map.Entry<String, String> value : defaults.entrySet()) {
                line = line.replace("${" + value.getKey() + "}", value.getValue());
            }
            String trimmed = line.trim();
            if (trimmed.regionMatches(true, 0, keyword + " ", 0, keyword.length() + 1)) {
                found.add(trimmed.substring(keyword.length() + 1).trim());
            }
        }
        return found;
    }

    @Test
    void buildsWithMavenOnJdk17AndRunsOnAPinnedJre17() {
        List<String> from = instructions("FROM");
        assertEquals(2, from.size(), "a build stage and a run stage: " + from);
        assertTrue(from.get(0).matches("maven:[^ ]*temurin-17[^ ]* AS build"), from.get(0));
        assertTrue(from.get(1).matches("eclipse-temurin:17[^ ]*-jre[^ ]*"), from.get(1));
        for (String image : from) {
            String name = image.split(" ")[0];
            assertTrue(name.contains(":") && !name.endsWith(":latest"), name + " is not pinned to a tag");
        }
        assertTrue(instructions("RUN").get(0).contains("mvn -B -ntp -DskipTests package -pl maestro-dist -am"));
        assertTrue(
                instructions("RUN").get(0).contains("maestro-dist/target/maestro "),
                "the image takes the distribution directory that maestro-dist builds");
    }

    @Test
    void buildsEveryImageOnABaseImageArgumentWithAPinnedPublicDefaultAndRunsAsNonRoot() {
        for (String path : DOCKERFILES) {
            String text = RepositoryFiles.read(path);
            assertTrue(text.contains("FROM ${BASE_IMAGE}"), path + " does not build on the BASE_IMAGE argument");
            List<String> from = instructions(text, "FROM");
            String base = from.get(from.size() - 1).split(" ")[0];
            assertTrue(
                    base.contains(":") && !base.endsWith(":latest"), path + ": default base " + base + " not pinned");
            List<String> users = instructions(text, "USER");
            assertFalse(users.isEmpty(), path + " has no USER: it would run as root");
            String user = users.get(users.size() - 1);
            assertFalse(user.equals("root") || user.equals("0") || user.startsWith("0:"), path + " runs as " + user);
        }
    }

    @Test
    void buildsTheSameRuntimeFromTheHostsDistributionWithoutMaven() {
        String dist = RepositoryFiles.read("docker/Dockerfile.dist");
        assertEquals(1, instructions(dist, "FROM").size(), "one stage, no build stage");
        assertTrue(instructions(dist, "RUN").stream().noneMatch(r -> r.contains("mvn")), "no Maven in the build");
        assertTrue(instructions(dist, "COPY").contains("maestro-dist/target/maestro /opt/maestro"));
        List<String> runtime = dockerfile
                .substring(dockerfile.lastIndexOf("FROM "))
                .lines()
                .skip(1)
                .toList();
        List<String> distRuntime =
                dist.substring(dist.lastIndexOf("FROM ")).lines().skip(1).toList();
        assertEquals(
                runtime.stream().filter(l -> !l.startsWith("COPY --from")).toList(),
                distRuntime.stream()
                        .filter(l -> !l.startsWith("COPY maestro-dist"))
                        .toList(),
                "docker/Dockerfile and docker/Dockerfile.dist build different runtimes");
        String ignore = RepositoryFiles.read("docker/Dockerfile.dist.dockerignore");
        assertTrue(ignore.lines().anyMatch("*"::equals), "the context is the distribution only: " + ignore);
        assertTrue(ignore.contains("!maestro-dist/target/maestro"), ignore);
    }

    @Test
    void runsAsANonRootUserWithMaestroCliAsEntryPoint() {
        List<String> users = instructions("USER");
        assertFalse(users.isEmpty(), "no USER: the image would run as root");
        String user = users.get(users.size() - 1);
        assertFalse(user.equals("root") || user.equals("0") || user.startsWith("0:"), "runs as " + user);
        assertEquals(List.of("[\"/usr/local/bin/maestro-entrypoint\"]"), instructions("ENTRYPOINT"));
        assertTrue(instructions("COPY").contains("docker/maestro-entrypoint.sh /usr/local/bin/maestro-entrypoint"));
        assertTrue(Files.isRegularFile(RepositoryFiles.path("docker/maestro-entrypoint.sh")));
        String ignore = RepositoryFiles.read("docker/Dockerfile.dockerignore");
        assertTrue(ignore.contains("**/target") && ignore.contains(".git"), "build outputs stay out of the context");
    }

    @Test
    void entryPointNamesPeersAfterTheirHostUnlessNamed(@TempDir Path home) throws Exception {
        Path bin = Files.createDirectories(home.resolve("bin"));
        Path fake = bin.resolve("maestro-cli");
        // stands in for the launcher (which needs the whole distribution): prints the arguments it gets
        Files.writeString(fake, "#!/bin/sh\nprintf '%s\\n' \"$@\"\n");
        Files.setPosixFilePermissions(fake, PosixFilePermissions.fromString("rwxr-xr-x"));
        String host = CommandRun.of(List.of("hostname"), home, Map.of())
                .run(Duration.ofSeconds(10))
                .output()
                .trim();
        assertFalse(host.isEmpty(), "no host name from 'hostname' (" + InetAddress.getLocalHost() + ")");

        assertEquals(
                List.of("worker", "--role", "sender", "--name", "sender-" + host),
                entry(home, "worker", "--role", "sender"));
        assertEquals(
                List.of("worker", "--role=receiver", "--name", "receiver-" + host),
                entry(home, "worker", "--role=receiver"));
        assertEquals(List.of("inspector", "--name", "inspector-" + host), entry(home, "inspector"));
        assertEquals(
                List.of("agent", "--name", "a1", "--allow-source", "/x"),
                entry(home, "agent", "--name", "a1", "--allow-source", "/x"));
        assertEquals(
                List.of("run", "/scripts/t.groovy", "--results", "/results"),
                entry(home, "run", "/scripts/t.groovy", "--results", "/results"));
        assertEquals(List.of("--version"), entry(home, "--version"));
    }

    private List<String> entry(Path home, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                "sh", RepositoryFiles.path("docker/maestro-entrypoint.sh").toString()));
        command.addAll(List.of(arguments));
        CommandRun.Result result = CommandRun.of(command, home, Map.of("MAESTRO_HOME", home.toString()))
                .run(Duration.ofSeconds(10));
        assertEquals(0, result.exitCode(), result.toString());
        return result.output().lines().toList();
    }
}

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
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Checks docker/Dockerfile's stages and user, and runs the image's entry point script on this machine. */
class DockerfileTest {
    private final String dockerfile = RepositoryFiles.read("docker/Dockerfile");

    private List<String> instructions(String keyword) {
        List<String> found = new ArrayList<>();
        for (String line : dockerfile.replace("\\\n", " ").lines().toList()) {
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

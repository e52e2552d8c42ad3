package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tarball, unpacked into an empty directory, runs on nothing but a JRE: its version, its errors, and a whole
 * embedded test that leaves a report.
 */
class DistributionIT {
    @TempDir
    static Path unpackedInto;

    private static Path home;

    @BeforeAll
    static void unpack() throws Exception {
        home = Distribution.unpack(unpackedInto);
    }

    private CommandRun.Result maestroCli(
            Path workDirectory, Map<String, String> environment, Duration deadline, String... arguments)
            throws Exception {
        List<String> command =
                new ArrayList<>(List.of(home.resolve("bin/maestro-cli").toString()));
        command.addAll(List.of(arguments));
        return CommandRun.isolated(command, workDirectory, environment).run(deadline);
    }

    @Test
    void holdsTheLauncherLibrariesConfigurationScriptsAndCompletion() throws IOException {
        assertTrue(Files.isExecutable(home.resolve("bin/maestro-cli")), "bin/maestro-cli lost its execute bit");
        assertTrue(Files.readString(home.resolve("bin/maestro-cli_completion"))
                .contains("complete -F _complete_maestro-cli"));
        assertTrue(Files.isRegularFile(home.resolve("config/logback.xml")));
        assertTrue(Files.isRegularFile(home.resolve("config/maestro-env.sh")));
        assertTrue(Files.isRegularFile(home.resolve("test-scripts/FixedRateTest.groovy")));
        assertTrue(Files.isRegularFile(home.resolve("README.md")));
        try (Stream<Path> jars = Files.list(home.resolve("lib"))) {
            List<String> names = jars.map(p -> p.getFileName().toString()).toList();
            for (String module : List.of(
                    "maestro-common",
                    "maestro-worker",
                    "maestro-inspector",
                    "maestro-agent",
                    "maestro-reporter",
                    "maestro-client",
                    "maestro-cli")) {
                assertTrue(
                        names.contains(module + "-" + Distribution.version() + ".jar"), module + " missing from lib/");
            }
            assertTrue(
                    names.stream()
                            .noneMatch(n -> n.startsWith("maestro-dist")
                                    || n.startsWith("testcontainers")
                                    || n.startsWith("junit")),
                    "build or test jars in lib/: " + names);
            assertTrue(names.contains("maestro-driver-kafka-" + Distribution.version() + ".jar"), "the Kafka driver");
            assertTrue(names.stream().anyMatch(n -> n.startsWith("kafka-clients-")), "kafka-clients: " + names);
            assertTrue(
                    names.stream()
                            .noneMatch(n -> n.startsWith("kafka_2.13")
                                    || n.startsWith("scala-library")
                                    || n.startsWith("zookeeper")),
                    "the Kafka broker is for tests only: " + names);
        }
    }

    @Test
    void printsItsVersionAndBuild(@TempDir Path work) throws Exception {
        CommandRun.Result result =
                maestroCli(work, Distribution.bareJreEnvironment(work), Duration.ofSeconds(60), "--version");
        assertEquals(0, result.exitCode(), result.toString());
        String first = result.output().lines().findFirst().orElse("");
        assertTrue(
                first.matches("maestro-cli " + java.util.regex.Pattern.quote(Distribution.version())
                        + " \\(build \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\dZ, commit ([0-9a-f]{7,40}|unknown)\\)"),
                first);
        assertTrue(result.output().contains("Java " + System.getProperty("java.version")), result.output());
    }

    @Test
    void refusesAJavaHomeWithoutJavaWithAnInfrastructureExitCode(@TempDir Path work) throws Exception {
        Map<String, String> environment = Distribution.bareJreEnvironment(work);
        environment.put("JAVA_HOME", work.resolve("no-java-here").toString());
        CommandRun.Result result = maestroCli(work, environment, Duration.ofSeconds(30), "--version");
        assertEquals(3, result.exitCode(), result.toString());
        assertTrue(
                result.output().contains("JAVA_HOME=" + work.resolve("no-java-here") + " has no bin/java"),
                result.output());
    }

    @Test
    void answersAMissingScriptWithAUsageError(@TempDir Path work) throws Exception {
        CommandRun.Result result = maestroCli(
                work, Distribution.bareJreEnvironment(work), Duration.ofSeconds(60), "run", "no-such-test.groovy");
        assertEquals(2, result.exitCode(), result.toString());
        assertTrue(result.output().contains("no-such-test.groovy does not exist"), result.output());
    }

    @Test
    void runsAnEmbeddedTestOnABareJreAndLeavesTheReport(@TempDir Path work) throws Exception {
        Files.writeString(work.resolve("tiny.groovy"), "maestro.fixedRate { rate 200; duration \"5s\" }\n");
        CommandRun.Result result =
                maestroCli(work, Distribution.bareJreEnvironment(work), Duration.ofSeconds(120), "run", "tiny.groovy");
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.output().contains("PASSED"), result.output());

        Path results = work.resolve("results");
        assertTrue(Files.isRegularFile(results.resolve("index.html")), "no results/index.html");
        List<Path> summaries;
        try (Stream<Path> files = Files.walk(results, 2)) {
            summaries = files.filter(p -> p.getFileName().toString().equals("summary.json"))
                    .toList();
        }
        assertEquals(1, summaries.size(), "one test, one summary.json: " + summaries);
        Path testDirectory = summaries.get(0).getParent();
        assertTrue(Files.isRegularFile(testDirectory.resolve("junit.xml")), "no junit.xml in " + testDirectory);

        ObjectMapper json = new ObjectMapper();
        JsonNode iteration =
                json.readTree(summaries.get(0).toFile()).path("iterations").get(0);
        JsonNode messages = iteration.path("messages");
        long sentBySenders = 0;
        try (Stream<Path> files = Files.walk(testDirectory.resolve("0"), 2)) {
            for (Path peerResult : files.filter(p -> p.getFileName().toString().equals("peer-result.json"))
                    .toList()) {
                JsonNode peer = json.readTree(peerResult.toFile());
                if (peer.path("role").asText().equals("sender")) {
                    sentBySenders += peer.path("count").asLong();
                }
            }
        }
        assertTrue(sentBySenders > 0, "the senders sent nothing");
        assertEquals(sentBySenders, messages.path("sent").asLong(), "sent in summary.json vs the senders' own counts");
        assertEquals(messages.path("sent").asLong(), messages.path("received").asLong(), messages.toString());
        assertEquals(0, messages.path("lost").asLong(), messages.toString());
        assertEquals(
                "success",
                iteration.path("outcome").asText(),
                iteration.path("reason").asText());
    }
}

package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.testing.MosquittoProcess;

/**
 * Runs the README's walkthrough "Running distributed by hand" as a reader does: every shell block of that section, in
 * order, in one shell, with the built distribution's {@code maestro-cli} on the PATH and a working directory that has
 * the repository's {@code test-scripts/}. The commands are run as written; the test replaces only what names the
 * reader's machines: {@code broker-host:1883} by a Mosquitto of its own, and {@code sut-host:5672} and {@code
 * sut-host:8161} by the AMQP and Jolokia ports of an Artemis broker in this JVM. The inspector the walkthrough starts
 * must be the one that reads the SUT during the run, and its data must reach the report.
 */
class ReadmeWalkthroughIT {
    private static final String SECTION = "Running distributed by hand";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theWalkthroughRunsAsWrittenAndItsInspectorReadsTheSut(@TempDir Path work) throws Exception {
        Distribution.directory();
        List<MarkdownDocument.Block> blocks =
                new MarkdownDocument(RepositoryFiles.read("README.md")).blocksInSection(SECTION, "sh");
        assertTrue(blocks.size() >= 3, "the walkthrough has no worker, inspector and run blocks: " + blocks);

        Path home = Files.createDirectories(work.resolve("home"));
        Path reader = Files.createDirectories(work.resolve("reader"));
        Files.createSymbolicLink(reader.resolve("test-scripts"), RepositoryFiles.path("test-scripts"));

        try (MosquittoProcess mosquitto = MosquittoProcess.start();
                EmbeddedSut sut = EmbeddedSut.onFreePort(false, note -> {})) {
            int jolokiaPort = URI.create(sut.managementUrl()).getPort();
            Map<String, String> machines = new LinkedHashMap<>();
            machines.put("broker-host:1883", "127.0.0.1:" + mosquitto.port());
            machines.put("sut-host:5672", "127.0.0.1:" + sut.port());
            machines.put("sut-host:8161", "127.0.0.1:" + jolokiaPort);

            StringBuilder script = new StringBuilder("set -e\n");
            for (MarkdownDocument.Block block : blocks) {
                script.append("echo '### README.md line ")
                        .append(block.line())
                        .append("'\n")
                        .append(block.text());
            }
            // the reader's terminal closes: stop what the blocks left running in the background
            script.append("kill $(jobs -p) 2>/dev/null || true\nwait 2>/dev/null || true\necho '### done'\n");
            String text = script.toString();
            for (Map.Entry<String, String> machine : machines.entrySet()) {
                assertTrue(text.contains(machine.getKey()), "the walkthrough no longer names " + machine.getKey());
                text = text.replace(machine.getKey(), machine.getValue());
            }
            assertFalse(
                    text.contains("-host"),
                    "the walkthrough names a machine this test does not stand in for:\n" + text);

            Map<String, String> environment = Distribution.bareJreEnvironment(home);
            environment.put("PATH", Distribution.directory().resolve("bin") + ":" + environment.get("PATH"));
            CommandRun.Result result = CommandRun.isolated(List.of("bash", "-c", text), reader, environment)
                    .run(Duration.ofSeconds(150));

            assertTrue(result.output().contains("### done"), result.toString());
            assertEquals(0, result.exitCode(), result.toString());
            for (String peer : List.of("sender-1", "receiver-1", "inspector-1", "agent-1")) {
                assertTrue(
                        Pattern.compile("(?m)^\\w+\\s+" + peer + "\\s")
                                .matcher(result.output())
                                .find(),
                        "the walkthrough's ping did not list " + peer + ":\n" + result.output());
            }
            assertTrue(result.output().contains("\nPASSED\n"), result.toString());

            // the load went through the SUT, and the inspector the walkthrough started read the SUT meanwhile
            Path test = reader.resolve("results/fixed-rate");
            JsonNode messages = JSON.readTree(test.resolve("summary.json").toFile())
                    .path("iterations")
                    .path(0)
                    .path("messages");
            assertTrue(messages.path("received").asLong() > 0, "nothing was received: " + messages);
            assertEquals(0, messages.path("lost").asLong(-1), "messages were lost: " + messages);
            Path queues = onlyDirectory(test.resolve("0"), "inspector-1@").resolve("artemis-queues.csv");
            assertTrue(Files.isRegularFile(queues), "inspector-1 wrote no " + queues.getFileName());
            long polls = Files.readAllLines(queues).stream()
                    .filter(line -> line.contains(",test.queue,"))
                    .count();
            assertTrue(polls >= 2, "inspector-1 read test.queue " + polls + " time(s):\n" + Files.readString(queues));
            String page = Files.readString(test.resolve("iteration-0.html"));
            for (String chart : List.of("— jvm-heap: used", "— queues: messagesAdded per second")) {
                assertTrue(page.contains(chart), "the test's page has no chart '" + chart + "'");
            }
        }
    }

    private static Path onlyDirectory(Path parent, String prefix) throws IOException {
        try (Stream<Path> entries = Files.list(parent)) {
            List<Path> found = entries.filter(e -> e.getFileName().toString().startsWith(prefix))
                    .toList();
            assertEquals(1, found.size(), "directories " + prefix + "* in " + parent + ": " + found);
            return found.get(0);
        }
    }
}

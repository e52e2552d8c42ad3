package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.testing.MosquittoProcess;

/**
 * Runs the README's shell blocks marked {@code <!-- runnable -->}, in order, in one shell started in the repository
 * root, as a reader following the README would: with the built distribution, and a real Mosquitto as the control
 * broker the README asks for ({@code MAESTRO_BROKER}).
 */
class ReadmeIT {
    @Test
    void runnableBlocksRunAndThePeersTheyStartAnswerPing(@TempDir Path work) throws Exception {
        Distribution.directory();
        MarkdownDocument readme = new MarkdownDocument(RepositoryFiles.read("README.md"));
        List<MarkdownDocument.Block> runnable = readme.blocks().stream()
                .filter(MarkdownDocument.Block::runnable)
                .toList();
        assertTrue(runnable.size() >= 2, "no runnable blocks in README.md");

        StringBuilder script = new StringBuilder("set -e\n");
        for (MarkdownDocument.Block block : runnable) {
            script.append("echo '### README.md line ")
                    .append(block.line())
                    .append("'\n")
                    .append(block.text());
        }
        // the reader's terminal closes: stop what the blocks left running in the background
        script.append("kill $(jobs -p) 2>/dev/null || true\nwait 2>/dev/null || true\necho '### done'\n");

        try (MosquittoProcess mosquitto = MosquittoProcess.start()) {
            Map<String, String> environment = Distribution.bareJreEnvironment(work);
            environment.put("MAESTRO_BROKER", mosquitto.url());
            environment.put("MAESTRO_PEER_RESULTS", work.resolve("peer-results").toString());
            environment.put("MAESTRO_RESULTS", work.resolve("results").toString());
            CommandRun.Result result = CommandRun.isolated(
                            List.of("bash", "-c", script.toString()), RepositoryFiles.root(), environment)
                    .run(Duration.ofSeconds(120));
            assertEquals(0, result.exitCode(), result.toString());
            assertTrue(result.output().contains("### done"), result.toString());
            assertTrue(result.output().contains("maestro-cli " + Distribution.version()), result.toString());

            // every peer a block starts with --name is listed by the ping of the blocks
            Matcher named = Pattern.compile("maestro-cli (?:worker|inspector|agent) .*--name (\\S+)")
                    .matcher(runnable.stream().map(MarkdownDocument.Block::text).reduce("", String::concat));
            int peers = 0;
            while (named.find()) {
                assertTrue(
                        Pattern.compile("(?m)^\\w+\\s+" + Pattern.quote(named.group(1)) + "\\s")
                                .matcher(result.output())
                                .find(),
                        "ping did not list " + named.group(1) + ":\n" + result.output());
                peers++;
            }
            assertTrue(peers >= 2, "the runnable blocks start no named peers");
        }
    }
}

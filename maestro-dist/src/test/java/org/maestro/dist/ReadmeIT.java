package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs the README's shell blocks marked {@code <!-- runnable -->}, in order, in one shell started in the repository
 * root, as a reader following the README would, with the built distribution. The walkthrough of running distributed
 * by hand is run whole by {@link ReadmeWalkthroughIT}.
 */
class ReadmeIT {
    @Test
    void runnableBlocksRun(@TempDir Path work) throws Exception {
        Distribution.directory();
        MarkdownDocument readme = new MarkdownDocument(RepositoryFiles.read("README.md"));
        List<MarkdownDocument.Block> runnable = readme.blocks().stream()
                .filter(MarkdownDocument.Block::runnable)
                .toList();
        assertTrue(runnable.size() >= 1, "no runnable blocks in README.md");

        StringBuilder script = new StringBuilder("set -e\n");
        for (MarkdownDocument.Block block : runnable) {
            script.append("echo '### README.md line ")
                    .append(block.line())
                    .append("'\n")
                    .append(block.text());
        }
        script.append("echo '### done'\n");

        Map<String, String> environment = Distribution.bareJreEnvironment(work);
        CommandRun.Result result = CommandRun.isolated(
                        List.of("bash", "-c", script.toString()), RepositoryFiles.root(), environment)
                .run(Duration.ofSeconds(120));
        assertEquals(0, result.exitCode(), result.toString());
        assertTrue(result.output().contains("### done"), result.toString());
        assertTrue(result.output().contains("maestro-cli " + Distribution.version()), result.toString());
    }
}

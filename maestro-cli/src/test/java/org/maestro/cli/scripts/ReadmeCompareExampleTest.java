package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;

/**
 * Runs the README's block marked {@code <!-- runnable: embedded -->} as written, one {@code maestro-cli} line
 * after the other in embedded mode: two like runs of the fixed-rate test and the {@code compare} of them, which
 * must exit 0 without a parameter warning.
 */
class ReadmeCompareExampleTest {
    static final String MARK = "<!-- runnable: embedded -->";

    @TempDir
    Path work;

    /** The lines of the fenced block that follows the mark. */
    static List<String> markedBlock(String markdown) {
        List<String> lines = markdown.lines().toList();
        int mark = lines.indexOf(MARK);
        assertTrue(mark >= 0, "README.md has no block marked " + MARK);
        assertTrue(lines.get(mark + 1).startsWith("```sh"), "the mark must sit right above a ```sh block");
        List<String> block = new ArrayList<>();
        for (int i = mark + 2; !lines.get(i).startsWith("```"); i++) {
            block.add(lines.get(i));
        }
        return block;
    }

    @Test
    void theCompareExampleRunsAsWrittenAndFindsNoRegressionBetweenLikeRuns() throws Exception {
        Path root = TestScriptsTest.scriptsDirectory().getParent();
        List<String> block = markedBlock(Files.readString(root.resolve("README.md")));
        assertTrue(block.stream().anyMatch(l -> l.contains("maestro-cli compare")), block.toString());
        for (String line : block) {
            String command = line.replaceFirst("\\s+#.*$", "").trim();
            Map<String, String> environment = new LinkedHashMap<>();
            List<String> args = new ArrayList<>();
            for (String word : command.split("\\s+")) {
                if (args.isEmpty() && word.matches("[A-Z_]+=\\S*")) {
                    String[] pair = word.split("=", 2);
                    environment.put(pair[0], pair[1]);
                } else {
                    args.add(word);
                }
            }
            assertEquals("maestro-cli", args.remove(0), "a line of the block runs maestro-cli: " + line);
            // the reader runs from the repository root; this test from a scratch directory
            args.replaceAll(
                    arg -> arg.startsWith("test-scripts/") ? root.resolve(arg).toString() : arg);
            long start = System.nanoTime();
            CliProcess run = CliProcess.run(environment, Duration.ofMinutes(2), work, args.toArray(String[]::new));
            System.out.printf(
                    "%s: exit %d after %d s%n",
                    line,
                    run.exitCode(),
                    Duration.ofNanos(System.nanoTime() - start).toSeconds());
            if (args.get(0).equals("compare")) {
                System.out.println(run.output());
            }
            assertEquals(ExitCode.OK.code(), run.exitCode(), line + "\n" + run.output());
            if (args.get(0).equals("compare")) {
                assertTrue(run.output().contains("No regression"), run.output());
                assertFalse(run.output().contains("WARNING"), run.output());
            }
        }
        assertTrue(Files.isRegularFile(work.resolve("candidate/comparison.html")));
    }
}

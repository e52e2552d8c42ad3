package org.maestro.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The generated completion script, sourced in a real bash, completes maestro-cli's subcommands, options and values. */
class CompletionScriptTest {
    @TempDir
    Path directory;

    /** What bash offers for the words typed so far (the last one being completed). */
    private List<String> complete(Path script, String... typed) throws Exception {
        StringBuilder words = new StringBuilder("maestro-cli");
        for (String word : typed) {
            words.append(" '").append(word).append("'");
        }
        String line = "maestro-cli " + String.join(" ", typed);
        String program = ". " + script + " 2>/dev/null\n"
                + "COMP_WORDS=(" + words + ")\n"
                + "COMP_CWORD=" + typed.length + "\n"
                + "COMP_LINE='" + line + "'\n"
                + "COMP_POINT=${#COMP_LINE}\n"
                + "_complete_maestro-cli 2>/dev/null\n"
                + "printf '%s\\n' \"${COMPREPLY[@]}\"\n";
        CommandRun.Result result = CommandRun.of(List.of("bash", "-c", program), directory, Map.of())
                .run(Duration.ofSeconds(30));
        assertEquals(0, result.exitCode(), result.toString());
        return result.output().lines().filter(l -> !l.isBlank()).toList();
    }

    @Test
    void completesSubcommandsOptionsAndRoles() throws Exception {
        Assumptions.assumeTrue(CommandRun.onPath("bash"), "bash is not installed");
        Path script = directory.resolve("maestro-cli_completion");
        CompletionScript.write(script);
        assertTrue(Files.readString(script).contains("complete -F _complete_maestro-cli"));

        assertEquals(List.of("run"), complete(script, "ru"));
        assertTrue(complete(script, "")
                .containsAll(List.of("run", "worker", "inspector", "agent", "ping", "report", "compare")));
        assertEquals(List.of("--role"), complete(script, "worker", "--ro"));
        assertEquals(List.of("sender", "receiver"), complete(script, "worker", "--role", ""));
        assertTrue(complete(script, "run", "--").containsAll(List.of("--maestro-url", "--results", "--no-report")));
    }
}

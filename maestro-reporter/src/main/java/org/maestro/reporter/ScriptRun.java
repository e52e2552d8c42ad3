package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.maestro.common.files.JsonFile;

/**
 * The verdict of the last test script run into a results directory ({@value #FILE_NAME} there), which its exit code
 * gave: the index shows it above the runs, so a script that passes although some of its steps failed by design (an
 * incremental search) or fails although its tests passed (messages lost) says so where the runs are listed.
 *
 * @param formatVersion 1
 * @param script the script's file name
 * @param outcome the script's verdict, success or failure, as the exit code said
 * @param reason why: the script's own reason, or the failed tests
 * @param tests the runs of the script, as {@code <test> #<iteration>}
 * @param endMillis when the script ended, epoch ms
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"formatVersion", "script", "outcome", "reason", "tests", "endMillis"})
public record ScriptRun(
        int formatVersion, String script, Verdict outcome, String reason, List<String> tests, long endMillis) {

    /** The file name in the results directory. */
    public static final String FILE_NAME = "script-run.json";

    private static final JsonFile<ScriptRun> FILE = new JsonFile<>(FILE_NAME, ScriptRun.class, "a script verdict", "");

    /** A script run of this format version. */
    public ScriptRun(String script, Verdict outcome, String reason, List<String> tests, long endMillis) {
        this(1, script, outcome, reason, List.copyOf(tests), endMillis);
    }

    /** Writes it to {@code <resultsDir>/script-run.json}, replacing the previous script's. */
    public void write(Path resultsDir) throws IOException {
        FILE.write(resultsDir, this);
    }

    /**
     * Reads {@code <resultsDir>/script-run.json}; empty when there is none.
     *
     * @throws IOException when it exists but cannot be read as such
     */
    public static Optional<ScriptRun> read(Path resultsDir) throws IOException {
        return FILE.read(resultsDir);
    }
}

package org.maestro.client.study;

import java.nio.file.Path;
import java.util.List;
import org.maestro.client.api.TestResult;
import org.maestro.reporter.study.StudyState;

/**
 * What {@code maestro.matrix} returns: the study's directory and state, the tests this invocation ran, and how many
 * finished runs of an earlier invocation it skipped.
 */
public final class StudyResult {
    private final Path directory;
    private final StudyState state;
    private final List<TestResult> ran;
    private final int skipped;

    public StudyResult(Path directory, StudyState state, List<TestResult> ran, int skipped) {
        this.directory = directory;
        this.state = state;
        this.ran = List.copyOf(ran);
        this.skipped = skipped;
    }

    /** The test directory of the study, where study.html, study.json and study-junit.xml are. */
    public Path getDirectory() {
        return directory;
    }

    /** The study's state: dimensions, repeats and every finished run. */
    public StudyState getState() {
        return state;
    }

    /** The results of the runs this invocation ran, in run order. */
    public List<TestResult> getRan() {
        return ran;
    }

    /** Finished runs of an earlier invocation that {@code --resume} skipped. */
    public int getSkipped() {
        return skipped;
    }

    /** True when every run ran this invocation or an earlier one passed. */
    public boolean isPassed() {
        return state.runs().stream().allMatch(r -> r.outcome().equals("success"));
    }

    @Override
    public String toString() {
        return "study " + state.test() + ": " + state.runs().size() + " of " + state.runCount() + " runs finished";
    }
}

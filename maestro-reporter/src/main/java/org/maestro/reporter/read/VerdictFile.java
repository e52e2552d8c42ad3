package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.maestro.common.measure.TestOutcome;
import org.maestro.common.measure.TestOutcomeReader;
import org.maestro.common.measure.TestOutcomeWriter;
import org.maestro.reporter.Outcome;

/**
 * A verdict recorded beside the peers' files of an iteration: the runner's ({@value #RUNNER}: a peer died, a start
 * failed, a deadline passed) or the script's ({@value #SCRIPT}: what {@code maestro.verdict(false, …)} declared).
 * The reporter's view of a {@link TestOutcome} (its format: {@link TestOutcomeReader}), with the outcome parsed.
 *
 * @param outcome success or failure
 * @param reason why, possibly empty
 * @param runId the run id of the test iteration the runner ran, null when not known (the script's verdict)
 */
public record VerdictFile(Outcome outcome, String reason, String runId) {

    /** The file of the runner's verdict in an iteration directory. */
    public static final String RUNNER = TestOutcome.RUNNER_FILE;
    /** The file of the script's verdict in an iteration directory. */
    public static final String SCRIPT = TestOutcome.SCRIPT_FILE;

    /** A verdict without a run id. */
    public VerdictFile(Outcome outcome, String reason) {
        this(outcome, reason, null);
    }

    /** True when it records a failure. */
    public boolean failed() {
        return outcome == Outcome.FAILURE;
    }

    /** Writes {@code <iterationDirectory>/<fileName>}, replacing an earlier verdict. */
    public void write(Path iterationDirectory, String fileName) throws IOException {
        TestOutcomeWriter.write(
                iterationDirectory,
                fileName,
                new TestOutcome(TestOutcome.FORMAT_VERSION, outcome.jsonName(), reason, runId));
    }

    /**
     * Reads {@code <iterationDirectory>/<fileName>}; empty when there is none.
     *
     * @throws IOException when it exists but is not such a file
     */
    public static Optional<VerdictFile> read(Path iterationDirectory, String fileName) throws IOException {
        return TestOutcomeReader.read(iterationDirectory, fileName)
                .map(recorded ->
                        new VerdictFile(Outcome.parse(recorded.outcome()), recorded.reason(), recorded.runId()));
    }
}

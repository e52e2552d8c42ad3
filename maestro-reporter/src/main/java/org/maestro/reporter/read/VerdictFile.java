package org.maestro.reporter.read;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.maestro.common.measure.RecordedVerdict;
import org.maestro.common.measure.RecordedVerdictReader;
import org.maestro.common.measure.RecordedVerdictWriter;
import org.maestro.reporter.Verdict;

/**
 * A verdict recorded beside the peers' files of an iteration: the runner's ({@value #RUNNER}: a peer died, a start
 * failed, a deadline passed) or the script's ({@value #SCRIPT}: what {@code maestro.verdict(false, …)} declared).
 * The reporter's view of a {@link RecordedVerdict} (its format: {@link RecordedVerdictReader}), with its outcome read
 * as a {@link Verdict}.
 *
 * @param verdict success or failure
 * @param reason why, possibly empty
 * @param runId the run id of the test iteration the runner ran, null when not known (the script's verdict)
 */
public record VerdictFile(Verdict verdict, String reason, String runId) {

    /** The file of the runner's verdict in an iteration directory. */
    public static final String RUNNER = RecordedVerdict.RUNNER_FILE;
    /** The file of the script's verdict in an iteration directory. */
    public static final String SCRIPT = RecordedVerdict.SCRIPT_FILE;

    /** A verdict without a run id. */
    public VerdictFile(Verdict verdict, String reason) {
        this(verdict, reason, null);
    }

    /** True when it records a failure. */
    public boolean failed() {
        return verdict == Verdict.FAILURE;
    }

    /** Writes {@code <iterationDirectory>/<fileName>}, replacing an earlier verdict. */
    public void write(Path iterationDirectory, String fileName) throws IOException {
        RecordedVerdictWriter.write(
                iterationDirectory,
                fileName,
                new RecordedVerdict(RecordedVerdict.FORMAT_VERSION, verdict.jsonName(), reason, runId));
    }

    /**
     * Reads {@code <iterationDirectory>/<fileName>}; empty when there is none.
     *
     * @throws IOException when it exists but is not such a file
     */
    public static Optional<VerdictFile> read(Path iterationDirectory, String fileName) throws IOException {
        return RecordedVerdictReader.read(iterationDirectory, fileName)
                .map(recorded ->
                        new VerdictFile(Verdict.parse(recorded.outcome()), recorded.reason(), recorded.runId()));
    }
}

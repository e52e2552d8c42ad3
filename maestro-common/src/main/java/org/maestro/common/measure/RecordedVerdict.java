package org.maestro.common.measure;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A verdict recorded beside the peers' files of a test iteration: the runner's ({@value #RUNNER_FILE}: a peer died,
 * a start failed, a deadline passed) or the script's ({@value #SCRIPT_FILE}: what {@code maestro.verdict(false, …)}
 * declared). Written by {@link RecordedVerdictWriter} and read by {@link RecordedVerdictReader}, whose javadoc is the
 * format.
 *
 * <pre>{@code
 * RecordedVerdictWriter.write(
 *         directory, RecordedVerdict.RUNNER_FILE, RecordedVerdict.of(false, "peer receiver-1 died", runId));
 * Optional<RecordedVerdict> recorded = RecordedVerdictReader.read(directory, RecordedVerdict.RUNNER_FILE);
 * }</pre>
 *
 * @param formatVersion the format version of the file ({@link #FORMAT_VERSION})
 * @param outcome {@value #SUCCESS} or {@value #FAILURE}
 * @param reason why, possibly empty
 * @param runId the run id of the test iteration the runner ran, null when not known (the script's verdict)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RecordedVerdict(int formatVersion, String outcome, String reason, String runId) {

    /** The file of the runner's verdict in an iteration directory. */
    public static final String RUNNER_FILE = "test-outcome.json";
    /** The file of the script's verdict in an iteration directory. */
    public static final String SCRIPT_FILE = "script-verdict.json";
    /** The format version this Maestro writes, and the highest it reads. */
    public static final int FORMAT_VERSION = 1;
    /** {@link #outcome} of a test that passed. */
    public static final String SUCCESS = "success";
    /** {@link #outcome} of a test that failed. */
    public static final String FAILURE = "failure";

    public RecordedVerdict {
        reason = reason == null ? "" : reason;
    }

    /** A verdict in the current format: passed or failed, why, and the run id (null for none). */
    public static RecordedVerdict of(boolean passed, String reason, String runId) {
        return new RecordedVerdict(FORMAT_VERSION, passed ? SUCCESS : FAILURE, reason, runId);
    }

    /** True when it records a failure. */
    @JsonIgnore
    public boolean failed() {
        return FAILURE.equals(outcome);
    }
}

package org.maestro.reporter.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * One cell of a study: its values, its runs, and the mean with 95% confidence interval over the repeats of each
 * statistic.
 *
 * @param cell        the cell's number (0-based)
 * @param label       the cell as one line, {@code rate=100 messageSize=256}
 * @param values      the value of each dimension
 * @param outcome     success when every repeat ran and passed, failure when one failed, unknown otherwise
 * @param finished    repeats finished
 * @param failed      repeats that failed
 * @param offered     the offered load, msg/s (mean over the repeats); null when not known
 * @param throughput  msg/s
 * @param p50Ms       response time p50, ms
 * @param p99Ms       response time p99, ms
 * @param maxMs       response time maximum, ms
 * @param lost        lost messages
 * @param lostPercent lost as a percentage of sent
 * @param jitterMaxMs the maximum jitter, ms (the longest gap beyond the intended period); null without a fixed rate
 * @param runs        the finished runs, by repeat
 * @param faults      what each kind of agent action cost over the repeats; empty without actions
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "cell",
    "label",
    "values",
    "outcome",
    "finished",
    "failed",
    "offered",
    "throughput",
    "p50Ms",
    "p99Ms",
    "maxMs",
    "lost",
    "lostPercent",
    "jitterMaxMs",
    "runs",
    "faults"
})
public record CellResult(
        int cell,
        String label,
        Map<String, String> values,
        String outcome,
        int finished,
        int failed,
        Double offered,
        Estimate throughput,
        Estimate p50Ms,
        Estimate p99Ms,
        Estimate maxMs,
        Estimate lost,
        Estimate lostPercent,
        Estimate jitterMaxMs,
        List<RunFigures> runs,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FaultEstimates> faults) {

    /** The statistics a cell estimates, by the names {@link RunFigures#statistic(String)} knows. */
    public static final List<String> STATISTICS =
            List.of("throughput", "p50Ms", "p99Ms", "maxMs", "lost", "lostPercent", "jitterMaxMs");

    /** The estimate of a statistic by name. */
    public Estimate estimate(String statistic) {
        return switch (statistic) {
            case "throughput" -> throughput;
            case "p50Ms" -> p50Ms;
            case "p99Ms" -> p99Ms;
            case "maxMs" -> maxMs;
            case "lost" -> lost;
            case "lostPercent" -> lostPercent;
            case "jitterMaxMs" -> jitterMaxMs;
            default ->
                throw new IllegalArgumentException(
                        "unknown statistic '" + statistic + "'; use one of " + String.join(", ", STATISTICS));
        };
    }
}

package org.maestro.reporter.compare;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The outcome of comparing a current results directory with a baseline: one {@link Difference}
 * per checked metric and iteration, the test parameters that differ between the compared iterations,
 * and notes on tests found on one side only. Immutable; written as comparison.json (with
 * {@code formatVersion}).
 *
 * @param baseline the baseline results directory
 * @param current the current results directory
 * @param thresholds what was allowed
 * @param differences the table of differences
 * @param notes tests or iterations that could not be compared
 * @param parameterDifferences parameters that differ between the compared iterations (empty when alike)
 */
@JsonPropertyOrder({
    "formatVersion",
    "baseline",
    "current",
    "regression",
    "generatorBound",
    "thresholds",
    "differences",
    "parameterDifferences",
    "notes"
})
public record ComparisonResult(
        String baseline,
        String current,
        Thresholds thresholds,
        List<Difference> differences,
        List<String> notes,
        List<ParameterDifference> parameterDifferences) {

    /** A result whose compared iterations ran with the same parameters. */
    public ComparisonResult(
            String baseline, String current, Thresholds thresholds, List<Difference> differences, List<String> notes) {
        this(baseline, current, thresholds, differences, notes, List.of());
    }

    /** Version of the comparison.json format. */
    public static final int FORMAT_VERSION = 1;

    @JsonProperty("formatVersion")
    public int formatVersion() {
        return FORMAT_VERSION;
    }

    /** True when any checked metric is beyond its threshold. */
    @JsonProperty("regression")
    public boolean isRegression() {
        return differences.stream().anyMatch(Difference::isRegression);
    }

    /** True when a compared run was generator-bound: its differences may be the generator's, not the system's. */
    @JsonProperty("generatorBound")
    public boolean isGeneratorBound() {
        return notes.stream().anyMatch(n -> n.startsWith(Comparison.GENERATOR_BOUND));
    }

    /** The rows that are regressions. */
    @JsonIgnore
    public List<Difference> regressions() {
        return differences.stream().filter(Difference::isRegression).collect(Collectors.toList());
    }
}

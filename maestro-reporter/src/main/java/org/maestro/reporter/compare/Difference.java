package org.maestro.reporter.compare;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One row of a comparison: a metric of one test iteration in the baseline and the current run.
 *
 * @param test test name
 * @param baselineIteration iteration compared in the baseline
 * @param currentIteration iteration compared in the current run
 * @param metric e.g. {@code throughput}, {@code responseTime.p99}, {@code lostPercent}, {@code outcome}
 * @param unit {@code msg/s}, {@code us}, {@code %} or "" for the outcome
 * @param baseline baseline value (for the outcome: 1 passed, 0 not)
 * @param current current value
 * @param changePercent (current − baseline) / baseline × 100; NaN (null in JSON) when the baseline is 0
 * @param limit what was allowed, e.g. "≥ −10%" ("" when not checked)
 * @param status OK, IMPROVED, REGRESSION or INFO (shown, not checked)
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Difference(
        String test,
        int baselineIteration,
        int currentIteration,
        String metric,
        String unit,
        double baseline,
        double current,
        Double changePercent,
        String limit,
        Status status) {

    /** The verdict of one row. */
    public enum Status {
        OK,
        IMPROVED,
        REGRESSION,
        INFO
    }

    /** True for a regression. */
    public boolean isRegression() {
        return status == Status.REGRESSION;
    }
}

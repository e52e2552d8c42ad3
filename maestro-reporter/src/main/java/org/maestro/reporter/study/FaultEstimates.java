package org.maestro.reporter.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.maestro.reporter.FaultCost;

/**
 * What one kind of fault (the same agent action) cost over a cell's repeats: the mean and 95% confidence interval
 * ({@link Estimate}) of each figure of {@link FaultCost}, one value per fault of every run. A recovery that did not
 * happen has no value; the counts of those are beside.
 *
 * @param action the action's command, e.g. {@code restart 2}
 * @param faults how many times it ran over the cell's runs
 * @param throughputNotRecovered of those, how many the throughput did not recover from (or had no baseline)
 * @param p99NotRecovered how many the p99 did not recover from (or had no baseline)
 * @param gapSeconds the receivers' longest silence, s
 * @param throughputRecoverySeconds until the throughput was back, s
 * @param p99RecoverySeconds until the p99 was back, s
 * @param refused messages refused in the fault's interval
 * @param vanished messages attributed as vanished
 * @param duplicates copies attributed
 * @param p99Before p99 before, ms
 * @param p99During p99 during, ms
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
    "action",
    "faults",
    "throughputNotRecovered",
    "p99NotRecovered",
    "gapSeconds",
    "throughputRecoverySeconds",
    "p99RecoverySeconds",
    "refused",
    "vanished",
    "duplicates",
    "p99Before",
    "p99During"
})
public record FaultEstimates(
        String action,
        int faults,
        int throughputNotRecovered,
        int p99NotRecovered,
        Estimate gapSeconds,
        Estimate throughputRecoverySeconds,
        Estimate p99RecoverySeconds,
        Estimate refused,
        Estimate vanished,
        Estimate duplicates,
        Estimate p99Before,
        Estimate p99During) {

    /** One estimate per action, in the order the actions first ran. */
    public static List<FaultEstimates> of(List<FaultCost> faults) {
        Map<String, List<FaultCost>> byAction = new LinkedHashMap<>();
        faults.forEach(fault ->
                byAction.computeIfAbsent(fault.action(), a -> new ArrayList<>()).add(fault));
        List<FaultEstimates> estimates = new ArrayList<>();
        byAction.forEach((action, same) -> estimates.add(new FaultEstimates(
                action,
                same.size(),
                (int) same.stream()
                        .filter(f -> f.throughputRecoverySeconds() == null)
                        .count(),
                (int) same.stream().filter(f -> f.p99RecoverySeconds() == null).count(),
                estimate(same, FaultCost::gapSeconds),
                estimate(same, FaultCost::throughputRecoverySeconds),
                estimate(same, FaultCost::p99RecoverySeconds),
                estimate(same, f -> f.refused() == null ? null : f.refused().doubleValue()),
                estimate(same, f -> f.vanished() == null ? null : f.vanished().doubleValue()),
                estimate(same, f -> (double) f.duplicates()),
                estimate(same, FaultCost::p99Before),
                estimate(same, FaultCost::p99During))));
        return estimates;
    }

    private static Estimate estimate(List<FaultCost> faults, Function<FaultCost, Double> figure) {
        List<Double> values = new ArrayList<>(faults.size());
        faults.forEach(fault -> values.add(figure.apply(fault)));
        return Estimate.of(values);
    }
}

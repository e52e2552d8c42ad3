package org.maestro.reporter.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.TestSummary;

/** Groups the runs of a study by cell and estimates every statistic over each cell's repeats. */
public final class StudyAnalysis {

    private StudyAnalysis() {}

    /**
     * The cells of a study, in cell order.
     *
     * @param summaries the test's iteration summaries by iteration number; a finished run whose iteration is missing
     *                  counts with its recorded outcome and no figures
     */
    public static List<CellResult> cells(StudyState state, Map<Integer, TestSummary> summaries) {
        List<CellResult> cells = new ArrayList<>();
        for (int cell = 0; cell < state.cellCount(); cell++) {
            List<RunFigures> runs = new ArrayList<>();
            List<FaultCost> faults = new ArrayList<>();
            for (StudyState.Run run : state.runs()) {
                if (run.cell() != cell) {
                    continue;
                }
                TestSummary summary = summaries.get(run.iteration());
                if (summary != null) {
                    faults.addAll(summary.faults());
                }
                runs.add(
                        summary == null
                                ? RunFigures.unreadable(run, "iteration " + run.iteration() + " has no results")
                                : RunFigures.of(run.repeat(), summary));
            }
            runs.sort(Comparator.comparingInt(RunFigures::repeat));
            cells.add(cell(state, cell, runs, FaultEstimates.of(faults)));
        }
        return cells;
    }

    private static CellResult cell(StudyState state, int cell, List<RunFigures> runs, List<FaultEstimates> faults) {
        int failed =
                (int) runs.stream().filter(r -> "failure".equals(r.outcome())).count();
        boolean unknown = runs.stream().anyMatch(r -> "unknown".equals(r.outcome()));
        String outcome = failed > 0 ? "failure" : unknown || runs.size() < state.repeats() ? "unknown" : "success";
        List<Double> offered =
                runs.stream().map(RunFigures::offered).filter(Objects::nonNull).toList();
        Double offeredMean = offered.isEmpty()
                ? null
                : offered.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        return new CellResult(
                cell,
                state.cellLabel(cell),
                state.cellValues(cell),
                outcome,
                runs.size(),
                failed,
                offeredMean,
                estimate(runs, "throughput"),
                estimate(runs, "p50Ms"),
                estimate(runs, "p99Ms"),
                estimate(runs, "maxMs"),
                estimate(runs, "lost"),
                estimate(runs, "lostPercent"),
                estimate(runs, "jitterMaxMs"),
                List.copyOf(runs),
                faults);
    }

    private static Estimate estimate(List<RunFigures> runs, String statistic) {
        List<Double> values = new ArrayList<>();
        for (RunFigures run : runs) {
            values.add(run.statistic(statistic));
        }
        return Estimate.of(values);
    }
}

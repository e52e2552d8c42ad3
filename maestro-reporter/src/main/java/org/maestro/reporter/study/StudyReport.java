package org.maestro.reporter.study;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.chart.Chart;
import org.maestro.reporter.html.Page;
import org.maestro.reporter.out.SummaryJson;

/**
 * Writes the report of a study beside its test's other reports: {@code study.html}, {@code study.json} and
 * {@code study-junit.xml}, from the study state and the iterations' summaries.
 */
public final class StudyReport {

    /** File name of the study's figures in the test directory. */
    public static final String JSON_FILE = "study.json";

    /**
     * The content of study.json.
     *
     * @param formatVersion {@link StudyState#FORMAT_VERSION}
     * @param test          the test every run is an iteration of
     * @param dimensions    the dimensions
     * @param repeats       repeats per cell
     * @param runs          runs of the whole study
     * @param finished      runs finished
     * @param cells         the cells, in cell order
     */
    public record StudyFile(
            int formatVersion,
            String test,
            List<StudyState.Dimension> dimensions,
            int repeats,
            long runs,
            int finished,
            List<CellResult> cells) {}

    private StudyReport() {}

    /**
     * Writes the study report of a test directory that holds a study state; nothing otherwise.
     *
     * @param iterations the test's iteration summaries
     * @return the study page, empty when the test is no study
     */
    public static Optional<Path> write(Path testDir, List<TestSummary> iterations) throws IOException {
        Optional<StudyState> state = StudyState.read(testDir);
        if (state.isEmpty()) {
            return Optional.empty();
        }
        Map<Integer, TestSummary> byIteration = new HashMap<>();
        iterations.forEach(s -> byIteration.put(s.iteration(), s));
        List<CellResult> cells = StudyAnalysis.cells(state.get(), byIteration);
        StudyState study = state.get();
        SummaryJson.writeValue(
                testDir.resolve(JSON_FILE),
                new StudyFile(
                        StudyState.FORMAT_VERSION,
                        study.test(),
                        study.dimensions(),
                        study.repeats(),
                        study.runCount(),
                        study.runs().size(),
                        cells));
        StudyJUnit.write(testDir, study, cells);
        List<Chart> charts = StudyCharts.all(study, cells);
        return Optional.of(Page.write(testDir.resolve(StudyPage.FILE_NAME), StudyPage.render(study, cells, charts)));
    }
}

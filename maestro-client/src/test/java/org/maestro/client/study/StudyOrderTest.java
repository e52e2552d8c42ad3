package org.maestro.client.study;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import groovy.lang.Binding;
import groovy.lang.GroovyShell;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.api.TestResult;
import org.maestro.common.options.OptionCode;
import org.maestro.reporter.study.StudyState;

/**
 * The definitions a study hands to the test runner, in order: rounds of every cell (the last dimension fastest), the
 * cell's parameter values over what the test block set, and on resume only the runs not finished before.
 */
class StudyOrderTest {
    /** The runs of {@link #matrix()} in order: two rounds of its four cells. */
    private static final List<String> ROUNDS = List.of(
            "order 100 info 1s",
            "order 100 debug 1s",
            "order 200 info 1s",
            "order 200 debug 1s",
            "order 100 info 2s",
            "order 100 debug 2s",
            "order 200 info 2s",
            "order 200 debug 2s");

    @TempDir
    Path results;

    private final List<String> notes = new ArrayList<>();
    private final List<String> asked = new ArrayList<>();

    private static MatrixDefinition matrix() {
        MatrixDefinition matrix = new MatrixDefinition();
        Binding binding = new Binding();
        binding.setVariable("m", matrix);
        new GroovyShell(binding)
                .evaluate("m.with { name 'order'; rate 100, 200; dimension 'logs', 'info', 'debug'; "
                        + "repeat 2; test { cell -> rate 999; option 'LOG_LEVEL', cell.logs; drainTimeout \"${cell.repeat}s\" "
                        + "} }");
        return matrix;
    }

    /** A runner that records each definition it is given and stops the study at the given call (0: never). */
    private StudyRunner runner(boolean resume, int failAt) {
        StudyRunner.Settings settings = new StudyRunner.Settings(
                results, resume, false, "maestro-cli run s --resume", name -> null, notes::add);
        return new StudyRunner(
                settings,
                (Consumer<TestDefinition> definition) -> {
                    TestDefinition test = new TestDefinition();
                    definition.accept(test);
                    Map<OptionCode, String> values = test.values();
                    String run = values.get(OptionCode.TEST_NAME) + " " + values.get(OptionCode.RATE) + " "
                            + values.get(OptionCode.LOG_LEVEL) + " " + values.get(OptionCode.DRAIN_TIMEOUT);
                    if (asked.size() + 1 == failAt) {
                        throw MaestroException.infrastructure("the peers went away");
                    }
                    asked.add(run);
                    return new TestResult(
                            "order", asked.size() - 1, true, "", results.resolve("order"), null, Map.of(), List.of());
                },
                () -> {});
    }

    @Test
    void runsGoInRoundsWithTheCellsValuesOverTheTestBlocks() throws IOException {
        StudyResult study = runner(false, 0).run(matrix());

        assertEquals(ROUNDS, asked);
        assertEquals(
                8,
                StudyState.read(results.resolve("order")).orElseThrow().runs().size());
        assertEquals(8, study.getRan().size());
        assertTrue(study.isPassed());
    }

    @Test
    void aStoppedStudyPrintsHowToGoOnAndResumeRunsOnlyWhatIsLeft() throws IOException {
        assertThrows(MaestroException.class, () -> runner(false, 4).run(matrix()));

        assertEquals(
                3,
                StudyState.read(results.resolve("order")).orElseThrow().runs().size());
        assertTrue(
                notes.contains("study order stopped after 3 of 8 runs; the finished runs are recorded in "
                        + results.resolve("order/study-state.json") + ". To go on with the next run: maestro-cli run s "
                        + "--resume"),
                notes.toString());
        asked.clear();

        StudyResult resumed = runner(true, 0).run(matrix());

        assertEquals(ROUNDS.subList(3, ROUNDS.size()), asked, "the fourth run and those after it");
        assertEquals(3, resumed.getSkipped());
        assertEquals(8, resumed.getState().runs().size());
    }
}

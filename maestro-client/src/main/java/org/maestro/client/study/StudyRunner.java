package org.maestro.client.study;

import groovy.lang.Closure;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import org.maestro.client.api.MaestroException;
import org.maestro.client.api.TestDefinition;
import org.maestro.client.api.TestResult;
import org.maestro.reporter.study.StudyState;

/**
 * Runs a study: every cell × repeat as an iteration of one test, round after round (see {@link StudyState}),
 * recording each finished run in the study state; with resume, skips the runs an earlier invocation finished. An
 * interruption (Ctrl-C) or a failure leaves the state and the finished runs' results, and prints how to resume.
 */
public final class StudyRunner {

    /**
     * How this invocation runs studies.
     *
     * @param resultsRoot   the results directory
     * @param resume        true to go on with a study the results directory holds ({@code --resume})
     * @param allowLarge    true to allow more than {@link StudyPlan#RUN_LIMIT} runs ({@code --yes})
     * @param resumeCommand the command that resumes this invocation, shown when it stops early
     * @param environment   where tests read their parameters
     * @param notes         where notes for the user go
     */
    public record Settings(
            Path resultsRoot,
            boolean resume,
            boolean allowLarge,
            String resumeCommand,
            UnaryOperator<String> environment,
            Consumer<String> notes) {}

    private final Settings settings;
    private final Function<Consumer<TestDefinition>, TestResult> runTest;
    private final Runnable rebuildReport;

    /**
     * @param runTest       runs one test from the script's defaults, as {@code maestro.test} does
     * @param rebuildReport rebuilds the report, so that it shows the last finished run
     */
    public StudyRunner(
            Settings settings, Function<Consumer<TestDefinition>, TestResult> runTest, Runnable rebuildReport) {
        this.settings = settings;
        this.runTest = runTest;
        this.rebuildReport = rebuildReport;
    }

    /** Runs (or resumes) the study the matrix describes. */
    public StudyResult run(MatrixDefinition matrix) {
        StudyState planned = StudyPlan.of(matrix, settings.environment(), settings.allowLarge());
        Path directory = settings.resultsRoot().resolve(planned.test());
        StudyState state = startingState(planned, directory);
        write(state, directory);
        List<TestResult> ran = new ArrayList<>();
        int skipped = state.runs().size();
        if (skipped > 0) {
            settings.notes()
                    .accept("study " + state.test() + ": " + skipped + " of " + state.runCount()
                            + " runs finished before; "
                            + (state.complete() ? "nothing left to run" : "resuming with the next"));
        }
        Interruption interruption = new Interruption(directory);
        interruption.install();
        boolean stoppedEarly = true;
        try {
            for (int repeat = 1; repeat <= state.repeats(); repeat++) {
                for (int cell = 0; cell < state.cellCount(); cell++) {
                    if (state.finished(cell, repeat).isPresent()) {
                        continue;
                    }
                    interruption.progress(state);
                    settings.notes()
                            .accept(String.format(
                                    "study %s: run %d of %d — cell %d (%s), repeat %d",
                                    state.test(),
                                    state.runs().size() + 1,
                                    state.runCount(),
                                    cell + 1,
                                    state.cellLabel(cell),
                                    repeat));
                    TestResult result = runTest.apply(definitionOf(matrix, state, cell, repeat));
                    ran.add(result);
                    state = state.with(new StudyState.Run(
                            cell, repeat, result.iteration(), result.passed() ? "success" : "failure"));
                    write(state, directory);
                    interruption.progress(state);
                }
            }
            stoppedEarly = false;
        } finally {
            interruption.remove();
            rebuildReport.run();
            if (stoppedEarly) {
                settings.notes().accept(resumeHint(state, directory));
            }
        }
        settings.notes()
                .accept("study " + state.test() + ": " + state.runs().size() + " runs finished; report "
                        + directory.resolve("study.html").toAbsolutePath());
        return new StudyResult(directory, state, ran, skipped);
    }

    /** The state to go on from: the earlier study's with --resume (refused when its matrix differs), else new. */
    private StudyState startingState(StudyState planned, Path directory) {
        Optional<StudyState> earlier;
        try {
            earlier = StudyState.read(directory);
        } catch (IOException e) {
            throw MaestroException.usage(e.getMessage() + "; remove it to start the study anew, or run into another "
                    + "results directory (--results)");
        }
        if (!settings.resume()) {
            earlier.filter(s -> !s.complete())
                    .ifPresent(
                            s -> settings.notes()
                                    .accept(
                                            "study " + s.test() + ": an "
                                                    + "unfinished study ("
                                                    + s.runs().size() + " of " + s.runCount() + " runs) in " + directory
                                                    + " is replaced by a new one; its iterations stay. To continue it instead, run with --resume"));
            return planned;
        }
        if (earlier.isEmpty()) {
            settings.notes()
                    .accept("study " + planned.test() + ": no earlier study in " + directory
                            + " to resume; starting it");
            return planned;
        }
        List<String> differences =
                planned.redacted().differencesFrom(earlier.get().redacted());
        if (!differences.isEmpty()) {
            throw MaestroException.usage("--resume refused: the study '" + planned.test() + "' in " + directory
                    + " was started with another matrix; the script now has " + String.join("; ", differences)
                    + ". Restore the script's matrix to resume it, or run without --resume into another results "
                    + "directory (--results)");
        }
        return new StudyState(
                StudyState.FORMAT_VERSION,
                planned.test(),
                planned.dimensions(),
                planned.repeats(),
                planned.heatMap(),
                earlier.get().runs(),
                planned.spread());
    }

    /** The definition of one run: the test closure with the cell, then the cell's parameter values. */
    private static Consumer<TestDefinition> definitionOf(
            MatrixDefinition matrix, StudyState state, int cell, int repeat) {
        Map<String, String> texts = state.cellValues(cell);
        Map<String, Object> values = new LinkedHashMap<>();
        for (MatrixDefinition.Dimension dimension : matrix.dimensions()) {
            String text = texts.get(dimension.name());
            values.put(
                    dimension.name(),
                    dimension.values().stream()
                            .filter(v -> String.valueOf(v).equals(text))
                            .findFirst()
                            .orElse(text));
        }
        StudyCell studyCell = new StudyCell(cell + 1, repeat, values);
        return test -> {
            Closure<?> perCell = matrix.testClosure();
            if (perCell != null) {
                Closure<?> copy = (Closure<?>) perCell.clone();
                copy.setResolveStrategy(Closure.DELEGATE_FIRST);
                copy.setDelegate(test);
                copy.call(studyCell);
            }
            test.name(state.test());
            for (MatrixDefinition.Dimension dimension : matrix.dimensions()) {
                if (dimension.parameter() != null) {
                    test.option(dimension.parameter().parameter(), texts.get(dimension.name()));
                }
            }
        };
    }

    private void write(StudyState state, Path directory) {
        try {
            state.write(directory);
        } catch (IOException e) {
            throw MaestroException.infrastructure(
                    "cannot write the study state " + directory.resolve(StudyState.FILE_NAME) + ": " + e.getMessage()
                            + "; check that the results directory is writable");
        }
    }

    private String resumeHint(StudyState state, Path directory) {
        return "study " + state.test() + " stopped after " + state.runs().size() + " of " + state.runCount()
                + " runs; the finished runs are recorded in " + directory.resolve(StudyState.FILE_NAME)
                + ". To go on with the next run: " + settings.resumeCommand();
    }

    /** Prints how to resume when the JVM is stopped (Ctrl-C) while the study runs. */
    private final class Interruption {
        private final Path directory;
        private final Thread hook;
        private volatile StudyState state;

        Interruption(Path directory) {
            this.directory = directory;
            this.hook = new Thread(
                    () -> {
                        StudyState last = this.state;
                        if (last != null) {
                            settings.notes().accept("interrupted: " + resumeHint(last, this.directory));
                        }
                    },
                    "study-interruption");
        }

        void progress(StudyState current) {
            this.state = current;
        }

        void install() {
            Runtime.getRuntime().addShutdownHook(hook);
        }

        void remove() {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the JVM is stopping: the hook runs and prints the hint
            }
        }
    }
}

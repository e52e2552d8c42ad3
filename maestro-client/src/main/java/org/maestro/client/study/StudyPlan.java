package org.maestro.client.study;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.maestro.client.api.MaestroException;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;
import org.maestro.reporter.study.StudyState;

/**
 * Checks a matrix as the script wrote it before anything runs, and turns it into the state of a new study: refuses an
 * empty dimension, a repeat below 1, a value a parameter does not accept, a parameter the environment would override,
 * and more than {@link #RUN_LIMIT} runs unless allowed, each time saying how to fix it.
 */
public final class StudyPlan {
    /** The most runs a study may have without {@code --yes} or {@code allowLarge true}. */
    public static final int RUN_LIMIT = 500;

    private StudyPlan() {}

    /**
     * The state of the study the matrix describes, with no run finished.
     *
     * @param environment the environment the tests read their parameters from
     * @param allowLarge  true when {@code --yes} allows more than {@link #RUN_LIMIT} runs
     * @throws MaestroException a usage error naming every problem
     */
    public static StudyState of(MatrixDefinition matrix, UnaryOperator<String> environment, boolean allowLarge) {
        String name = matrix.studyName();
        List<String> problems = new ArrayList<>(matrix.problems());
        try {
            OptionCode.TEST_NAME.validate(name);
        } catch (IllegalArgumentException e) {
            problems.add("the study's name '" + name + "' is not a valid test name: " + e.getMessage());
        }
        int repeats = matrix.repeats() == null ? 1 : matrix.repeats();
        if (repeats < 1) {
            problems.add("repeat " + repeats + " is less than 1; give repeat 1 or more");
        }
        List<StudyState.Dimension> dimensions = new ArrayList<>();
        for (MatrixDefinition.Dimension dimension : matrix.dimensions()) {
            if (dimension.parameter() != null) {
                checkParameter(dimension, environment, problems);
            }
            List<String> texts =
                    dimension.values().stream().map(String::valueOf).toList();
            List<String> repeated = texts.stream()
                    .filter(v -> texts.indexOf(v) != texts.lastIndexOf(v))
                    .distinct()
                    .toList();
            if (!repeated.isEmpty()) {
                problems.add("dimension " + dimension.name() + " has the value(s) " + String.join(", ", repeated)
                        + " more than once; give each value once and use repeat for more runs of a cell");
            }
            dimensions.add(new StudyState.Dimension(
                    dimension.name(),
                    dimension.parameter() == null ? null : dimension.parameter().parameter(),
                    texts));
        }
        List<String> names = dimensions.stream().map(StudyState.Dimension::name).toList();
        List<String> heatMap = matrix.heatMapDimensions();
        for (String axis : heatMap) {
            if (!names.contains(axis)) {
                problems.add("heatMap names '" + axis + "', which is no dimension of the study; its dimensions are "
                        + String.join(", ", names));
            }
        }
        if (!problems.isEmpty()) {
            throw MaestroException.usage("maestro.matrix '" + name + "' cannot run: " + String.join("; ", problems));
        }
        StudyState state = new StudyState(
                StudyState.FORMAT_VERSION, name, dimensions, repeats, heatMap, List.of(), matrix.spreadStatistic());
        if (state.runCount() > RUN_LIMIT && !allowLarge && !matrix.allowsLarge()) {
            throw MaestroException.usage(tooLarge(state));
        }
        return state;
    }

    private static void checkParameter(
            MatrixDefinition.Dimension dimension, UnaryOperator<String> environment, List<String> problems) {
        String parameter = dimension.parameter().parameter();
        String fromEnvironment = environment.apply(parameter);
        if (fromEnvironment != null && !fromEnvironment.isBlank()) {
            problems.add(parameter + "=" + fromEnvironment + " is set in the environment and would override the "
                    + "dimension " + dimension.name() + " in every cell; unset it");
        }
        for (Object value : dimension.values()) {
            try {
                TestOptions.DEFAULTS.with(dimension.parameter(), String.valueOf(value));
            } catch (IllegalArgumentException e) {
                problems.add("dimension " + dimension.name() + ": " + e.getMessage());
            }
        }
    }

    private static String tooLarge(StudyState state) {
        String sizes = state.dimensions().stream()
                .map(d -> Integer.toString(d.values().size()))
                .collect(Collectors.joining(" × "));
        StudyState.Dimension largest = state.dimensions().stream()
                .max(Comparator.comparingInt(d -> d.values().size()))
                .orElse(null);
        return String.format(
                Locale.ROOT,
                "maestro.matrix '%s' has %s = %d cell(s) × %d repeat(s) = %d runs, more than"
                        + " %d; narrow it (fewer values%s, or fewer repeats), or allow it: run the same command with --yes "
                        + "added, or set allowLarge true in maestro.matrix",
                state.test(),
                sizes.isEmpty() ? "1" : sizes,
                state.cellCount(),
                state.repeats(),
                state.runCount(),
                RUN_LIMIT,
                largest == null
                        ? ""
                        : " — the largest dimension is " + largest.name() + " with "
                                + largest.values().size() + " values");
    }
}

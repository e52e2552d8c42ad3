package org.maestro.dist;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * One build of a pipeline under test: its result, what became of each stage, the steps it called in order (each with
 * the stage it ran in, {@code post} for the post conditions), and the environment its sh steps saw.
 */
record JenkinsBuild(Result result, Map<String, StageStatus> stages, List<Step> steps, Map<String, String> environment) {

    /** A build's result, from best to worst. */
    enum Result {
        SUCCESS,
        UNSTABLE,
        FAILURE;

        /** The worse of the two: a result never improves. */
        Result worse(Result other) {
            return other.ordinal() > ordinal() ? other : this;
        }
    }

    /** What became of a stage. */
    enum StageStatus {
        RAN,
        FAILED,
        SKIPPED_BY_WHEN,
        SKIPPED_AFTER_FAILURE
    }

    /** A step as the pipeline called it. */
    record Step(String stage, String name, List<Object> arguments) {
        /** The step's only argument, when it takes named arguments ({@code junit testResults: '…'}). */
        Map<?, ?> named() {
            if (arguments.size() != 1 || !(arguments.get(0) instanceof Map<?, ?> map)) {
                throw new AssertionError(this + " takes no named arguments");
            }
            return map;
        }

        /** The step's only argument as text ({@code sh '…'}, {@code error('…')}). */
        String text() {
            if (arguments.size() != 1 || !(arguments.get(0) instanceof CharSequence text)) {
                throw new AssertionError(this + " takes no single text argument");
            }
            return text.toString();
        }

        @Override
        public String toString() {
            return stage + ": " + name + Arrays.toString(arguments.toArray());
        }
    }

    /** The steps of that name, in the order they ran. */
    List<Step> steps(String name) {
        return steps.stream().filter(step -> step.name().equals(name)).toList();
    }

    /** The one step of that name; fails when the build called it never or more than once. */
    Step onlyStep(String name) {
        List<Step> found = steps(name);
        if (found.size() != 1) {
            throw new AssertionError("expected one " + name + " step, found " + found.size() + ": " + steps);
        }
        return found.get(0);
    }

    /** The stages of that status, in the pipeline's order. */
    List<String> stagesThat(StageStatus status) {
        return stages.entrySet().stream()
                .filter(stage -> stage.getValue() == status)
                .map(Map.Entry::getKey)
                .toList();
    }
}

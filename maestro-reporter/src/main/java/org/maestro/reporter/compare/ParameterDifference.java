package org.maestro.reporter.compare;

/**
 * One test parameter that differs between the two compared iterations of a test, e.g. RATE 500 in
 * the baseline and 1000 now: the runs measured different things, so their numbers are not comparable.
 *
 * @param test test name
 * @param baselineIteration the baseline's iteration compared
 * @param currentIteration the current iteration compared
 * @param parameter the parameter name, e.g. RATE
 * @param baseline its value in the baseline ("(not set)" when absent)
 * @param current its value now ("(not set)" when absent)
 */
public record ParameterDifference(
        String test, int baselineIteration, int currentIteration, String parameter, String baseline, String current) {

    /** One line for a terminal: {@code fixed-rate: RATE 500 vs 1000}. */
    @Override
    public String toString() {
        return test + ": " + parameter + " " + baseline + " vs " + current;
    }
}

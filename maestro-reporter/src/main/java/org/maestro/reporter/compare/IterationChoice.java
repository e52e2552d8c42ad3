package org.maestro.reporter.compare;

/**
 * Which iteration of each test {@link Comparison} compares on each side: a number, or the latest
 * (highest numbered) one when null. Immutable.
 *
 * <pre>{@code
 * IterationChoice.LATEST                  // the newest run of each test on both sides (the default)
 * new IterationChoice(0, null)            // baseline #0 against the newest current run
 * }</pre>
 *
 * @param baseline the baseline iteration, null for the latest
 * @param current the current iteration, null for the latest
 */
public record IterationChoice(Integer baseline, Integer current) {

    /** The latest iteration of each test on both sides. */
    public static final IterationChoice LATEST = new IterationChoice(null, null);

    /** Rejects negative iteration numbers. */
    public IterationChoice {
        if (baseline != null && baseline < 0 || current != null && current < 0) {
            throw new IllegalArgumentException("an iteration number is 0 or more, not "
                    + (baseline != null && baseline < 0 ? baseline : current) + "; iterations are the directories "
                    + "0, 1, 2 … under <results>/<test>/");
        }
    }
}

package org.maestro.common.text;

/** Formats numbers as a user writes them in settings and thresholds, for the messages and pages that repeat them. */
public final class Numbers {

    private Numbers() {}

    /** A number as a user writes it: {@code 10} for 10.0, {@code 2.5} as is. */
    public static String plain(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }
}

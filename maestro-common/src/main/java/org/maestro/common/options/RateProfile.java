package org.maestro.common.options;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A rate that changes over the test (RATE_PROFILE): comma-separated phases, each a step ({@code 1000 for 30s}: that
 * rate for that long) or a ramp ({@code ramp 5000 over 60s}: linear from the rate the phase before ended at, 0 for the
 * first phase, to that rate). Rates are messages per second per connection, like RATE; a rate of 0 is a pause.
 *
 * <pre>{@code
 * RateProfile.parse("1000 for 30s, ramp 5000 over 60s, 5000 for 2m").total()   // PT3M30S
 * }</pre>
 *
 * @param phases the phases in order, at least one
 */
public record RateProfile(List<Phase> phases) {
    /** The accepted forms, for error messages. */
    public static final String FORMS = "comma-separated phases '<rate> for <duration>' (a step) or 'ramp <rate> over"
            + " <duration>' (linear from the rate before, 0 at the start), rates in messages/s per connection"
            + " (0 = a pause), durations such as 500ms, 90s or 2m; e.g. \"1000 for 30s, ramp 5000 over 60s,"
            + " 5000 for 2m\"";

    /** The most phases a profile may have. */
    public static final int MAX_PHASES = 1000;
    /** The longest a profile may last: 366 days. */
    public static final long MAX_TOTAL_MILLIS = 366L * 24 * 3600 * 1000;
    /** The highest rate of a phase, as for RATE. */
    public static final int MAX_RATE = 100_000_000;

    private static final String PARAMETER = "RATE_PROFILE";
    private static final Pattern STEP = Pattern.compile("(-?\\d{1,12})\\s+for\\s+(\\S+)");
    private static final Pattern RAMP = Pattern.compile("ramp\\s+(-?\\d{1,12})\\s+over\\s+(\\S+)");

    /**
     * One phase: the rate goes linearly from {@code fromRate} to {@code toRate} over {@code millis} (equal for a step).
     *
     * @param number 1-based position in the profile
     * @param ramp true for a ramp, false for a step
     * @param fromRate messages/s per connection at the phase's start
     * @param toRate messages/s per connection at its end
     * @param offsetMillis when the phase starts, from the start of the profile
     * @param millis how long it lasts, &gt; 0
     */
    public record Phase(int number, boolean ramp, long fromRate, long toRate, long offsetMillis, long millis) {

        /** When the phase ends, from the start of the profile. */
        public long endMillis() {
            return offsetMillis + millis;
        }

        /** The mean planned rate over the phase, messages/s per connection. */
        public double meanRate() {
            return (fromRate + toRate) / 2.0;
        }

        /** The phase as written, e.g. {@code ramp 5000 over 1m} or {@code 1000 for 30s}. */
        public String text() {
            String length = Durations.format(Duration.ofMillis(millis));
            return ramp ? "ramp " + toRate + " over " + length : toRate + " for " + length;
        }

        /** A short label for charts and tables: {@code ramp → 5000} or {@code 1000}. */
        public String label() {
            return ramp ? "ramp " + fromRate + " → " + toRate : toRate == 0 ? "pause" : Long.toString(toRate);
        }
    }

    public RateProfile {
        phases = List.copyOf(phases);
        if (phases.isEmpty()) {
            throw new IllegalArgumentException("a rate profile has at least one phase");
        }
    }

    /**
     * Parses a profile.
     *
     * @throws InvalidOptionException naming RATE_PROFILE, the phase that is wrong and a valid example
     */
    public static RateProfile parse(String text) {
        String value = text == null ? "" : text.trim();
        if (value.isEmpty()) {
            throw new InvalidOptionException(PARAMETER, value, "it has no phase", FORMS);
        }
        String[] parts = value.split(",", -1);
        if (parts.length > MAX_PHASES) {
            throw new InvalidOptionException(
                    PARAMETER, value, "it has " + parts.length + " phases, more than " + MAX_PHASES, FORMS);
        }
        List<Phase> phases = new ArrayList<>(parts.length);
        long rateBefore = 0;
        long offset = 0;
        for (int i = 0; i < parts.length; i++) {
            Phase phase = phase(value, i + 1, parts[i].trim(), rateBefore, offset);
            phases.add(phase);
            rateBefore = phase.toRate();
            offset = phase.endMillis();
        }
        return new RateProfile(phases);
    }

    private static Phase phase(String whole, int number, String text, long rateBefore, long offset) {
        String lower = text.toLowerCase(Locale.ROOT);
        Matcher step = STEP.matcher(lower);
        Matcher ramp = RAMP.matcher(lower);
        boolean isRamp = ramp.matches();
        Matcher parts = isRamp ? ramp : step;
        if (!isRamp && !step.matches()) {
            throw refused(whole, number, text, "neither '<rate> for <duration>' nor 'ramp <rate> over <duration>'");
        }
        long rate = Long.parseLong(parts.group(1));
        if (rate < 0) {
            throw refused(whole, number, text, "a negative rate");
        }
        if (rate > MAX_RATE) {
            throw refused(whole, number, text, "a rate above " + MAX_RATE);
        }
        Duration length;
        try {
            length = parts.group(2).equals("0") ? Duration.ZERO : Durations.parse(parts.group(2));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw refused(whole, number, text, "'" + parts.group(2) + "' is not " + Durations.FORMS);
        }
        if (length.isZero()) {
            throw refused(whole, number, text, isRamp ? "a ramp of zero length" : "a step of zero length");
        }
        if (length.compareTo(Duration.ofMillis(MAX_TOTAL_MILLIS - offset)) > 0) {
            throw refused(whole, number, text, "past 366 days from the start, longer than a profile may last");
        }
        return new Phase(number, isRamp, isRamp ? rateBefore : rate, rate, offset, length.toMillis());
    }

    private static InvalidOptionException refused(String whole, int number, String phase, String why) {
        return new InvalidOptionException(PARAMETER, whole, "phase " + number + " '" + phase + "': " + why, FORMS);
    }

    /** How long the profile lasts: the sum of its phases, the test's duration. */
    public Duration total() {
        return Duration.ofMillis(phases.get(phases.size() - 1).endMillis());
    }

    /** The rate at the start of the profile, messages/s per connection: that of a warm-up before it. */
    public long startRate() {
        return phases.get(0).fromRate();
    }

    /** The profile as written, normalised: {@code 1000 for 30s, ramp 5000 over 1m}. */
    @Override
    public String toString() {
        return String.join(", ", phases.stream().map(Phase::text).toList());
    }
}

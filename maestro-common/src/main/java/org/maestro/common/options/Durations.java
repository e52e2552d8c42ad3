package org.maestro.common.options;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints the human durations of test parameters: {@code 500ms}, {@code 90s}, {@code 10m}, {@code 1h30m}. */
public final class Durations {
    /** The accepted forms, for error messages. */
    public static final String FORMS = "a duration such as 500ms, 90s, 10m or 1h30m (units h, m, s, ms)";

    private static final Pattern WHOLE = Pattern.compile("(?:\\d+(?:h|ms|m|s))+");
    private static final Pattern PART = Pattern.compile("(\\d+)(h|ms|m|s)");

    private Durations() {}

    /** Returns true when the text is a duration with units (a bare number is not). */
    public static boolean isDuration(String text) {
        return text != null && WHOLE.matcher(text.trim()).matches();
    }

    /**
     * Parses a duration with units.
     *
     * @throws IllegalArgumentException when the text is not of the accepted forms
     */
    public static Duration parse(String text) {
        if (!isDuration(text)) {
            throw new IllegalArgumentException("'" + text + "' is not " + FORMS);
        }
        Duration total = Duration.ZERO;
        Matcher part = PART.matcher(text.trim());
        while (part.find()) {
            long amount = Long.parseLong(part.group(1));
            total = switch (part.group(2)) {
                case "h" -> total.plusHours(amount);
                case "m" -> total.plusMinutes(amount);
                case "s" -> total.plusSeconds(amount);
                default -> total.plusMillis(amount);
            };
        }
        return total;
    }

    /** Prints a duration in the same form {@link #parse} reads, e.g. {@code 1h30m} or {@code 2500ms}. */
    public static String format(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        if (duration.toMillisPart() != 0) {
            return duration.toMillis() + "ms";
        }
        StringBuilder text = new StringBuilder();
        long hours = duration.toHours();
        if (hours > 0) {
            text.append(hours).append('h');
        }
        if (duration.toMinutesPart() > 0) {
            text.append(duration.toMinutesPart()).append('m');
        }
        if (duration.toSecondsPart() > 0) {
            text.append(duration.toSecondsPart()).append('s');
        }
        return text.toString();
    }
}

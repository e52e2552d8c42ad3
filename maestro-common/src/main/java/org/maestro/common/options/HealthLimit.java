package org.maestro.common.options;

import java.time.Duration;
import java.util.Locale;

/**
 * One threshold of the generator's health (GENERATOR_CPU, GENERATOR_SHARE, GENERATOR_HICCUP, GENERATOR_SEND_DELAY):
 * a percentage, a duration, or the test's own response-time p50. Past it, a second of a sender or receiver counts as
 * saturated; a run with too large a share of such seconds is marked generator-bound (docs/measurement.md,
 * "Is the generator the bottleneck?").
 *
 * @param kind what {@code value} is
 * @param value the percentage (0–100), or the duration in µs; 0 for {@link Kind#RESPONSE_P50}
 */
public record HealthLimit(Kind kind, double value) {
    /** What the threshold is measured in. */
    public enum Kind {
        /** A percentage: of the cores, of the measured seconds or of the send interval. */
        PERCENT,
        /** A duration, in µs. */
        MICROS,
        /** The response-time p50 of the test. */
        RESPONSE_P50
    }

    /** The forms of a percentage threshold. */
    public static final String PERCENT_FORMS = "a percentage such as 90% or 12.5% (0% to 100%)";
    /** The forms of a delay threshold: a duration, or p50 (the test's response-time p50). */
    public static final String HICCUP_FORMS = "p50 (the test's response-time p50) or a duration such as 2ms or 500us";
    /** The forms of the send-delay threshold: a share of the send interval, or a duration. */
    public static final String SEND_DELAY_FORMS =
            "a percentage of the send interval (1/RATE) such as 10%, or a duration such as 2ms or 500us";

    /** Parses a percentage threshold, e.g. {@code 90%}. */
    public static HealthLimit percent(String parameter, String text) {
        return parsePercent(text).orElseThrow(() -> new InvalidOptionException(parameter, text, PERCENT_FORMS));
    }

    /** Parses {@code p50} or a duration. */
    public static HealthLimit hiccup(String parameter, String text) {
        String value = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("p50")) {
            return new HealthLimit(Kind.RESPONSE_P50, 0);
        }
        return parseMicros(value).orElseThrow(() -> new InvalidOptionException(parameter, text, HICCUP_FORMS));
    }

    /** Parses a percentage of the send interval or a duration. */
    public static HealthLimit sendDelay(String parameter, String text) {
        return parsePercent(text)
                .or(() -> parseMicros(text == null ? "" : text.trim().toLowerCase(Locale.ROOT)))
                .orElseThrow(() -> new InvalidOptionException(parameter, text, SEND_DELAY_FORMS));
    }

    /** The threshold in µs: a duration as is, a percentage of {@code wholeMicros}, or {@code p50Micros}. */
    public double micros(double wholeMicros, double p50Micros) {
        return switch (kind) {
            case PERCENT -> wholeMicros * value / 100.0;
            case MICROS -> value;
            case RESPONSE_P50 -> p50Micros;
        };
    }

    /** As written: {@code 90%}, {@code 2000 µs} or {@code p50}. */
    @Override
    public String toString() {
        return switch (kind) {
            case PERCENT -> trim(value) + "%";
            case MICROS -> trim(value) + " µs";
            case RESPONSE_P50 -> "the response-time p50";
        };
    }

    private static String trim(double number) {
        return number == Math.rint(number) ? Long.toString((long) number) : Double.toString(number);
    }

    private static java.util.Optional<HealthLimit> parsePercent(String text) {
        String value = text == null ? "" : text.trim();
        if (!value.matches("\\d{1,3}(\\.\\d{1,6})?%")) {
            return java.util.Optional.empty();
        }
        double percent = Double.parseDouble(value.substring(0, value.length() - 1));
        return percent <= 100
                ? java.util.Optional.of(new HealthLimit(Kind.PERCENT, percent))
                : java.util.Optional.empty();
    }

    private static java.util.Optional<HealthLimit> parseMicros(String value) {
        try {
            if (value.matches("\\d{1,12}us")) {
                return java.util.Optional.of(
                        new HealthLimit(Kind.MICROS, Long.parseLong(value.substring(0, value.length() - 2))));
            }
            Duration duration = Durations.parse(value);
            return java.util.Optional.of(new HealthLimit(Kind.MICROS, duration.toNanos() / 1000.0));
        } catch (IllegalArgumentException | ArithmeticException notADuration) {
            return java.util.Optional.empty();
        }
    }
}

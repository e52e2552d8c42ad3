package org.maestro.common.options;

import java.math.BigDecimal;
import java.util.Locale;

/**
 * The most messages a test may lose and still pass (MAXIMUM_LOSS): a count ({@code 100}) or a percentage of the
 * messages sent ({@code 1%}, {@code 0.5%}). The default, 0, passes no loss at all; a loss that is unknown never passes.
 *
 * @param value the count, or the percentage when {@code percent}
 * @param percent true for a percentage of the messages sent
 */
public record LossLimit(BigDecimal value, boolean percent) {
    /** The accepted forms, for help and error texts. */
    public static final String FORMS = "a count of messages such as 0 or 100, or a percentage of the messages sent "
            + "such as 1% or 0.5% (default 0; an unknown loss always fails)";

    /** No loss at all: the default. */
    public static final LossLimit NONE = new LossLimit(BigDecimal.ZERO, false);

    public LossLimit {
        if (value.signum() < 0 || (percent && value.compareTo(BigDecimal.valueOf(100)) > 0)) {
            throw new IllegalArgumentException("MAXIMUM_LOSS out of range: " + value + (percent ? "%" : ""));
        }
    }

    /** Parses {@code 100}, {@code 1%} or {@code 0.5%}. */
    public static LossLimit parse(String text) {
        String value = text == null ? "" : text.trim();
        try {
            if (value.endsWith("%")) {
                String number = value.substring(0, value.length() - 1).trim();
                if (number.matches("\\d{1,3}(\\.\\d{1,6})?")) {
                    return new LossLimit(new BigDecimal(number), true);
                }
            } else if (value.matches("\\d{1,18}")) {
                return new LossLimit(new BigDecimal(value), false);
            }
        } catch (IllegalArgumentException outOfRange) {
            throw new InvalidOptionException("MAXIMUM_LOSS", text, FORMS);
        }
        throw new InvalidOptionException("MAXIMUM_LOSS", text, FORMS);
    }

    /** True when {@code lost} of {@code sent} messages is within this limit. */
    public boolean allows(long lost, long sent) {
        if (lost <= 0) {
            return true;
        }
        if (!percent) {
            return BigDecimal.valueOf(lost).compareTo(value) <= 0;
        }
        // lost / sent ≤ value / 100, without rounding: lost × 100 ≤ value × sent
        return sent > 0
                && BigDecimal.valueOf(lost)
                                .multiply(BigDecimal.valueOf(100))
                                .compareTo(value.multiply(BigDecimal.valueOf(sent)))
                        <= 0;
    }

    /** The limit as written: {@code 100} or {@code 0.5%}. */
    @Override
    public String toString() {
        return value.stripTrailingZeros().toPlainString() + (percent ? "%" : "");
    }

    /** The limit in words: {@code no loss}, {@code 100 messages} or {@code 0.5% of the messages sent}. */
    public String describe() {
        if (value.signum() == 0) {
            return "no loss";
        }
        return percent
                ? toString() + " of the messages sent"
                : String.format(Locale.ROOT, "%,d message%s", value.longValue(), value.longValue() == 1 ? "" : "s");
    }
}

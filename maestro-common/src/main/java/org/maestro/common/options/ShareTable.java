package org.maestro.common.options;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import java.util.random.RandomGenerator;

/**
 * Values with their shares of the draws, written {@code 64:50%,1024:40%,65536:10%}: the shares (0.01% to 100%, at most
 * two decimals) add to 100% (±0.01), no value twice. A draw is one random int and one array read: the table of
 * {@value #SLOTS} slots, each the index of a value, is made once. Immutable and thread-safe (the caller owns the
 * random generator).
 *
 * @param <T> the type of the values
 */
public final class ShareTable<T> {
    /** Slots of the draw table: one per 0.01% of the draws. */
    public static final int SLOTS = 10_000;
    /** The most values a table takes. */
    public static final int MAX_VALUES = 100;

    private static final BigDecimal HUNDRED = BigDecimal.valueOf(100);
    private static final BigDecimal TOLERANCE = new BigDecimal("0.01");
    private static final BigDecimal SMALLEST = new BigDecimal("0.01");

    private final List<T> values;
    private final List<BigDecimal> shares;
    private final int[] slots;

    private ShareTable(List<T> values, List<BigDecimal> shares) {
        this.values = List.copyOf(values);
        this.shares = List.copyOf(shares);
        this.slots = new int[SLOTS];
        BigDecimal total = shares.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        BigDecimal cumulative = BigDecimal.ZERO;
        int from = 0;
        for (int i = 0; i < shares.size(); i++) {
            cumulative = cumulative.add(shares.get(i));
            int to = i == shares.size() - 1
                    ? SLOTS
                    : (int) Math.round(cumulative.doubleValue() / total.doubleValue() * SLOTS);
            for (int slot = from; slot < to; slot++) {
                slots[slot] = i;
            }
            from = Math.max(from, to);
        }
    }

    /** True when the text is written as a share list (it has a {@code :}). */
    public static boolean isShareList(String text) {
        return text != null && text.contains(":");
    }

    /**
     * Parses {@code value:share%,value:share%}; {@code value} reads one value (it throws IllegalArgumentException with
     * the reason when the value is wrong).
     *
     * @throws InvalidOptionException naming {@code option}, what is wrong, and {@code forms}
     */
    public static <T> ShareTable<T> parse(String option, String text, String forms, Function<String, T> value) {
        String[] entries = text.trim().split(",", -1);
        if (entries.length > MAX_VALUES) {
            throw refused(option, text, "more than " + MAX_VALUES + " values", forms);
        }
        List<T> values = new ArrayList<>();
        List<BigDecimal> shares = new ArrayList<>();
        for (String entry : entries) {
            int colon = entry.lastIndexOf(':');
            if (colon < 0) {
                throw refused(option, text, "'" + entry.trim() + "' has no share (value:share%)", forms);
            }
            T parsed;
            try {
                parsed = value.apply(entry.substring(0, colon).trim());
            } catch (IllegalArgumentException e) {
                throw refused(option, text, e.getMessage(), forms);
            }
            if (values.contains(parsed)) {
                throw refused(option, text, parsed + " is listed twice", forms);
            }
            values.add(parsed);
            shares.add(share(option, text, entry.substring(colon + 1).trim(), forms));
        }
        BigDecimal total = shares.stream().reduce(BigDecimal.ZERO, BigDecimal::add);
        if (total.subtract(HUNDRED).abs().compareTo(TOLERANCE) > 0) {
            throw refused(
                    option,
                    text,
                    "the shares add to " + total.stripTrailingZeros().toPlainString() + "%, not 100%",
                    forms);
        }
        return new ShareTable<>(values, shares);
    }

    private static BigDecimal share(String option, String text, String written, String forms) {
        String number = written.endsWith("%")
                ? written.substring(0, written.length() - 1).trim()
                : written;
        if (!number.matches("\\d{1,3}(\\.\\d{1,2})?")) {
            throw refused(option, text, "the share '" + written + "' is not a percentage such as 40% or 12.5%", forms);
        }
        BigDecimal share = new BigDecimal(number);
        if (share.compareTo(SMALLEST) < 0 || share.compareTo(HUNDRED) > 0) {
            throw refused(option, text, "the share " + written + " is not within 0.01% and 100%", forms);
        }
        return share;
    }

    private static InvalidOptionException refused(String option, String text, String rule, String forms) {
        return new InvalidOptionException(option, text, rule, forms);
    }

    /** Draws a value: each with the chance of its share. No allocation. */
    public T draw(RandomGenerator random) {
        return values.get(slots[random.nextInt(SLOTS)]);
    }

    /** The index (in {@link #values()}) of a drawn value. */
    public int drawIndex(RandomGenerator random) {
        return slots[random.nextInt(SLOTS)];
    }

    /** The values, in the order written. */
    public List<T> values() {
        return values;
    }

    /** The share of value {@code index} as a fraction (0.5 for 50%). */
    public double share(int index) {
        return shares.get(index).doubleValue() / 100.0;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ShareTable<?> table && values.equals(table.values) && shares.equals(table.shares);
    }

    @Override
    public int hashCode() {
        return Objects.hash(values, shares);
    }

    /** As written: {@code 64:50%,1024:50%}. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            text.append(i == 0 ? "" : ",")
                    .append(values.get(i))
                    .append(':')
                    .append(shares.get(i).toPlainString())
                    .append('%');
        }
        return text.toString();
    }
}

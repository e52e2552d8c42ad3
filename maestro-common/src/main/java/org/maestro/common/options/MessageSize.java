package org.maestro.common.options;

import java.util.random.RandomGenerator;

/**
 * The size of the messages a sender sends: fixed ({@code 256}), varying ±5% around a value ({@code ~256}), or drawn
 * from a distribution of sizes with their shares ({@code 64:50%,1024:40%,65536:10%}, see {@link ShareTable}).
 *
 * @param bytes the size; for a distribution its mean, rounded
 * @param variable true for {@code ~bytes}
 * @param distribution the sizes and their shares, or null for a single size
 */
public record MessageSize(int bytes, boolean variable, ShareTable<Integer> distribution) {
    /** The largest size accepted (64 MiB). */
    public static final int MAX_BYTES = 64 * 1024 * 1024;

    /** The accepted forms, for error messages. */
    public static final String FORMS = "a positive number of bytes such as 256, ~256 for sizes varying ±5% around it,"
            + " or sizes with their shares adding to 100% such as 64:50%,1024:40%,65536:10% (sizes 1.."
            + MAX_BYTES + ")";

    public MessageSize {
        if (bytes <= 0 || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("message size must be 1.." + MAX_BYTES + " bytes, was " + bytes);
        }
    }

    /** A fixed or varying size without a distribution. */
    public MessageSize(int bytes, boolean variable) {
        this(bytes, variable, null);
    }

    /** Parses {@code 256}, {@code ~256} or {@code 64:50%,1024:50%}. */
    public static MessageSize parse(String text) {
        String value = text == null ? "" : text.trim();
        if (ShareTable.isShareList(value)) {
            return of(ShareTable.parse("MESSAGE_SIZE", value, FORMS, MessageSize::size));
        }
        boolean variable = value.startsWith("~");
        String digits = variable ? value.substring(1) : value;
        if (digits.matches("\\d{1,9}")) {
            int bytes = Integer.parseInt(digits);
            if (bytes > 0 && bytes <= MAX_BYTES) {
                return new MessageSize(bytes, variable);
            }
        }
        throw new InvalidOptionException("MESSAGE_SIZE", text, FORMS);
    }

    private static MessageSize of(ShareTable<Integer> distribution) {
        double mean = 0;
        for (int i = 0; i < distribution.values().size(); i++) {
            mean += distribution.values().get(i) * distribution.share(i);
        }
        return new MessageSize((int) Math.max(1, Math.round(mean)), false, distribution);
    }

    private static Integer size(String text) {
        if (!text.matches("\\d{1,9}")) {
            throw new IllegalArgumentException("'" + text + "' is not a number of bytes");
        }
        int bytes = Integer.parseInt(text);
        if (bytes < 1 || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("the size " + bytes + " is not within 1.." + MAX_BYTES + " bytes");
        }
        return bytes;
    }

    /** The smallest size this setting can produce. */
    public int minimum() {
        if (distribution != null) {
            return distribution.values().stream()
                    .mapToInt(Integer::intValue)
                    .min()
                    .orElse(bytes);
        }
        return variable ? Math.max(1, bytes - bytes / 20) : bytes;
    }

    /** The largest size this setting can produce. */
    public int maximum() {
        if (distribution != null) {
            return distribution.values().stream()
                    .mapToInt(Integer::intValue)
                    .max()
                    .orElse(bytes);
        }
        return variable ? bytes + bytes / 20 : bytes;
    }

    /** The size of the next message: the value itself, uniformly within ±5% of it, or drawn from the distribution. */
    public int next(RandomGenerator random) {
        if (distribution != null) {
            return distribution.draw(random);
        }
        return variable ? random.nextInt(minimum(), maximum() + 1) : bytes;
    }

    @Override
    public String toString() {
        return distribution != null ? distribution.toString() : (variable ? "~" : "") + bytes;
    }
}

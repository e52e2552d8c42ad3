package org.maestro.common.options;

import java.util.random.RandomGenerator;

/** The size of the messages a sender sends: fixed ({@code 256}) or varying ±5% around a value ({@code ~256}). */
public record MessageSize(int bytes, boolean variable) {
    /** The accepted forms, for error messages. */
    public static final String FORMS =
            "a positive number of bytes such as 256, or ~256 for sizes varying ±5% around it";

    /** The largest size accepted (64 MiB). */
    public static final int MAX_BYTES = 64 * 1024 * 1024;

    public MessageSize {
        if (bytes <= 0 || bytes > MAX_BYTES) {
            throw new IllegalArgumentException("message size must be 1.." + MAX_BYTES + " bytes, was " + bytes);
        }
    }

    /** Parses {@code 256} or {@code ~256}. */
    public static MessageSize parse(String text) {
        String value = text == null ? "" : text.trim();
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

    /** The smallest size this setting can produce. */
    public int minimum() {
        return variable ? Math.max(1, bytes - bytes / 20) : bytes;
    }

    /** The largest size this setting can produce. */
    public int maximum() {
        return variable ? bytes + bytes / 20 : bytes;
    }

    /** The size of the next message: the value itself, or uniformly within ±5% of it. */
    public int next(RandomGenerator random) {
        return variable ? random.nextInt(minimum(), maximum() + 1) : bytes;
    }

    @Override
    public String toString() {
        return (variable ? "~" : "") + bytes;
    }
}

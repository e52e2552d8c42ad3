package org.maestro.client.api;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many bytes the client takes from one peer when it collects the peer's files: per file, and for all files of the
 * peer together. A peer that declares or sends more is refused, naming the limit and the option that raises it.
 *
 * @param maxFileBytes the largest file taken from a peer
 * @param maxPeerBytes the most taken from one peer in one test, all files together
 */
public record CollectLimits(long maxFileBytes, long maxPeerBytes) {
    /** Defaults that fit a day-long soak test's interval logs with room to spare: 2 GiB a file, 8 GiB a peer. */
    public static final CollectLimits DEFAULTS = new CollectLimits(2L << 30, 8L << 30);
    /** The most files taken from one peer. */
    public static final int MAX_FILES = 10_000;

    private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*([kmgt]?)(i?b)?", Pattern.CASE_INSENSITIVE);
    /** The largest file a DATA note can describe: {@code Integer.MAX_VALUE} chunks of 256 KiB is far beyond it. */
    private static final long LARGEST = 1L << 45;

    public CollectLimits {
        if (maxFileBytes <= 0 || maxPeerBytes <= 0) {
            throw new IllegalArgumentException("collection limits must be positive: " + maxFileBytes + " bytes a file, "
                    + maxPeerBytes + " bytes a peer");
        }
        if (maxFileBytes > LARGEST || maxPeerBytes > LARGEST) {
            throw new IllegalArgumentException("collection limits must be at most 32 TiB");
        }
    }

    /**
     * A size in bytes as an option gives it: a number of bytes, or with a binary unit {@code k}, {@code m}, {@code g},
     * {@code t} (optionally followed by {@code iB} or {@code B}: {@code 512m}, {@code 4GiB}).
     *
     * @throws IllegalArgumentException saying which forms are accepted
     */
    public static long parseSize(String text) {
        Matcher matcher = SIZE.matcher(text == null ? "" : text.trim());
        if (!matcher.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a size: give bytes, or a number with k, m, g or "
                    + "t (KiB … TiB), e.g. 512m or 4g");
        }
        int shift = switch (matcher.group(2).toLowerCase(Locale.ROOT)) {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        String digits = matcher.group(1);
        try {
            return Math.multiplyExact(Long.parseLong(digits), 1L << shift);
        } catch (ArithmeticException | NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is too large; the most is 32t");
        }
    }
}

package org.maestro.reporter.read;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;
import org.HdrHistogram.Histogram;

/**
 * Decodes the latency histogram of a {@code connections.csv} row (HdrHistogram's compressed encoding, base64), after
 * checking the header a peer wrote: the decoder sizes its arrays from it, so an untrusted header could ask for
 * gigabytes. Accepted: 1 to 3 significant digits (Maestro writes 3), values up to {@value #HIGHEST} µs.
 */
public final class HistogramCell {
    /** The highest trackable value accepted: above the recorders' one hour, below anything that allocates much. */
    static final long HIGHEST = 1L << 33;

    private static final int COMPRESSED_COOKIE_BASE = 0x1c849304;
    private static final int HEADER_BYTES = 40;

    private HistogramCell() {}

    /**
     * The histogram of a cell; null for an empty cell.
     *
     * @throws IllegalArgumentException saying what is wrong with the cell
     */
    public static Histogram decode(String base64) {
        if (base64 == null || base64.isEmpty()) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = Base64.getDecoder().decode(base64);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the histogram is not base64: " + e.getMessage(), e);
        }
        checkHeader(bytes);
        try {
            return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(bytes), 0);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("the histogram cannot be decoded: " + e, e);
        }
    }

    private static void checkHeader(byte[] bytes) {
        ByteBuffer outer = ByteBuffer.wrap(bytes);
        if (bytes.length < 8 || (outer.getInt() & ~0xf0) != (COMPRESSED_COOKIE_BASE & ~0xf0)) {
            throw new IllegalArgumentException("the histogram is not a compressed HdrHistogram");
        }
        int length = outer.getInt();
        if (length <= 0 || length > bytes.length - 8) {
            throw new IllegalArgumentException("the histogram's compressed length " + length + " does not fit");
        }
        byte[] header = new byte[HEADER_BYTES];
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(bytes, 8, length);
            int read = inflater.inflate(header);
            if (read < HEADER_BYTES) {
                throw new IllegalArgumentException("the histogram's header is cut short");
            }
        } catch (DataFormatException e) {
            throw new IllegalArgumentException("the histogram cannot be inflated: " + e.getMessage(), e);
        } finally {
            inflater.end();
        }
        ByteBuffer inner = ByteBuffer.wrap(header);
        inner.getInt(); // cookie
        inner.getInt(); // payload length
        inner.getInt(); // normalizing index offset
        int digits = inner.getInt();
        long lowest = inner.getLong();
        long highest = inner.getLong();
        if (digits < 1 || digits > 3 || lowest < 1 || lowest > 1000 || highest < 2 || highest > HIGHEST) {
            throw new IllegalArgumentException("the histogram's range is refused (" + digits + " digits, values "
                    + lowest + ".." + highest + "; at most 3 digits and values up to " + HIGHEST + " µs are read)");
        }
    }
}

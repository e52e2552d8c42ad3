package org.maestro.reporter.read;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * The bounds a latency interval log must keep before it is read: a peer's log is untrusted, and
 * HdrHistogram's reader holds a whole line in memory.
 *
 * @param maxLineBytes the longest line, in bytes
 * @param maxHistograms the most interval lines
 * @param maxBytes the most bytes in all (after decompression)
 */
public record LatencyLogLimits(long maxLineBytes, long maxHistograms, long maxBytes) {

    /**
     * The limits of the reporter: lines of 4 MiB (an honest interval of the widest histogram is far below 1 MiB),
     * 4,000,000 intervals (46 days of one-second intervals) and 2 GiB.
     */
    public static final LatencyLogLimits DEFAULT = new LatencyLogLimits(4L << 20, 4_000_000L, 2L << 30);

    /**
     * Reads the log once, counting, and refuses it when it breaks a limit.
     *
     * @throws RefusedLatencyLog naming the file and the limit
     * @throws IOException when it cannot be read
     */
    void check(Path file) throws IOException {
        try (InputStream in = new BufferedInputStream(open(file), 1 << 16)) {
            long bytes = 0;
            long line = 0;
            long histograms = 0;
            boolean interval = false;
            byte[] buffer = new byte[1 << 16];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                for (int i = 0; i < n; i++) {
                    byte b = buffer[i];
                    if (++bytes > maxBytes) {
                        throw new RefusedLatencyLog(file, "it holds more than the limit of " + maxBytes + " bytes");
                    }
                    if (b == '\n') {
                        line = 0;
                        continue;
                    }
                    if (line++ == 0) {
                        interval = b != '#' && b != '"' && b != '\r';
                        if (interval && ++histograms > maxHistograms) {
                            throw new RefusedLatencyLog(
                                    file, "it holds more than the limit of " + maxHistograms + " intervals");
                        }
                    }
                    if (line > maxLineBytes) {
                        throw new RefusedLatencyLog(
                                file,
                                (interval ? "the line of interval " + histograms : "a comment line")
                                        + " is longer than the limit of " + maxLineBytes + " bytes per line");
                    }
                }
            }
        }
    }

    /** Opens a log; {@code .gz} files are decompressed as a stream. */
    static InputStream open(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            try {
                return new GZIPInputStream(in);
            } catch (IOException e) {
                in.close();
                throw e;
            }
        }
        return in;
    }

    /** A latency log refused for a limit: it is not read at all. */
    public static final class RefusedLatencyLog extends IOException {
        private static final long serialVersionUID = 1L;

        RefusedLatencyLog(Path file, String why) {
            super(file + ": refused, not read: " + why
                    + " (a latency log larger than a reporter reads; the peer's other files are kept)");
        }
    }
}

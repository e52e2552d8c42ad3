package org.maestro.worker.role;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.zip.Deflater;
import org.HdrHistogram.Histogram;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.files.connections.ConnectionsCsvWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Writes a run's {@code connections.csv} (see {@link ConnectionsCsv}) and encodes its histograms. */
public final class ConnectionsFile {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionsFile.class);

    private ConnectionsFile() {}

    /** The counts of a row: a sender's or a receiver's, the other role's left empty. */
    public record Counts(Long sent, Long refused, Long resent, Long received, Long duplicates, Long lost) {
        /** A sender's counts. */
        public static Counts sender(long sent, long refused, long resent) {
            return new Counts(sent, refused, resent, null, null, null);
        }

        /** A receiver's counts. */
        public static Counts receiver(long received, long duplicates, long lost) {
            return new Counts(null, null, null, received, duplicates, lost);
        }
    }

    /** The row of a connection: where it went, its counts, bytes, measured times and measured histogram. */
    public static ConnectionsCsv.Row row(
            ConnectionPlace place, Counts counts, Histogram measured, long bytes, long firstMicros, long lastMicros) {
        return new ConnectionsCsv.Row(
                place.index(),
                place.connection(),
                place.destination(),
                place.subscription(),
                place.name(),
                counts.sent(),
                counts.refused(),
                counts.resent(),
                counts.received(),
                counts.duplicates(),
                counts.lost(),
                count(measured),
                bytes,
                firstMicros,
                lastMicros,
                encode(measured));
    }

    /** The histogram in HdrHistogram's compressed encoding, base64; "" for null or empty. */
    public static String encode(Histogram histogram) {
        if (histogram == null || histogram.getTotalCount() == 0) {
            return "";
        }
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer, Deflater.BEST_COMPRESSION);
        return Base64.getEncoder().encodeToString(Arrays.copyOf(buffer.array(), length));
    }

    /** The measured count of a histogram, 0 for null. */
    public static long count(Histogram histogram) {
        return histogram == null ? 0 : histogram.getTotalCount();
    }

    /** Writes the rows to {@code <directory>/connections.csv}; a failure is logged, not thrown (results go on). */
    public static void write(Path directory, List<ConnectionsCsv.Row> rows) {
        try {
            ConnectionsCsvWriter.write(directory.resolve(ConnectionsCsv.FILE_NAME), rows);
        } catch (IOException | RuntimeException e) {
            LOG.warn("cannot write {} in {}: {}", ConnectionsCsv.FILE_NAME, directory, e.getMessage());
        }
    }
}

package org.maestro.common.files.rate;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.maestro.common.files.csv.CsvFileWriter;
import org.maestro.common.measure.OutcomeCounts;

/**
 * Writes {@code rate.csv} (see {@link RateLog}): one row per interval with its length, the messages of the peer (all
 * of them, and those that were not warm-up messages, by each message's own warm-up flag), its errors and, for a
 * sender, how the system settled its send attempts (a receiver leaves the outcome cells empty). Not thread-safe: one
 * thread (a worker's interval writer) uses it, once a second.
 */
public final class RateLogWriter implements Closeable {
    private final CsvFileWriter out;

    private RateLogWriter(CsvFileWriter out) {
        this.out = out;
    }

    /** Creates (or replaces) the file and writes its version line and header. */
    public static RateLogWriter create(Path file) throws IOException {
        return new RateLogWriter(CsvFileWriter.create(file, RateLog.VERSION_LINE, List.of(), RateLog.COLUMNS));
    }

    /**
     * Writes the row of the interval that ended at {@code endMillis}.
     *
     * @param millis   the length of the interval (1000, or more after a stall of the writer)
     * @param count    the messages of the interval, warm-up messages included
     * @param measured the messages of the interval that were not warm-up messages
     * @param warmUp   true when the interval had messages and all were warm-up messages
     * @param outcomes the send outcomes of the interval, or null for a peer that sends nothing (empty cells)
     */
    public void write(
            long endMillis, long millis, long count, long measured, long errors, boolean warmUp, OutcomeCounts outcomes)
            throws IOException {
        if (outcomes == null) {
            out.row(endMillis, millis, count, measured, errors, warmUp, null, null, null, null, null);
        } else {
            out.row(
                    endMillis,
                    millis,
                    count,
                    measured,
                    errors,
                    warmUp,
                    outcomes.accepted(),
                    outcomes.released(),
                    outcomes.rejected(),
                    outcomes.modified(),
                    outcomes.failed());
        }
    }

    /** Writes one row read from a rate file, for tools that rewrite or make such files. */
    public void write(RateLog.Row row) throws IOException {
        write(row.timestamp(), row.millis(), row.count(), row.measured(), row.errors(), row.warmup(), row.outcomes());
    }

    /** Pushes the written rows to the file. */
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}

package org.maestro.worker.measure;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.maestro.common.measure.OutcomeCounts;

/**
 * Writes {@code rate.csv}: one row per interval with its length, the messages of the peer (all of them, and those
 * that were not warm-up messages, by each message's own warm-up flag), its errors and, for a sender, how the system
 * settled its send attempts (format {@code maestro-rate v3}; a receiver leaves the outcome columns empty).
 * Not thread-safe: one thread (the interval writer) uses it.
 */
public final class RateLog implements Closeable {
    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = "rate.csv";
    /** The first line of the file. */
    public static final String VERSION_LINE = "# maestro-rate v3";
    /** The column names. */
    public static final String HEADER = "timestamp,millis,count,measured,errors,warmup,accepted,released,rejected,modified,failed";

    private final BufferedWriter out;

    /** Creates the file and writes its version line and header. */
    public RateLog(Path file) throws IOException {
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write(VERSION_LINE);
        out.newLine();
        out.write(HEADER);
        out.newLine();
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
    public void write(long endMillis, long millis, long count, long measured, long errors, boolean warmUp,
            OutcomeCounts outcomes) throws IOException {
        StringBuilder row = new StringBuilder(64).append(endMillis).append(',').append(millis).append(',')
                .append(count).append(',').append(measured).append(',').append(errors).append(',').append(warmUp);
        if (outcomes == null) {
            row.append(",,,,,");
        } else {
            row.append(',').append(outcomes.accepted()).append(',').append(outcomes.released()).append(',')
                    .append(outcomes.rejected()).append(',').append(outcomes.modified()).append(',')
                    .append(outcomes.failed());
        }
        out.write(row.toString());
        out.newLine();
    }

    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}

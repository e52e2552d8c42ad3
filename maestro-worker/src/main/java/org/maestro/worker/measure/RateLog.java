package org.maestro.worker.measure;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Writes {@code rate.csv}: one row per interval with the messages and errors of the peer (format
 * {@code maestro-rate v1}). Not thread-safe: one thread (the interval writer) uses it.
 */
public final class RateLog implements Closeable {
    /** The file name in a peer's result directory. */
    public static final String FILE_NAME = "rate.csv";
    /** The first line of the file. */
    public static final String VERSION_LINE = "# maestro-rate v1";
    /** The column names. */
    public static final String HEADER = "timestamp,count,errors,warmup";

    private final BufferedWriter out;

    /** Creates the file and writes its version line and header. */
    public RateLog(Path file) throws IOException {
        out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
        out.write(VERSION_LINE);
        out.newLine();
        out.write(HEADER);
        out.newLine();
    }

    /** Writes the row of the interval that ended at {@code endMillis}. */
    public void write(long endMillis, long count, long errors, boolean warmUp) throws IOException {
        out.write(endMillis + "," + count + "," + errors + "," + warmUp);
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

package org.maestro.common.files.health;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import org.maestro.common.files.csv.CsvFileWriter;

/** Writes {@code health.csv} (see {@link HealthLog}), one row a second. Not thread-safe: one thread writes it. */
public final class HealthLogWriter implements Closeable {
    private final CsvFileWriter out;

    private HealthLogWriter(CsvFileWriter out) {
        this.out = out;
    }

    /** Creates (or replaces) the file and writes its version line and header. */
    public static HealthLogWriter create(Path file) throws IOException {
        return new HealthLogWriter(CsvFileWriter.create(file, HealthLog.VERSION_LINE, List.of(), HealthLog.COLUMNS));
    }

    /** Writes one second; an absent figure is an empty cell. */
    public void write(HealthLog.Row row) throws IOException {
        out.row(
                row.timestamp(),
                row.millis(),
                row.cores(),
                decimal(row.cpuPercent()),
                decimal(row.cpuWaitPercent()),
                decimal(row.gcPauseMillis()),
                decimal(row.gcLongestMillis()),
                whole(row.hiccupP99Micros()),
                whole(row.hiccupMaxMicros()),
                whole(row.sendDelayP99Micros()));
    }

    /** Pushes the written rows to the file. */
    public void flush() throws IOException {
        out.flush();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    private static String decimal(OptionalDouble value) {
        return value.isPresent() ? String.format(Locale.ROOT, "%.2f", value.getAsDouble()) : null;
    }

    private static Long whole(OptionalLong value) {
        return value.isPresent() ? value.getAsLong() : null;
    }
}

package org.maestro.common.files.gaps;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import org.maestro.common.files.csv.CsvFileWriter;

/** Writes a receiver's {@code receive-gaps.csv} (see {@link ReceiveGaps}) in one go, at the end of a run. */
public final class ReceiveGapsWriter {
    private ReceiveGapsWriter() {}

    /**
     * Creates (or replaces) the file with one row per silence.
     *
     * @param thresholdMillis the shortest silence recorded, named in a comment line
     * @param notKept         silences that were counted but not kept; a comment line names them when there are any
     */
    public static void write(Path file, long thresholdMillis, long notKept, Collection<ReceiveGaps.Gap> gaps)
            throws IOException {
        List<String> comments = new ArrayList<>();
        comments.add("silences of at least " + thresholdMillis + " ms between two messages of any connection");
        if (notKept > 0) {
            comments.add(notKept + " more silences were not kept");
        }
        try (CsvFileWriter out = CsvFileWriter.create(file, ReceiveGaps.VERSION_LINE, comments, ReceiveGaps.COLUMNS)) {
            for (ReceiveGaps.Gap gap : gaps) {
                out.row(gap.startMicros(), gap.endMicros(), String.format(Locale.ROOT, "%.3f", gap.millis()));
            }
        }
    }
}

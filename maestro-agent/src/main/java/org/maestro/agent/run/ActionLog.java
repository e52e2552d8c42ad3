package org.maestro.agent.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import org.maestro.base.time.MicroClock;

/**
 * The log of one action: timestamped lines written to its file as they come, the latest also kept in memory for its
 * notification; thread-safe.
 */
public final class ActionLog implements AutoCloseable {
    /** The most an action keeps in memory (the latest lines); its file has everything. */
    static final int MAX_KEPT_CHARS = 256 * 1024;

    private final MicroClock clock;
    private final Path file;
    private final StringBuilder kept = new StringBuilder();
    private BufferedWriter writer;
    private boolean dropped;

    /**
     * @param file  the log file (created, or appended to), or null for a log kept in memory only
     * @param clock the clock of the line timestamps
     */
    public ActionLog(Path file, MicroClock clock) throws IOException {
        this.file = file;
        this.clock = clock;
        if (file != null) {
            writer = Files.newBufferedWriter(
                    file, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        }
    }

    /** The log file, or null. */
    public Path file() {
        return file;
    }

    /** Appends a line (or several, for a stack trace) with the current time. */
    public synchronized void line(String text) {
        String line = Instant.ofEpochMilli(clock.nowMicros() / 1_000) + " " + text + "\n";
        kept.append(line);
        if (kept.length() > MAX_KEPT_CHARS) {
            kept.delete(0, kept.length() - MAX_KEPT_CHARS / 2);
            dropped = true;
        }
        if (writer != null) {
            try {
                writer.write(line);
                writer.flush();
            } catch (IOException e) {
                writer = null;
                kept.append("(log file ")
                        .append(file)
                        .append(" could not be written: ")
                        .append(e.getMessage())
                        .append(")\n");
            }
        }
    }

    /** The last {@code maxChars} characters of the log, starting at a line, with a note of what was left out. */
    public synchronized String tail(int maxChars) {
        if (kept.length() <= maxChars && !dropped) {
            return kept.toString();
        }
        String where = file == null ? "" : "; all of it is in " + file.getFileName();
        String note = "… (earlier output left out" + where + ")\n";
        int from = Math.max(0, kept.length() - (maxChars - note.length()));
        int newline = kept.indexOf("\n", from);
        if (newline >= 0 && newline + 1 < kept.length()) {
            from = newline + 1;
        }
        return note + kept.substring(from);
    }

    @Override
    public synchronized void close() {
        if (writer != null) {
            try {
                writer.close();
            } catch (IOException e) {
                kept.append("(log file could not be closed: ")
                        .append(e.getMessage())
                        .append(")\n");
            }
            writer = null;
        }
    }
}

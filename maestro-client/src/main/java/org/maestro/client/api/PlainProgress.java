package org.maestro.client.api;

import java.io.PrintWriter;
import java.time.Duration;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import org.maestro.common.text.ConsoleText;

/** Progress as plain, timestamped log lines at a fixed interval, for logs that are not a terminal (CI). */
final class PlainProgress implements Progress {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    private final PrintWriter out;
    private final Duration every;
    private long lastPrinted = -1;

    PlainProgress(PrintWriter out, Duration every) {
        this.out = out;
        this.every = every;
    }

    @Override
    public void started(String test, int iteration, String description) {
        lastPrinted = -1;
        print("start " + test + " #" + iteration + ": " + description);
    }

    @Override
    public void update(Snapshot snapshot) {
        long slot = snapshot.elapsed().toMillis() / Math.max(1, every.toMillis());
        if (slot != lastPrinted) {
            lastPrinted = slot;
            print(Progress.line(snapshot));
        }
    }

    @Override
    public void finished(TestResult result) {
        print("end " + result);
    }

    @Override
    public void note(String message) {
        print(message);
    }

    /** Prints a line; what came from peers and systems under test is cleaned ({@link ConsoleText}). */
    private void print(String line) {
        out.println(LocalTime.now().format(TIME) + " " + ConsoleText.clean(line));
        out.flush();
    }
}

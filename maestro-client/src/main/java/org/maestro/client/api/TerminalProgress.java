package org.maestro.client.api;

import java.io.PrintWriter;
import org.maestro.common.text.ConsoleText;

/** A live progress line with a bar, redrawn in place on a terminal. */
final class TerminalProgress implements Progress {
    private static final int BAR = 24;
    private final PrintWriter out;
    private boolean lineOpen;

    TerminalProgress(PrintWriter out) {
        this.out = out;
    }

    @Override
    public void started(String test, int iteration, String description) {
        closeLine();
        out.println(ConsoleText.clean("▶ " + test + " #" + iteration + ": " + description));
    }

    @Override
    public void update(Snapshot snapshot) {
        String bar = "";
        if (snapshot.planned() != null && !snapshot.planned().isZero()) {
            double done = Math.min(
                    1.0,
                    snapshot.elapsed().toMillis() / (double) snapshot.planned().toMillis());
            int filled = (int) Math.round(done * BAR);
            bar = "[" + "█".repeat(filled) + "·".repeat(BAR - filled) + "] ";
        }
        out.print("\r\033[2K" + bar + ConsoleText.oneLine(Progress.line(snapshot)));
        out.flush();
        lineOpen = true;
    }

    @Override
    public void finished(TestResult result) {
        closeLine();
        out.println(ConsoleText.clean((result.passed() ? "✔ " : "✘ ") + result));
    }

    @Override
    public void note(String message) {
        closeLine();
        out.println("  " + ConsoleText.clean(message));
    }

    private void closeLine() {
        if (lineOpen) {
            out.println();
            lineOpen = false;
        }
    }
}

package org.maestro.client.api;

import java.io.PrintWriter;
import java.time.Duration;

/**
 * Shows how a running test is doing: a live line on a terminal, plain log lines elsewhere (CI logs). Not
 * thread-safe: called from the runner's thread only.
 */
public interface Progress {

    /**
     * One snapshot of a running test. {@code sent} and {@code received} count the whole test, warm-up included, for
     * both roles alike; {@code rate} is the receivers' rate of their last second.
     */
    record Snapshot(String test, Duration elapsed, Duration planned, double rate, double p99Ms, long sent,
                    long received, long errors) {
    }

    void started(String test, int iteration, String description);

    void update(Snapshot snapshot);

    void finished(TestResult result);

    /** A message for the user (e.g. waiting for receivers to drain). */
    void note(String message);

    /** The progress display for this process: live when standard output is a terminal, plain otherwise. */
    static Progress forConsole(PrintWriter out) {
        return System.console() != null && System.getenv("CI") == null ? new TerminalProgress(out)
                : new PlainProgress(out, Duration.ofSeconds(10));
    }

    /** A progress display that shows nothing. */
    static Progress silent() {
        return new Progress() {
            @Override
            public void started(String test, int iteration, String description) {
            }

            @Override
            public void update(Snapshot snapshot) {
            }

            @Override
            public void finished(TestResult result) {
            }

            @Override
            public void note(String message) {
            }
        };
    }

    /** Formats a snapshot into one line. */
    static String line(Snapshot s) {
        String elapsed = s.elapsed().toSeconds() + "s" + (s.planned() != null ? "/" + s.planned().toSeconds() + "s" : "");
        return String.format("%s %s  rate %,.0f msg/s  p99 %.2f ms  sent %,d  received %,d (warm-up included)  errors %,d",
                s.test(), elapsed, s.rate(), s.p99Ms(), s.sent(), s.received(), s.errors());
    }
}

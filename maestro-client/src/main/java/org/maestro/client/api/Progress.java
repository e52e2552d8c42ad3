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
     * both roles alike, at one instant (the receivers are asked first); {@code rate} is the receivers' rate of their
     * last second; {@code p50Ms}, {@code p99Ms} and {@code maxMs} are the response time of the receivers' last second
     * (the largest of the receivers'), {@code p50Ms} and {@code maxMs} negative when the peers did not send them;
     * {@code warmUpLatency} is true when they are of warm-up messages (no receiver had a measured one in its last
     * second).
     */
    record Snapshot(
            String test,
            Duration elapsed,
            Duration planned,
            double rate,
            double p99Ms,
            long sent,
            long received,
            long errors,
            double p50Ms,
            double maxMs,
            boolean warmUpLatency) {

        /** A snapshot of measured latencies. */
        public Snapshot(
                String test,
                Duration elapsed,
                Duration planned,
                double rate,
                double p99Ms,
                long sent,
                long received,
                long errors,
                double p50Ms,
                double maxMs) {
            this(test, elapsed, planned, rate, p99Ms, sent, received, errors, p50Ms, maxMs, false);
        }

        /** A snapshot without p50 and max. */
        public Snapshot(
                String test,
                Duration elapsed,
                Duration planned,
                double rate,
                double p99Ms,
                long sent,
                long received,
                long errors) {
            this(test, elapsed, planned, rate, p99Ms, sent, received, errors, -1, -1);
        }
    }

    /** The interval of progress lines in CI logs (the {@code CI} environment variable is set). */
    Duration CI_INTERVAL = Duration.ofSeconds(1);
    /** The interval of progress lines in other output that is not a terminal. */
    Duration PLAIN_INTERVAL = Duration.ofSeconds(10);

    void started(String test, int iteration, String description);

    void update(Snapshot snapshot);

    void finished(TestResult result);

    /** A message for the user (e.g. waiting for receivers to drain). */
    void note(String message);

    /** The progress display for this process: live when standard output is a terminal, plain otherwise. */
    static Progress forConsole(PrintWriter out) {
        return forConsole(out, null, System.console() != null, System.getenv("CI") != null);
    }

    /**
     * The progress display: plain lines every {@code interval} when one is given; one line per second in CI (the
     * {@code CI} environment variable is set, as CI services do); a live line on a terminal; otherwise a plain line
     * every 10 s.
     */
    static Progress forConsole(PrintWriter out, Duration interval, boolean terminal, boolean ci) {
        if (interval != null) {
            return new PlainProgress(out, interval);
        }
        if (ci) {
            return new PlainProgress(out, CI_INTERVAL);
        }
        return terminal ? new TerminalProgress(out) : new PlainProgress(out, PLAIN_INTERVAL);
    }

    /** A progress display that shows nothing. */
    static Progress silent() {
        return new SilentProgress();
    }

    /** Formats a snapshot into one line. */
    static String line(Snapshot s) {
        String elapsed = s.elapsed().toSeconds() + "s"
                + (s.planned() != null ? "/" + s.planned().toSeconds() + "s" : "");
        String latency = s.p50Ms() >= 0 && s.maxMs() >= 0
                ? String.format(
                        java.util.Locale.ROOT, "p50 %.2f  p99 %.2f  max %.2f ms", s.p50Ms(), s.p99Ms(), s.maxMs())
                : String.format(java.util.Locale.ROOT, "p99 %.2f ms", s.p99Ms());
        if (s.warmUpLatency()) {
            latency = "warm-up " + latency;
        }
        return String.format(
                java.util.Locale.ROOT,
                "%s %s  rate %,.0f msg/s  %s  sent %,d  received %,d (warm-up included)  errors %,d",
                s.test(),
                elapsed,
                s.rate(),
                latency,
                s.sent(),
                s.received(),
                s.errors());
    }
}

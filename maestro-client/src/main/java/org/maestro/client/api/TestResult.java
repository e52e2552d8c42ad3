package org.maestro.client.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maestro.common.options.TestOptions;

/**
 * The outcome of one test run, as a script sees it: passed or not and why, where its files are, and its headline
 * figures (counts, rate, latency percentiles in milliseconds).
 *
 * <pre>{@code
 * def result = maestro.fixedRate { rate 1000 }
 * if (!result.passed) println "failed: ${result.reason}"
 * println "p99 ${result.responseP99Ms} ms at ${result.meanRate} msg/s"
 * }</pre>
 */
public record TestResult(String name, int iteration, boolean passed, String reason, Path directory,
                         TestOptions options, Map<String, Number> figures, List<String> peers) {

    public TestResult {
        figures = Map.copyOf(figures);
        peers = List.copyOf(peers);
    }

    /** Messages sent by all senders, the whole test: warm-up included (see {@link #getMeasuredSent()}). */
    public long getSent() {
        return figures.getOrDefault("sent", 0L).longValue();
    }

    /** Messages received by all receivers (distinct sequence numbers), the whole test: warm-up included. */
    public long getReceived() {
        return figures.getOrDefault("received", 0L).longValue();
    }

    /** Measured messages sent: those not sent during warm-up, by each message's own warm-up flag. */
    public long getMeasuredSent() {
        return figures.getOrDefault("measuredSent", 0L).longValue();
    }

    /** Measured messages received (duplicates included): warm-up messages excluded, by each message's own flag. */
    public long getMeasuredReceived() {
        return figures.getOrDefault("measuredReceived", 0L).longValue();
    }

    /** Messages sent and never received by any receiver of their address. */
    public long getLost() {
        return figures.getOrDefault("lost", 0L).longValue();
    }

    /** Lost messages the sender was told did not go through: released, rejected, modified or failed. */
    public long getRefused() {
        return figures.getOrDefault("refused", 0L).longValue();
    }

    /** Lost messages that were not refused: accepted (or presettled) and never received. */
    public long getVanished() {
        return figures.getOrDefault("vanished", getLost() - getRefused()).longValue();
    }

    /** Send attempts the system under test accepted (one per attempt; 0 when the senders did not count them). */
    public long getAccepted() {
        return figures.getOrDefault("accepted", 0L).longValue();
    }

    /** Send attempts the system under test released. */
    public long getReleased() {
        return figures.getOrDefault("released", 0L).longValue();
    }

    /** Send attempts the system under test rejected. */
    public long getRejected() {
        return figures.getOrDefault("rejected", 0L).longValue();
    }

    /** Send attempts the system under test returned modified. */
    public long getModified() {
        return figures.getOrDefault("modified", 0L).longValue();
    }

    /** Send attempts that failed: not handed over, or the connection failed before an outcome. */
    public long getFailed() {
        return figures.getOrDefault("failed", 0L).longValue();
    }

    /**
     * The measured receive rate, msg/s: measured messages received ÷ the measured window (from the end of the
     * senders' warm-up to the end of their measured sending), warm-up excluded; the report's throughput, the same
     * number in summary.json, junit.xml and the table {@code maestro-cli run} prints.
     */
    public double getMeanRate() {
        return figures.getOrDefault("meanRate", 0.0).doubleValue();
    }

    /** p99 of response time (receive − intended send), ms. */
    public double getResponseP99Ms() {
        return figures.getOrDefault("responseP99Ms", 0.0).doubleValue();
    }

    /** p90 of response time, ms. */
    public double getResponseP90Ms() {
        return figures.getOrDefault("responseP90Ms", 0.0).doubleValue();
    }

    /** Errors counted by senders and receivers. */
    public long getErrors() {
        return figures.getOrDefault("errors", 0L).longValue();
    }

    public boolean isPassed() {
        return passed;
    }

    @Override
    public String toString() {
        return name + "/" + iteration + ": " + (passed ? "PASSED" : "FAILED (" + reason + ")");
    }
}

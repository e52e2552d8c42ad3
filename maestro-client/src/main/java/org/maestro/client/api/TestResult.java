package org.maestro.client.api;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.maestro.common.options.TestOptions;
import org.maestro.reporter.DuplicateDeliveries;
import org.maestro.reporter.FaultCost;

/**
 * The outcome of one test run, as a script sees it: passed or not and why, where its files are, and its headline
 * figures (counts, rate, latency percentiles in milliseconds).
 *
 * <pre>{@code
 * def result = maestro.fixedRate { rate 1000 }
 * if (!result.passed) println "failed: ${result.reason}"
 * println "p99 ${result.responseP99Ms} ms at ${result.meanRate} msg/s"
 * if (!result.lostKnown) println "loss unknown: ${result.unknownReason}"
 * }</pre>
 *
 * <p>Counts that could not be known are null, never 0: {@code sent} when a sender's counts are missing, {@code lost},
 * {@code refused} and {@code vanished} when a sender's or a receiver's are (it died, or its files did not arrive);
 * {@link #getUnknownReason()} says why. Check {@link #isLostKnown()} before judging the loss.
 *
 * @param unknownReason why sent or lost is unknown; null when both are known
 * @param sutFailure    true when the first cause of the failure is the system under test or its management interface
 *                      (unreachable, a login refused, a queue missing): the run exits with the infrastructure code
 * @param generatorBound why the run was generator-bound (a sender or receiver was itself saturated, so the figures
 *                      measured it as much as the system under test); null when it was not, or could not be judged
 * @param faults        what each agent action cost (docs/reporting.md, "What each fault cost"); empty without one
 */
public record TestResult(
        String name,
        int iteration,
        boolean passed,
        String reason,
        Path directory,
        TestOptions options,
        Map<String, Number> figures,
        List<String> peers,
        String unknownReason,
        boolean sutFailure,
        String generatorBound,
        List<FaultCost> faults) {

    public TestResult {
        figures = Map.copyOf(figures);
        peers = List.copyOf(peers);
        faults = faults == null ? List.of() : List.copyOf(faults);
    }

    /**
     * True when a sender or receiver was itself saturated during the measured window ({@link #generatorBound()} says
     * which and why): its throughput is not the system's capacity, its latency not only the system's.
     */
    public boolean isGeneratorBound() {
        return generatorBound != null;
    }

    /**
     * A result whose counts are all known (or were never computed), that names no failure of the SUT and had no agent
     * action.
     */
    public TestResult(
            String name,
            int iteration,
            boolean passed,
            String reason,
            Path directory,
            TestOptions options,
            Map<String, Number> figures,
            List<String> peers) {
        this(name, iteration, passed, reason, directory, options, figures, peers, null, false, null, List.of());
    }

    /** Messages sent by all senders, the whole test: warm-up included (see {@link #getMeasuredSent()}); null when a
     * sender's counts are missing. */
    public Long getSent() {
        return known("sent");
    }

    /** True when every sender's and receiver's counts arrived, so {@link #getLost()} is a number. */
    public boolean isLostKnown() {
        return unknownReason == null;
    }

    /**
     * True when the test failed first because the system under test or its management interface could not be reached
     * or refused (see {@link #reason()}); the run then exits with code 3.
     */
    public boolean isSutFailure() {
        return sutFailure;
    }

    /** Why sent or lost is unknown (which peer died or sent no files); null when both are known. */
    public String getUnknownReason() {
        return unknownReason;
    }

    /** Messages received by all receivers (distinct sequence numbers), the whole test: warm-up included. */
    public long getReceived() {
        return count("received");
    }

    /** Measured messages sent: those not sent during warm-up, by each message's own warm-up flag. */
    public long getMeasuredSent() {
        return count("measuredSent");
    }

    /**
     * Measured messages received within the measured window (duplicates included): warm-up messages excluded, by each
     * message's own flag, and those drained after the senders stopped ({@link #getDrained()}) too.
     */
    public long getMeasuredReceived() {
        return count("measuredReceived");
    }

    /**
     * Measured messages the receivers took in after the measured window, drained once the senders stopped: counted in
     * {@link #getReceived()}, not in {@link #getMeanRate()}; null when unknown (no sender recorded a measured window).
     */
    public Long getDrained() {
        Number value = figures.get("drained");
        return value == null ? null : value.longValue();
    }

    /** How long the drain went on, ms: from the measured window's end to the end of the last row it drained in. */
    public long getDrainedMillis() {
        return count("drainedMillis");
    }

    /** Messages sent and never received by any receiver of their address; null when unknown. */
    public Long getLost() {
        return known("lost");
    }

    /** Lost messages the sender was told did not go through: released, rejected, modified or failed; null when unknown. */
    public Long getRefused() {
        return known("refused");
    }

    /** Lost messages that were not refused: accepted (or presettled) and never received; null when unknown. */
    public Long getVanished() {
        return known("vanished");
    }

    /** Messages of another run the receivers consumed (e.g. left in a queue by an earlier test), counted nowhere else. */
    public long getStale() {
        return count("stale");
    }

    /** A count of the figures; 0 when absent. */
    private long count(String figure) {
        return figures.getOrDefault(figure, 0L).longValue();
    }

    /** A figure that is not a count (a rate, a time); 0 when absent. */
    private double number(String figure) {
        return figures.getOrDefault(figure, 0.0).doubleValue();
    }

    /** A count of the figures: 0 when no test ran, null when this test's count is unknown. */
    private Long known(String figure) {
        Number value = figures.get(figure);
        if (value != null) {
            return value.longValue();
        }
        return unknownReason != null ? null : 0L;
    }

    /** Send attempts the system under test accepted (one per attempt; 0 when the senders did not count them). */
    public long getAccepted() {
        return count("accepted");
    }

    /** Send attempts the system under test released. */
    public long getReleased() {
        return count("released");
    }

    /** Send attempts the system under test rejected. */
    public long getRejected() {
        return count("rejected");
    }

    /** Send attempts the system under test returned modified. */
    public long getModified() {
        return count("modified");
    }

    /** Send attempts that failed: not handed over, or the connection failed before an outcome. */
    public long getFailed() {
        return count("failed");
    }

    /**
     * The measured receive rate, msg/s: measured messages received within the measured window (from the end of the
     * senders' warm-up to the end of their measured sending) ÷ the window, warm-up and drain excluded; the report's
     * throughput, the same number in summary.json, junit.xml and the table {@code maestro-cli run} prints.
     */
    public double getMeanRate() {
        return number("meanRate");
    }

    /** The measured send rate, msg/s: measured messages sent ÷ the measured window; 0 when unknown. */
    public double getSentRate() {
        return number("sentRate");
    }

    /** Deliveries beyond the first (a message received several times), the whole test. */
    public long getDuplicates() {
        return count("duplicates");
    }

    /**
     * Why the received counts or rate include copies, when messages arrived more than once or the received rate is
     * above the sent rate (e.g. a publish-subscribe address with several receiver connections); null otherwise.
     */
    public String getDuplicatesWarning() {
        return DuplicateDeliveries.explain(getReceived(), getDuplicates(), getMeanRate(), getSentRate())
                .orElse(null);
    }

    /**
     * The measured receive rate in MB/s (10^6 bytes): {@link #getMeanRate()} × MESSAGE_SIZE ÷ 10^6; 0 when the message
     * size is unknown.
     */
    public double getMegabytesPerSecond() {
        return number("megabytesPerSecond");
    }

    /**
     * The measured byte rate: the body bytes of the measured messages per second, as the receivers counted them (the
     * senders' when no receiver counted a measured message); 0 when the peers did not count bytes.
     */
    public double getBytesPerSecond() {
        return number("bytesPerSecond");
    }

    /** The mean body size of a measured message sent, in bytes, as the senders counted it; 0 when not counted. */
    public double getMeanMessageBytes() {
        return number("meanMessageBytes");
    }

    /** p99 of response time (receive − intended send), ms. */
    public double getResponseP99Ms() {
        return number("responseP99Ms");
    }

    /** p90 of response time, ms. */
    public double getResponseP90Ms() {
        return number("responseP90Ms");
    }

    /**
     * The largest inter-arrival jitter {@code J = t'_n − t'_{n−1} − 1/RATE} of any stream, ms: the longest gap beyond
     * the intended interval (a stall, an outage). Jitter is measured only at a fixed rate: asking for it after a run at
     * unbounded rate (RATE 0), which has no intended interval, throws an {@link IllegalStateException} naming RATE;
     * null when the receivers of a fixed-rate run wrote no jitter log.
     */
    public Double getJitterMaxMs() {
        return jitter("jitterLateMaxMs");
    }

    /**
     * The largest negative jitter, as a positive number of ms: how much closer together than intended two arrivals
     * came (the burst after a stall). Refused without a fixed rate, like {@link #getJitterMaxMs()}.
     */
    public Double getJitterEarlyMaxMs() {
        return jitter("jitterEarlyMaxMs");
    }

    /** p50 of the jitter's size |J|, ms; refused without a fixed rate, like {@link #getJitterMaxMs()}. */
    public Double getJitterP50Ms() {
        return jitter("jitterP50Ms");
    }

    /** p90 of |J|, ms; refused without a fixed rate, like {@link #getJitterMaxMs()}. */
    public Double getJitterP90Ms() {
        return jitter("jitterP90Ms");
    }

    /** p99 of |J|, ms; refused without a fixed rate, like {@link #getJitterMaxMs()}. */
    public Double getJitterP99Ms() {
        return jitter("jitterP99Ms");
    }

    /**
     * A jitter figure; null when the receivers wrote no jitter log at a fixed rate.
     *
     * @throws IllegalStateException naming RATE when the test ran at unbounded rate, where jitter has no meaning
     */
    private Double jitter(String figure) {
        Number value = figures.get(figure);
        if (value == null && options != null && options.rateProfile().isPresent()) {
            throw new IllegalStateException("test '" + name + "' #" + iteration + " has no jitter: it ran on a"
                    + " RATE_PROFILE, and jitter is measured against the interval of a fixed RATE only");
        }
        if (value == null && options != null && options.rate() == 0) {
            throw new IllegalStateException("test '" + name + "' #" + iteration + " has no jitter: it ran with RATE 0 "
                    + "(unbounded), and jitter is measured against the interval of a fixed rate; run it with RATE > 0 "
                    + "(e.g. rate 1000) to measure jitter");
        }
        return value == null ? null : value.doubleValue();
    }

    /** Errors counted by senders and receivers. */
    public long getErrors() {
        return count("errors");
    }

    /**
     * The result of each flow of a test of several flows, by name ({@code r.flows.orders.sent}); empty for a test of
     * one flow.
     */
    public Map<String, TestResult> getFlows() {
        return FlowResults.of(this);
    }

    public boolean isPassed() {
        return passed;
    }

    @Override
    public String toString() {
        return name + "/" + iteration + ": " + (passed ? "PASSED" : "FAILED (" + reason + ")");
    }
}

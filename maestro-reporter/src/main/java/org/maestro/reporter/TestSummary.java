package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything the report says about one iteration of one test: verdict, message accounting, rates,
 * latency percentiles, parameters and peers. Serialised as one element of summary.json's
 * {@code iterations} (schema in docs/reporting.md); immutable.
 *
 * <pre>{@code
 * TestSummary s = Reporter.summarize(Path.of("results/fixed-rate/0"));
 * if (!s.passed()) System.err.println(s.reason());
 * long p99 = s.latency().responseTime().p99();   // microseconds
 * }</pre>
 *
 * @param formatVersion {@link #FORMAT_VERSION}
 * @param test test name (directory name)
 * @param iteration iteration number (directory name)
 * @param startMillis epoch ms the test started (earliest peer)
 * @param endMillis epoch ms it ended (latest peer)
 * @param warmupEndMillis epoch ms the warm-up ended, 0 without warm-up
 * @param outcome the verdict: pass, fail or none, decided as docs/reporting.md says (the iteration page's verdict)
 * @param reason why: the failures (script's first), or the passing peers' reasons (or the script's)
 * @param decidedBy who decided the verdict: peers, runner, script or the loss limit
 * @param messages message accounting
 * @param rate sender and receiver rates over the measured window (warm-up excluded)
 * @param latency latency percentiles over the measured intervals
 * @param parameters the test parameters (test.properties without per-peer keys)
 * @param peers every peer of the iteration
 * @param streams per sender connection and address accounting
 * @param actions agent actions during the test
 * @param warnings things a reader should know (missing files, clocks on several hosts, …)
 * @param runId the run id of the iteration (the runner's, else the peers' RUN_ID); null when unknown
 * @param clocks how far apart the senders' and receivers' clocks were against the p50 response time; null when the
 *     runner estimated no sender's or receiver's clock
 * @param generator whether the senders or receivers themselves were saturated (generator-bound); null when none
 *     wrote a health file
 * @param faults what each agent action cost (docs/reporting.md, "What each fault cost"); empty without actions
 * @param rateProfile the phases of the test's RATE_PROFILE as they ran, planned against achieved; null without one
 * @param backlog the measured messages sent and not yet received over time: peak and drain; null when it never
 *     reached one second of the send rate ({@link BacklogSummary})
 * @param destinations per flow with more than one destination: each destination's figures and their spread; null
 *     when no flow has more than one
 * @param subscriptions per flow with more than one subscription: each subscription's figures; null when no flow has
 *     more than one
 * @param flows the figures of each flow, by name, for an iteration of several flows (see {@link FlowSummary}); null
 *     for one flow
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({
    "formatVersion",
    "test",
    "iteration",
    "startMillis",
    "endMillis",
    "warmupEndMillis",
    "outcome",
    "reason",
    "decidedBy",
    "messages",
    "rate",
    "latency",
    "parameters",
    "peers",
    "streams",
    "actions",
    "warnings",
    "runId",
    "clocks",
    "generator",
    "faults",
    "rateProfile",
    "backlog",
    "destinations",
    "subscriptions",
    "flows"
})
public record TestSummary(
        int formatVersion,
        String test,
        int iteration,
        long startMillis,
        long endMillis,
        long warmupEndMillis,
        Verdict outcome,
        String reason,
        Decider decidedBy,
        MessageCounts messages,
        Rates rate,
        Latencies latency,
        Map<String, String> parameters,
        List<PeerSummary> peers,
        List<StreamSummary> streams,
        List<AgentAction> actions,
        List<String> warnings,
        String runId,
        ClockSummary clocks,
        GeneratorHealth generator,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<FaultCost> faults,
        List<RatePhase> rateProfile,
        BacklogSummary backlog,
        Map<String, FlowDestinations> destinations,
        Map<String, List<SubscriptionFigures>> subscriptions,
        Map<String, FlowSummary> flows) {

    public TestSummary {
        faults = faults == null ? List.of() : List.copyOf(faults);
    }

    /** Version of the summary format written by this reporter. */
    public static final int FORMAT_VERSION = 1;

    /** True when a sender or receiver was saturated: the figures measured the generator, not only the system. */
    @JsonIgnore
    public boolean generatorBound() {
        return generator != null && generator.bound();
    }

    /** True when the iteration passed: no failure from the script, the runner or the peers, and a success. */
    @JsonIgnore
    public boolean passed() {
        return outcome == Verdict.SUCCESS;
    }

    /** Seconds between start and end. */
    @JsonIgnore
    public double durationSeconds() {
        return Math.max(0, endMillis - startMillis) / 1000.0;
    }

    /** The headline throughput in MB/s (see {@link RateStats#megabytesPerSecond()}); null when the size is unknown. */
    @JsonIgnore
    public Double throughputMegabytes() {
        if (rate.receiversCounted()) {
            return rate.receiver().megabytesPerSecond();
        }
        return rate.sender() == null ? null : rate.sender().megabytesPerSecond();
    }

    /**
     * The headline throughput: the receivers' mean rate (what they received within the measured window), or the
     * senders' when no receiver counted a measured message.
     */
    @JsonIgnore
    public double throughput() {
        if (rate.receiversCounted()) {
            return rate.receiver().mean();
        }
        return rate.sender() == null ? 0.0 : rate.sender().mean();
    }

    /**
     * Sender and receiver rates; either is {@link RateStats#EMPTY} when that role wrote none. Both divide by the same
     * measured window; the receivers' counts what they received within it, so on a clean run the two differ by the
     * messages still in flight when it ended.
     *
     * @param window the measured window, null when no sender recorded one (their files did not arrive, or they sent no
     *               measured message)
     * @param drained what the receivers drained after the window, not in their rate; null without a window
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Rates(RateStats sender, RateStats receiver, MeasuredWindow window, Drain drained) {

        /** Rates without a measured window. */
        public Rates(RateStats sender, RateStats receiver) {
            this(sender, receiver, null, null);
        }

        /**
         * True when the receivers counted a measured message, within the window or drained after it: the headline
         * throughput is then theirs, else the senders'.
         */
        @JsonIgnore
        public boolean receiversCounted() {
            return receiver != null && (receiver.seconds() > 0 || drained != null && drained.messages() > 0);
        }
    }

    /**
     * What the receivers drained after the senders stopped: the measured messages that arrived after the measured
     * window, counted as received but not in their rate.
     *
     * @param messages measured messages received after the window's end
     * @param millis from the window's end to the end of the last rate row with such a message, ms; 0 without one
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record Drain(long messages, long millis) {

        /** "drained after the senders stopped: 1,234 messages in 2.3 s". */
        @JsonIgnore
        public String describe() {
            return String.format(
                    Locale.ROOT,
                    "drained after the senders stopped: %,d messages in %.1f s",
                    messages,
                    millis / 1000.0);
        }
    }

    /**
     * The measured part of a test, from the senders' {@code test.properties}.
     *
     * @param startMillis the earliest end of a sender's warm-up (epoch ms)
     * @param endMillis the latest end of a sender's measured window ({@code measured.end}, epoch ms)
     * @param warmupMillis the longest warm-up of a sender ({@code warmup.end − test.start}): the configured
     *                     {@code WARM_UP}, or what {@code WARM_UP=auto} chose
     */
    @JsonIgnoreProperties(ignoreUnknown = true)
    public record MeasuredWindow(long startMillis, long endMillis, long warmupMillis) {

        /** The window's length in ms. */
        public long millis() {
            return Math.max(0, endMillis - startMillis);
        }
    }

    /**
     * Latency per metric; a metric no peer recorded is null (absent in JSON). {@code jitter} is recorded only at a
     * fixed rate: it is null after a run at unbounded rate (RATE 0), where there is no intended interval.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    @JsonIgnoreProperties(ignoreUnknown = true)
    @JsonPropertyOrder({"responseTime", "serviceTime", "sendDelay", "jitter"})
    public record Latencies(
            LatencyStats responseTime, LatencyStats serviceTime, LatencyStats sendDelay, JitterStats jitter) {

        /** The three latencies, without jitter. */
        public Latencies(LatencyStats responseTime, LatencyStats serviceTime, LatencyStats sendDelay) {
            this(responseTime, serviceTime, sendDelay, null);
        }

        /**
         * The metric by its JSON name: responseTime, serviceTime, sendDelay, or jitter (its |J| figures, see
         * {@link JitterStats#magnitude()}).
         */
        public LatencyStats get(String metric) {
            switch (metric) {
                case "responseTime":
                    return responseTime;
                case "serviceTime":
                    return serviceTime;
                case "sendDelay":
                    return sendDelay;
                case "jitter":
                    return jitter == null ? null : jitter.magnitude();
                default:
                    throw new IllegalArgumentException("unknown latency metric '" + metric
                            + "'; use responseTime, serviceTime, sendDelay or jitter");
            }
        }
    }
}

package org.maestro.common.options;

import java.time.Duration;
import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * An immutable, validated set of test options as a peer holds them after SET notes, with typed accessors and the
 * defaults of a test that does not set an option.
 */
public final class TestOptions {
    /** Defaults: 256-byte messages, one connection, unbounded rate, one minute, no warm-up, soft FCL off. */
    public static final TestOptions DEFAULTS = new TestOptions(new EnumMap<>(OptionCode.class));
    /** The priming messages per sender connection when PRIMING_MESSAGES is not set. */
    public static final int DEFAULT_PRIMING_MESSAGES = 1000;
    /**
     * The value a peer uses for each option that has a default, when the option is not set; the accessors below read
     * them, so what a peer records ({@link ParameterTable}) and what it does are the same.
     */
    public static final Map<OptionCode, String> DEFAULT_VALUES = defaultValues();

    /** The WARM_UP value that lets the senders end the warm-up once their send delay has settled. */
    public static final String AUTO = "auto";
    /** The longest warm-up of {@code WARM_UP=auto}. */
    public static final Duration AUTO_WARM_UP_LIMIT = Duration.ofSeconds(60);
    /** The form of a flow's name (FLOW): letters, digits, '.', '_' or '-', 1 to 64 characters. */
    public static final String FLOW_NAME = "[A-Za-z0-9._-]{1,64}";

    private final Map<OptionCode, String> values;

    private TestOptions(EnumMap<OptionCode, String> values) {
        this.values = Collections.unmodifiableMap(values);
    }

    private static Map<OptionCode, String> defaultValues() {
        EnumMap<OptionCode, String> defaults = new EnumMap<>(OptionCode.class);
        defaults.put(OptionCode.DURATION, "1m");
        defaults.put(OptionCode.PARALLEL_COUNT, "1");
        defaults.put(OptionCode.MESSAGE_SIZE, "256");
        defaults.put(OptionCode.RATE, "0");
        defaults.put(OptionCode.FCL, "0");
        defaults.put(OptionCode.WARM_UP, "0");
        defaults.put(OptionCode.FCL_MODE, "soft");
        defaults.put(OptionCode.INSPECTION_INTERVAL, "5s");
        defaults.put(OptionCode.DRAIN_TIMEOUT, "30s");
        defaults.put(OptionCode.RESEND_RELEASED, "false");
        defaults.put(OptionCode.PRIMING_MESSAGES, Integer.toString(DEFAULT_PRIMING_MESSAGES));
        defaults.put(OptionCode.MAXIMUM_LOSS, "0");
        defaults.put(OptionCode.DRAIN_QUIET, "5s");
        defaults.put(OptionCode.GENERATOR_CPU, "90%");
        defaults.put(OptionCode.GENERATOR_SHARE, "10%");
        defaults.put(OptionCode.GENERATOR_HICCUP, "p50");
        defaults.put(OptionCode.GENERATOR_SEND_DELAY, "10%");
        return Collections.unmodifiableMap(defaults);
    }

    /** Returns options with one more value, after checking it. */
    public TestOptions with(OptionCode option, String value) {
        option.validate(value);
        EnumMap<OptionCode, String> copy = values.isEmpty() ? new EnumMap<>(OptionCode.class) : new EnumMap<>(values);
        copy.put(option, value.trim());
        if (copy.containsKey(OptionCode.RATE_PROFILE)) {
            RateProfileOptions.check(copy);
        }
        TestOptions options = new TestOptions(copy);
        if (options.warmUpAuto() && !options.duration().isTimed()) {
            throw new InvalidOptionException(
                    "WARM_UP",
                    AUTO + " with TEST_DURATION=" + copy.get(OptionCode.DURATION),
                    "a fixed warm-up (e.g. 10s) when TEST_DURATION is a message count, or TEST_DURATION as a time "
                            + "(e.g. 60s) to use WARM_UP=auto");
        }
        if (options.warmUpAuto() && copy.containsKey(OptionCode.RECEIVE_PAUSE)) {
            throw new InvalidOptionException(
                    "RECEIVE_PAUSE",
                    copy.get(OptionCode.RECEIVE_PAUSE) + " with WARM_UP=auto",
                    "the pauses count from the start of the measured part, which receivers cannot tell when the "
                            + "senders end the warm-up themselves",
                    "a fixed warm-up (e.g. WARM_UP=10s) with RECEIVE_PAUSE such as 'at 10s for 20s'");
        }
        DestinationUrls.check(options);
        return options;
    }

    /** Returns options with all of the given values, each checked. */
    public TestOptions withAll(Map<OptionCode, String> more) {
        TestOptions options = this;
        for (Map.Entry<OptionCode, String> entry : more.entrySet()) {
            options = options.with(entry.getKey(), entry.getValue());
        }
        return options;
    }

    /** The raw values that were set, by option. */
    public Map<OptionCode, String> values() {
        return values;
    }

    /** The raw value of an option, when set. */
    public Optional<String> get(OptionCode option) {
        return Optional.ofNullable(values.get(option));
    }

    /** The raw value of an option: the value set, else its default; empty for an option without a default. */
    public Optional<String> valueOrDefault(OptionCode option) {
        return get(option).or(() -> Optional.ofNullable(DEFAULT_VALUES.get(option)));
    }

    private String required(OptionCode option) {
        return valueOrDefault(option).orElseThrow().trim();
    }

    public TestDuration duration() {
        return TestDuration.parse(required(OptionCode.DURATION));
    }

    public MessageSize messageSize() {
        return MessageSize.parse(required(OptionCode.MESSAGE_SIZE));
    }

    public int parallelCount() {
        return Integer.parseInt(required(OptionCode.PARALLEL_COUNT));
    }

    /** Messages per second per connection; 0 is unbounded. */
    public int rate() {
        return Integer.parseInt(required(OptionCode.RATE));
    }

    /** The rate profile (RATE_PROFILE), when the test has one instead of a fixed RATE. */
    public Optional<RateProfile> rateProfile() {
        return get(OptionCode.RATE_PROFILE).map(RateProfile::parse);
    }

    /**
     * The warm-up: load before measuring, excluded from the results. For {@code WARM_UP=auto} it is the longest the
     * warm-up may last ({@link #AUTO_WARM_UP_LIMIT}); the senders end it earlier once their send delay has settled.
     */
    public Duration warmUp() {
        return warmUpAuto() ? AUTO_WARM_UP_LIMIT : durationOf(OptionCode.WARM_UP);
    }

    /** True for {@code WARM_UP=auto}: the senders end the warm-up once their send delay has settled. */
    public boolean warmUpAuto() {
        return get(OptionCode.WARM_UP).map(v -> v.equalsIgnoreCase(AUTO)).orElse(false);
    }

    /** Fail-condition latency in milliseconds; 0 means none. */
    public long maximumLatencyMillis() {
        return Long.parseLong(required(OptionCode.FCL));
    }

    /** True when the FCL applies to the maximum latency (hard) rather than to p90 (soft). */
    public boolean hardLatencyLimit() {
        return required(OptionCode.FCL_MODE).equalsIgnoreCase("hard");
    }

    /** The URL senders send to: SEND_URL, else SEND_RECEIVE_URL. */
    public Optional<String> sendUrl() {
        return get(OptionCode.SEND_URL).or(() -> get(OptionCode.BROKER));
    }

    /** The URL receivers receive from: RECEIVE_URL, else SEND_RECEIVE_URL. */
    public Optional<String> receiveUrl() {
        return get(OptionCode.RECEIVE_URL).or(() -> get(OptionCode.BROKER));
    }

    /** The flow the peer takes part in (FLOW); empty for the one flow of a test that names none. */
    public String flow() {
        return get(OptionCode.FLOW).map(String::trim).orElse("");
    }

    public String testName() {
        return get(OptionCode.TEST_NAME).orElse("test");
    }

    public int testIteration() {
        return get(OptionCode.TEST_ITERATION).map(Integer::parseInt).orElse(0);
    }

    /** The run id the client gave this test iteration (RUN_ID), empty when none was set. */
    public Optional<String> runId() {
        return get(OptionCode.RUN_ID);
    }

    public Duration inspectionInterval() {
        return durationOf(OptionCode.INSPECTION_INTERVAL);
    }

    public Duration drainTimeout() {
        return durationOf(OptionCode.DRAIN_TIMEOUT);
    }

    /** How long a drain waits without progress while messages are outstanding (DRAIN_QUIET, default 5 s). */
    public Duration drainQuiet() {
        return durationOf(OptionCode.DRAIN_QUIET);
    }

    /**
     * True when senders send a message again (same sequence number and intended time) after the system under test
     * released it, or returned it modified without marking it undeliverable here; false (the default) counts such
     * a message as refused.
     */
    public boolean resendReleased() {
        return required(OptionCode.RESEND_RELEASED).equalsIgnoreCase("true");
    }

    /** The messages each sender connection sends before its timeline, which receivers ignore (default 1000). */
    public int primingMessages() {
        return Integer.parseInt(required(OptionCode.PRIMING_MESSAGES));
    }

    /** The most messages the test may lose and still pass (MAXIMUM_LOSS; default 0: none). */
    public LossLimit maximumLoss() {
        return LossLimit.parse(required(OptionCode.MAXIMUM_LOSS));
    }

    /** The files whose contents are the bodies (PAYLOAD_FILES), if set. */
    public Optional<PayloadFiles> payloadFiles() {
        return get(OptionCode.PAYLOAD_FILES).map(PayloadFiles::parse);
    }

    /** The share of random bytes in a generated body, in percent (PAYLOAD_RANDOM; default 0). */
    public int payloadRandomPercent() {
        return get(OptionCode.PAYLOAD_RANDOM)
                .map(v -> Integer.parseInt(v.replace("%", "").trim()))
                .orElse(0);
    }

    /** How long after the first message arrived the receivers begin to consume (RECEIVE_DELAY; default 0). */
    public Duration receiveDelay() {
        return get(OptionCode.RECEIVE_DELAY).isPresent() ? durationOf(OptionCode.RECEIVE_DELAY) : Duration.ZERO;
    }

    /** The receivers' pauses from the start of the measured part (RECEIVE_PAUSE; default none). */
    public ReceivePauses receivePauses() {
        return get(OptionCode.RECEIVE_PAUSE).map(ReceivePauses::parse).orElse(ReceivePauses.NONE);
    }

    /** The most messages per second each receiver connection consumes; 0 is unbounded (RECEIVE_RATE). */
    public int receiveRate() {
        return get(OptionCode.RECEIVE_RATE).map(Integer::parseInt).orElse(0);
    }

    /**
     * The flow-wide index of this peer's first connection (CONNECTION_OFFSET, default 0). This and the next two
     * defaults are not in {@link #DEFAULT_VALUES}: a test with one destination records nothing new.
     */
    public int connectionOffset() {
        return get(OptionCode.CONNECTION_OFFSET)
                .map(v -> Integer.parseInt(v.trim()))
                .orElse(0);
    }

    /** The destinations the flow spreads over (DESTINATIONS, default 1). */
    public int destinations() {
        return get(OptionCode.DESTINATIONS).map(v -> Integer.parseInt(v.trim())).orElse(1);
    }

    /** The subscriptions of each destination (SUBSCRIPTIONS, default 1). */
    public int subscriptions() {
        return get(OptionCode.SUBSCRIPTIONS)
                .map(v -> Integer.parseInt(v.trim()))
                .orElse(1);
    }

    private Duration durationOf(OptionCode option) {
        String value = required(option);
        return value.equals("0") ? Duration.ZERO : Durations.parse(value);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof TestOptions options && options.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "TestOptions" + values;
    }
}

package org.maestro.common.options;

import java.net.URI;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import org.maestro.common.inspection.InspectorCatalog;

/**
 * The test options a client sets on peers with SET: their wire code, their parameter name (also the environment
 * variable a script reads) and the check of their value.
 *
 * <p>Codes 0-8 are those of the original Maestro protocol; 5 (throttle) is reserved.
 */
public enum OptionCode {
    /** SUT URL used by senders and receivers alike (SEND_RECEIVE_URL). */
    BROKER(0, "SEND_RECEIVE_URL", OptionCode::checkUrl, Forms.URL),
    DURATION(1, "TEST_DURATION", TestDuration::parse, TestDuration.FORMS),
    LOG_LEVEL(
            2,
            "LOG_LEVEL",
            v -> checkChoice("LOG_LEVEL", v, "trace", "debug", "info", "warn", "error"),
            "one of trace, debug, info, warn, error"),
    PARALLEL_COUNT(3, "PARALLEL_COUNT", v -> checkInt("PARALLEL_COUNT", v, 1, 10_000), "an integer from 1 to 10000"),
    MESSAGE_SIZE(4, "MESSAGE_SIZE", MessageSize::parse, MessageSize.FORMS),
    RATE(
            6,
            "RATE",
            v -> checkInt("RATE", v, 0, 100_000_000),
            "an integer ≥ 0 (messages/s per connection; 0 = unbounded)"),
    /** Fail-condition latency in milliseconds. */
    FCL(
            7,
            "MAXIMUM_LATENCY",
            v -> checkInt("MAXIMUM_LATENCY", v, 0, 86_400_000),
            "an integer ≥ 0 (milliseconds; 0 = no latency condition)"),
    MANAGEMENT_INTERFACE(8, "MANAGEMENT_INTERFACE", OptionCode::checkUrl, Forms.URL),
    /** The inspector implementation: one of those on the class path ({@link InspectorCatalog}). */
    INSPECTOR_NAME(9, "INSPECTOR_NAME", OptionCode::checkInspector, null),
    /** Load before measuring: a duration, or {@code auto} (until the senders' send delay has settled, at most 60 s). */
    WARM_UP(
            10,
            "WARM_UP",
            OptionCode::checkWarmUp,
            Durations.FORMS + ", 0, or auto (until the send delay has settled, "
                    + "at most 60 s; not with a TEST_DURATION given as a message count)"),
    /** soft: fail when p90 exceeds the FCL; hard: fail when the maximum does. */
    FCL_MODE(11, "MAXIMUM_LATENCY_MODE", v -> checkChoice("MAXIMUM_LATENCY_MODE", v, "soft", "hard"), "soft or hard"),
    TEST_NAME(12, "TEST_NAME", v -> checkName("TEST_NAME", v), Forms.NAME),
    TEST_ITERATION(13, "TEST_ITERATION", v -> checkInt("TEST_ITERATION", v, 0, Integer.MAX_VALUE), "an integer ≥ 0"),
    SEND_URL(14, "SEND_URL", OptionCode::checkUrl, Forms.URL),
    RECEIVE_URL(15, "RECEIVE_URL", OptionCode::checkUrl, Forms.URL),
    INSPECTION_INTERVAL(16, "INSPECTION_INTERVAL", v -> checkDuration("INSPECTION_INTERVAL", v), Durations.FORMS),
    EXT_POINT_SOURCE(17, "EXT_POINT_SOURCE", v -> checkNotBlank("EXT_POINT_SOURCE", v), "a git URL or a directory"),
    EXT_POINT_BRANCH(18, "EXT_POINT_BRANCH", v -> checkNotBlank("EXT_POINT_BRANCH", v), "a branch name"),
    EXT_POINT_COMMAND(
            19, "EXT_POINT_COMMAND", v -> checkNotBlank("EXT_POINT_COMMAND", v), "an agent command such as restart"),
    /** How long receivers may take to consume what is in flight after senders stopped. */
    DRAIN_TIMEOUT(20, "DRAIN_TIMEOUT", v -> checkDuration("DRAIN_TIMEOUT", v), Durations.FORMS),
    /** Whether senders send again the messages the system under test released (default false). */
    RESEND_RELEASED(21, "RESEND_RELEASED", v -> checkChoice("RESEND_RELEASED", v, "true", "false"), "true or false"),
    /** The identity of one run of a test iteration, made by the client; peers keep and check files by it. */
    RUN_ID(22, "RUN_ID", v -> checkRunId("RUN_ID", v), "a run id of letters, digits and '-' (1-64 characters)"),
    /**
     * Messages each sender connection sends before its timeline starts, so that its client is warm (classes loaded,
     * send path compiled, outcomes flowing) when the first measured message is due; receivers ignore them.
     */
    PRIMING_MESSAGES(
            27,
            "PRIMING_MESSAGES",
            v -> checkInt("PRIMING_MESSAGES", v, 0, 1_000_000),
            "an integer from 0 to 1000000 (messages per sender connection before its timeline; 0 = none)"),
    /**
     * The most messages the test may lose and still pass: a count or a percentage of the messages sent (default 0);
     * an unknown loss fails the test whatever the limit.
     */
    MAXIMUM_LOSS(28, "MAXIMUM_LOSS", LossLimit::parse, LossLimit.FORMS),
    /**
     * How long a drain waits without progress (no receiver consuming any message) while the receivers have not yet
     * consumed what the senders sent, before it ends and counts what is missing as lost (default 5 s).
     */
    DRAIN_QUIET(29, "DRAIN_QUIET", v -> checkDuration("DRAIN_QUIET", v), Durations.FORMS),
    /**
     * The CPU a sender or receiver may use and wait for, in % of the cores its process may use, before a second
     * counts as saturated (default 90%).
     */
    GENERATOR_CPU(45, "GENERATOR_CPU", v -> HealthLimit.percent("GENERATOR_CPU", v), HealthLimit.PERCENT_FORMS),
    /** The share of the measured seconds a generator may be saturated in before the run is generator-bound (10%). */
    GENERATOR_SHARE(46, "GENERATOR_SHARE", v -> HealthLimit.percent("GENERATOR_SHARE", v), HealthLimit.PERCENT_FORMS),
    /** How late a generator's 1 ms sleeper may wake (p99 of a second) before the second counts as saturated (p50). */
    GENERATOR_HICCUP(47, "GENERATOR_HICCUP", v -> HealthLimit.hiccup("GENERATOR_HICCUP", v), HealthLimit.HICCUP_FORMS),
    /** A sender's send delay p99 of a second past which the second counts as saturated (10% of the interval). */
    GENERATOR_SEND_DELAY(
            48,
            "GENERATOR_SEND_DELAY",
            v -> HealthLimit.sendDelay("GENERATOR_SEND_DELAY", v),
            HealthLimit.SEND_DELAY_FORMS),
    /**
     * The files whose contents are the message bodies, after the Maestro header: plain names in the payload
     * directory the worker was started with ({@link PayloadFiles}).
     */
    PAYLOAD_FILES(37, "PAYLOAD_FILES", PayloadFiles::parse, PayloadFiles.FORMS),
    /** The share of random bytes in a generated body, the rest zero bytes (default 0: all zeros). */
    PAYLOAD_RANDOM(
            38,
            "PAYLOAD_RANDOM",
            v -> checkInt("PAYLOAD_RANDOM", v.trim().endsWith("%") ? v.trim().replace("%", "") : v, 0, 100),
            "a percentage from 0 to 100 such as 40 or 40% (the share of random bytes in a body; default 0)"),
    /**
     * A rate that changes over the test: steps and ramps of messages/s per connection ({@link RateProfile}); the
     * test's duration is the profile's total. Not with RATE.
     */
    RATE_PROFILE(39, "RATE_PROFILE", RateProfile::parse, RateProfile.FORMS),
    /** Receivers attach at start but consume nothing until this long after the first message arrived (default 0). */
    RECEIVE_DELAY(
            34,
            "RECEIVE_DELAY",
            v -> checkDuration("RECEIVE_DELAY", v),
            Durations.FORMS + ", or 0 (receivers consume from the start; the default)"),
    /** Periods, from the start of the measured part, during which the receivers consume nothing. */
    RECEIVE_PAUSE(35, "RECEIVE_PAUSE", ReceivePauses::parse, ReceivePauses.FORMS),
    /** Messages per second each receiver connection consumes at most (0 = unbounded, the default). */
    RECEIVE_RATE(
            36,
            "RECEIVE_RATE",
            v -> checkInt("RECEIVE_RATE", v, 0, 100_000_000),
            "an integer ≥ 0 such as 500 (messages/s each receiver connection consumes at most; 0 = unbounded)"),
    /**
     * The name of the flow a peer takes part in, set per peer by the client; unset (or empty) for the one flow of a
     * test that names none. The reporter groups peers by it.
     */
    FLOW(30, "FLOW", OptionCode::checkFlow, Forms.FLOW),
    /**
     * The index of a load peer's first connection among all the connections of its role in its flow, set per peer by
     * the client: connection i of the peer has the flow-wide index CONNECTION_OFFSET + i (default 0).
     */
    CONNECTION_OFFSET(
            31,
            "CONNECTION_OFFSET",
            v -> checkInt("CONNECTION_OFFSET", v, 0, 1_000_000_000),
            "an integer from 0 to 1000000000 (the flow-wide index of the peer's first connection)"),
    /** The destinations a flow spreads over: {@code {n}} in the URLs becomes connection j's {@code j mod DESTINATIONS}. */
    DESTINATIONS(
            32,
            "DESTINATIONS",
            v -> checkInt("DESTINATIONS", v, 1, DestinationUrls.MAX_DESTINATIONS),
            "an integer from 1 to 100000 (with more than 1, the URLs name {n}, e.g. amqp://host:5672/orders-{n})"),
    /** The subscriptions of each destination (receivers): {@code {s}} in the receive URL becomes the subscription. */
    SUBSCRIPTIONS(
            33,
            "SUBSCRIPTIONS",
            v -> checkInt("SUBSCRIPTIONS", v, 1, DestinationUrls.MAX_SUBSCRIPTIONS),
            "an integer from 1 to 1000 (with more than 1, the receive URL names {s}, e.g. mqtt://host:1883/orders-{n}?share=s{s})");

    private final long code;
    private final String parameter;
    private final Consumer<String> check;
    private final String forms;

    OptionCode(long code, String parameter, Consumer<String> check, String forms) {
        this.code = code;
        this.parameter = parameter;
        this.check = check;
        this.forms = forms;
    }

    /** The wire code of this option in a SET note. */
    public long code() {
        return code;
    }

    /** The parameter name of SPEC §3, also the environment variable that overrides it. */
    public String parameter() {
        return parameter;
    }

    /** The accepted forms of the value, for help and error texts. */
    public String forms() {
        return forms != null ? forms : InspectorCatalog.names();
    }

    /**
     * Checks a value.
     *
     * @throws InvalidOptionException naming the option and its accepted forms
     */
    public void validate(String value) {
        if (value == null) {
            throw new InvalidOptionException(parameter, "(nothing)", forms());
        }
        try {
            check.accept(value);
        } catch (InvalidOptionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new InvalidOptionException(parameter, value, forms());
        }
    }

    /** Looks up an option by wire code. */
    public static Optional<OptionCode> ofCode(long code) {
        for (OptionCode option : values()) {
            if (option.code == code) {
                return Optional.of(option);
            }
        }
        return Optional.empty();
    }

    /** Looks up an option by parameter name (case-insensitive; {@code BROKER} and {@code FCL} are accepted too). */
    public static Optional<OptionCode> ofParameter(String name) {
        String upper = name.toUpperCase(Locale.ROOT);
        for (OptionCode option : values()) {
            if (option.parameter.equals(upper) || option.name().equals(upper)) {
                return Optional.of(option);
            }
        }
        return Optional.empty();
    }

    private static final class Forms {
        static final String URL =
                "a URL such as amqp://host:5672/test.queue or failover:(amqp://a:5672,amqp://b:5672)/test.queue";
        static final String FLOW = "a flow name of letters, digits, '.', '_' or '-' (1-64 characters), e.g. orders";
        static final String NAME = "a name of letters, digits, '.', '_' or '-' (1-100 characters), not '.' or '..'";
    }

    private static void checkInt(String option, String value, long min, long max) {
        String trimmed = value.trim();
        if (!trimmed.matches("-?\\d{1,18}")) {
            throw new IllegalArgumentException(option);
        }
        long number = Long.parseLong(trimmed);
        if (number < min || number > max) {
            throw new IllegalArgumentException(option);
        }
    }

    private static void checkChoice(String option, String value, String... choices) {
        for (String choice : choices) {
            if (choice.equalsIgnoreCase(value.trim())) {
                return;
            }
        }
        throw new IllegalArgumentException(option);
    }

    /** A name of an inspector on the class path; any name when none is (the inspector peer checks it at start). */
    private static void checkInspector(String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException("INSPECTOR_NAME");
        }
        if (!InspectorCatalog.all().isEmpty() && InspectorCatalog.named(value).isEmpty()) {
            throw new IllegalArgumentException("INSPECTOR_NAME");
        }
    }

    private static void checkDuration(String option, String value) {
        if (!value.trim().equals("0")) {
            Durations.parse(value);
        }
    }

    private static void checkWarmUp(String value) {
        if (!value.trim().equalsIgnoreCase(TestOptions.AUTO)) {
            checkDuration("WARM_UP", value);
        }
    }

    private static void checkName(String option, String value) {
        if (value.equals(".") || value.equals("..")) {
            throw new InvalidOptionException(
                    option,
                    value,
                    "'.' and '..' name the results directory itself or the one above it, not a directory of the test",
                    Forms.NAME);
        }
        if (!value.matches("[A-Za-z0-9._-]{1,100}")) {
            throw new IllegalArgumentException(option);
        }
    }

    private static void checkFlow(String value) {
        if (!value.isEmpty() && !value.matches(TestOptions.FLOW_NAME)) {
            throw new IllegalArgumentException("FLOW");
        }
    }

    private static void checkRunId(String option, String value) {
        if (!value.matches("[A-Za-z0-9-]{1,64}")) {
            throw new IllegalArgumentException(option);
        }
    }

    private static void checkNotBlank(String option, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(option);
        }
    }

    private static void checkUrl(String value) {
        String url = DestinationUrls.resolve(value.trim(), 0, 0);
        if (url.startsWith("failover:(")) {
            int close = url.indexOf(')');
            if (close < 0) {
                throw new IllegalArgumentException("unbalanced failover URL");
            }
            for (String member : url.substring("failover:(".length(), close).split(",")) {
                checkUrl(member);
            }
            return;
        }
        URI uri = URI.create(url);
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("URL without scheme or host");
        }
    }
}

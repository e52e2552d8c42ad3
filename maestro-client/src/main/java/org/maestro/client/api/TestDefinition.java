package org.maestro.client.api;

import groovy.lang.Closure;
import groovy.lang.DelegatesTo;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.maestro.common.options.Durations;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestDuration;
import org.maestro.common.options.TestOptions;

/**
 * What one test is: its name, the SUT URLs and the load, as a script writes it. Every parameter can be overridden
 * by the environment variable of the same name (SPEC §3), which wins over the script; that is how a CI job
 * parameterises a script without editing it.
 *
 * <pre>{@code
 * maestro.fixedRate {
 *     name "fixed-rate"
 *     sut "amqp://127.0.0.1:5672/test.queue"
 *     messageSize "~256"; parallelCount 5; rate 1000; duration "2m"; warmUp "20s"
 *     maximumLatency 500   // ms, soft (p90)
 *     maximumLoss "0.1%"   // of the messages sent; default 0
 * }
 * }</pre>
 */
public final class TestDefinition extends LoadSettings<TestDefinition> {
    private final Map<OptionCode, String> values = new EnumMap<>(OptionCode.class);
    private final List<AgentAction> actions = new ArrayList<>();
    private final List<FlowDefinition> flows = new ArrayList<>();
    private final List<Inspected> inspected = new ArrayList<>();
    private boolean inspect;
    private boolean inspectorRequired;

    /**
     * An agent action at a time offset from the start of the measured part of the test, for the agents a
     * {@link PeerSelector} names ({@code agent}: its text), or for every agent ({@code agent} null).
     */
    public record AgentAction(Duration at, String command, String agent) {
        /** An action for every agent. */
        public AgentAction(Duration at, String command) {
            this(at, command, null);
        }
    }

    /**
     * A system the test inspects: its name (on its files and charts), its management URL and the inspector that reads
     * it ({@code kind}; empty: the one that claims the URL).
     */
    public record Inspected(String name, String url, String kind) {}

    /** A definition with the defaults of a test that sets nothing. */
    public TestDefinition() {
        values.put(OptionCode.TEST_NAME, "test");
    }

    /** A copy of this definition, to derive variants (e.g. one per rate step). */
    public TestDefinition copy() {
        TestDefinition copy = new TestDefinition();
        copy.values.putAll(values);
        copy.actions.addAll(actions);
        flows.forEach(flow -> copy.flows.add(flow.copy()));
        copy.inspected.addAll(inspected);
        copy.inspect = inspect;
        copy.inspectorRequired = inspectorRequired;
        return copy;
    }

    // ---- the DSL: one method per parameter ----

    /** The test's name: its results directory, its JUnit test case. */
    public TestDefinition name(String name) {
        return set(OptionCode.TEST_NAME, name);
    }

    /** Fail-condition latency in ms: the test fails when p90 of response time exceeds it (see {@link #hardLatency}). */
    public TestDefinition maximumLatency(long millis) {
        return set(OptionCode.FCL, Long.toString(millis));
    }

    /**
     * The most messages the test may lose and still pass: a count ({@code maximumLoss 100}) or a percentage of the
     * messages sent ({@code maximumLoss "0.5%"}); the default is 0, and a loss that is unknown fails whatever the limit.
     */
    public TestDefinition maximumLoss(Object limit) {
        return set(OptionCode.MAXIMUM_LOSS, String.valueOf(limit));
    }

    /** Apply the maximum latency to the maximum (hard) instead of p90 (soft). */
    public TestDefinition hardLatency(boolean hard) {
        return set(OptionCode.FCL_MODE, hard ? "hard" : "soft");
    }

    /**
     * Watch the SUT with an inspector at a management URL: {@code "artemis"}, {@code "dispatch"},
     * {@code "rabbitmq"}, {@code "nats"}, {@code "mosquitto"} or any other found on the class path.
     */
    public TestDefinition inspector(String name, String managementUrl) {
        set(OptionCode.INSPECTOR_NAME, name);
        set(OptionCode.MANAGEMENT_INTERFACE, managementUrl);
        inspect = true;
        return this;
    }

    /**
     * Inspects one more system, named: {@code inspect "router1", "amqp://127.0.0.1:5673"}; the inspector is the one
     * that claims the URL (see {@link #inspect(Map, String, String)} to name it). A test may inspect any number of
     * systems; the inspector peers share them, each system with its own polling, files and charts.
     */
    public TestDefinition inspect(String name, String managementUrl) {
        return inspect(Map.of(), name, managementUrl);
    }

    /**
     * Inspects one more system with a named inspector:
     * {@code inspect "broker", "http://admin:admin@host:8161/console/jolokia", kind: "artemis"}.
     */
    public TestDefinition inspect(Map<String, Object> settings, String name, String managementUrl) {
        for (String key : settings.keySet()) {
            if (!key.equals("kind")) {
                throw MaestroException.usage("inspect \"" + name + "\" takes no setting '" + key
                        + "': the only one is kind, e.g. inspect \"broker\", \"http://host:8161/console/jolokia\","
                        + " kind: \"artemis\"");
            }
        }
        Object kind = settings.get("kind");
        inspected.add(new Inspected(name, managementUrl, kind == null ? "" : kind.toString()));
        return this;
    }

    /**
     * Whether the test fails when its inspector cannot start (its management interface unreachable, a login refused,
     * no inspector peer), with the infrastructure exit code. By default such a test runs without SUT data, and says
     * so in the output and on its page.
     */
    public TestDefinition requireInspector(boolean required) {
        inspectorRequired = required;
        return this;
    }

    /** How often the inspector polls (default 5s, at least 1s). */
    public TestDefinition inspectionInterval(String duration) {
        return set(OptionCode.INSPECTION_INTERVAL, duration);
    }

    /** Where the agent takes its extension points from: a git URL or a directory, optionally a branch. */
    public TestDefinition agentSource(String source) {
        return set(OptionCode.EXT_POINT_SOURCE, source);
    }

    /** The branch of the agent source. */
    public TestDefinition agentBranch(String branch) {
        return set(OptionCode.EXT_POINT_BRANCH, branch);
    }

    /** Asks every agent to run a command at a time, e.g. {@code agent "restart 5", at: "30s"}. */
    public TestDefinition agent(Map<String, Object> when, String command) {
        actions.add(new AgentAction(at(when), command, null));
        return this;
    }

    /**
     * Asks the agents a {@link PeerSelector} names (a name, name@host or host) to run a command at a time, e.g.
     * {@code agent "router2-host", at: "10s", "restart router2"}; a test whose selector matches no agent that answered
     * fails before the load starts.
     */
    public TestDefinition agent(Map<String, Object> when, String agent, String command) {
        actions.add(new AgentAction(at(when), command, agent));
        return this;
    }

    private static Duration at(Map<String, Object> when) {
        Object at = when.getOrDefault("at", "0s");
        return at.toString().equals("0") ? Duration.ZERO : Durations.parse(at.toString());
    }

    /** How long receivers may take to consume what is in flight once senders stopped (default 30s). */
    public TestDefinition drainTimeout(String duration) {
        return set(OptionCode.DRAIN_TIMEOUT, duration);
    }

    /**
     * How long a drain waits without any message consumed while messages sent have not all arrived, before what is
     * missing counts as lost (DRAIN_QUIET, default 5s): long enough for a broker that pauses delivery.
     */
    public TestDefinition drainQuiet(String duration) {
        return set(OptionCode.DRAIN_QUIET, duration);
    }

    /**
     * Whether senders send again a message the system under test released (same sequence number and intended
     * time, as a real client would), so an outage shows as response time instead of loss (RESEND_RELEASED).
     */
    public TestDefinition resendReleased(boolean resend) {
        return set(OptionCode.RESEND_RELEASED, Boolean.toString(resend));
    }

    /**
     * Adds a named flow: its own URLs, senders, receivers and load; what it leaves unset is this test's ({@link
     * FlowDefinition}, docs/getting-started.md, "Flows").
     */
    public TestDefinition flow(
            String name,
            @DelegatesTo(value = FlowDefinition.class, strategy = Closure.DELEGATE_FIRST) Closure<?> definition) {
        return flow(name, flow -> {
            Closure<?> copy = (Closure<?>) definition.clone();
            copy.setResolveStrategy(Closure.DELEGATE_FIRST);
            copy.setDelegate(flow);
            copy.call(flow);
        });
    }

    /** Adds a named flow defined by a Java consumer. */
    public TestDefinition flow(String name, Consumer<FlowDefinition> definition) {
        FlowDefinition flow = new FlowDefinition(name);
        definition.accept(flow);
        flows.add(flow);
        return this;
    }

    /** Sets any option by parameter name, e.g. {@code option "LOG_LEVEL", "debug"}. */
    public TestDefinition option(String parameter, Object value) {
        OptionCode option = OptionCode.ofParameter(parameter)
                .orElseThrow(() -> new IllegalArgumentException(
                        "unknown test parameter " + parameter + "; known: " + knownParameters()));
        return set(option, String.valueOf(value));
    }

    @Override
    protected TestDefinition set(OptionCode option, String value) {
        values.put(option, value);
        return this;
    }

    // ---- reading it back ----

    /** The raw values the script set. */
    public Map<OptionCode, String> values() {
        return Collections.unmodifiableMap(values);
    }

    /** The agent actions, in the order written. */
    public List<AgentAction> actions() {
        return List.copyOf(actions);
    }

    /** The flows the script named, in the order written; empty for a test of one unnamed flow. */
    public List<FlowDefinition> flows() {
        return List.copyOf(flows);
    }

    /** The systems named with {@code inspect}, in the order written (the older {@code inspector} form not among them). */
    public List<Inspected> inspected() {
        return List.copyOf(inspected);
    }

    /** True when the test wants an inspector. */
    public boolean wantsInspector() {
        return inspect || !inspected.isEmpty() || values.containsKey(OptionCode.MANAGEMENT_INTERFACE);
    }

    /** True when the test fails rather than runs without SUT data when its inspector cannot start. */
    public boolean requiresInspector() {
        return inspectorRequired;
    }

    /** True when the test wants an agent. */
    public boolean wantsAgent() {
        return !actions.isEmpty();
    }

    /**
     * The validated options: the script's values, overridden by the environment.
     *
     * @param environment the environment variables (e.g. {@code System::getenv})
     * @throws org.maestro.common.options.InvalidOptionException naming the parameter and its accepted forms
     */
    public TestOptions resolve(UnaryOperator<String> environment) {
        Map<OptionCode, String> resolved = new EnumMap<>(values);
        for (OptionCode option : OptionCode.values()) {
            String fromEnvironment = environment.apply(option.parameter());
            if (fromEnvironment != null && !fromEnvironment.isBlank()) {
                resolved.put(option, fromEnvironment);
            }
        }
        TestOptions options = TestOptions.DEFAULTS.withAll(resolved);
        if (flows.isEmpty()
                && (options.sendUrl().isEmpty() || options.receiveUrl().isEmpty())) {
            throw new IllegalArgumentException(
                    "test '" + options.testName() + "' names no SUT: set sut \"amqp://host:5672/"
                            + "queue\" in the script or SEND_RECEIVE_URL in the environment");
        }
        return options;
    }

    /** How long the measured part lasts, if the test is bounded by time. */
    public static Duration plannedTime(TestOptions options) {
        TestDuration duration = options.duration();
        if (duration.isTimed()) {
            return duration.time().plus(options.warmUp());
        }
        int rate = options.rate();
        return rate > 0
                ? Duration.ofMillis(duration.messageCount() * 1000L / rate).plus(options.warmUp())
                : null;
    }

    private static String knownParameters() {
        List<String> names = new ArrayList<>();
        for (OptionCode option : OptionCode.values()) {
            names.add(option.parameter());
        }
        return String.join(", ", names);
    }
}

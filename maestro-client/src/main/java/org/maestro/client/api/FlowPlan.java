package org.maestro.client.api;

import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;

/**
 * The flows of one test, checked: each flow's name, the peers it asks for, the options set on its peers only and the
 * options it runs with (the test's, overridden by its own). A test without {@code flow()} is one unnamed flow of every
 * answering sender and receiver. Refuses bad input before anything runs (exit code 2), naming the flow, the parameter
 * and a valid example.
 *
 * <pre>{@code
 * FlowPlan plan = FlowPlan.of(definition, options);   // options: the test's resolved ones
 * plan.checkUrls();
 * }</pre>
 */
public final class FlowPlan {
    /** The URL options: a flow that sets one of them has its own URLs, set on its peers only. */
    static final List<OptionCode> URLS = List.of(OptionCode.BROKER, OptionCode.SEND_URL, OptionCode.RECEIVE_URL);

    /** Options the client sets itself, per test or per peer: a flow may not set them. */
    private static final Set<OptionCode> CLIENT_OPTIONS = Set.of(
            OptionCode.FLOW,
            OptionCode.CONNECTION_OFFSET,
            OptionCode.TEST_NAME,
            OptionCode.TEST_ITERATION,
            OptionCode.RUN_ID);

    /** The most peers of one role a flow may ask for by count. */
    static final int MAX_PEERS = 10_000;

    private final boolean named;
    private final List<Flow> flows;

    /**
     * One checked flow.
     *
     * @param name      the flow's name; empty for the one flow of a test that names none
     * @param senders   the senders it asks for
     * @param receivers the receivers it asks for
     * @param own       the options set on its peers only (its URLs and its own load options); empty when unnamed
     * @param options   the options it runs with
     */
    public record Flow(
            String name,
            FlowDefinition.PeerDemand senders,
            FlowDefinition.PeerDemand receivers,
            Map<OptionCode, String> own,
            TestOptions options) {}

    private FlowPlan(boolean named, List<Flow> flows) {
        this.named = named;
        this.flows = List.copyOf(flows);
    }

    /**
     * The checked flows of a test.
     *
     * @param options the test's options, resolved (script and environment)
     * @throws MaestroException exit code 2, naming the flow, the parameter and a valid example
     */
    public static FlowPlan of(TestDefinition definition, TestOptions options) {
        List<FlowDefinition> written = definition.flows();
        if (written.isEmpty()) {
            return new FlowPlan(
                    false,
                    List.of(new Flow(
                            "", FlowDefinition.PeerDemand.NONE, FlowDefinition.PeerDemand.NONE, Map.of(), options)));
        }
        Set<String> names = new HashSet<>();
        List<Flow> flows = new ArrayList<>();
        for (FlowDefinition flow : written) {
            String name = checkName(flow.name());
            if (!names.add(name)) {
                throw MaestroException.usage("two flows are named '" + name + "' in test '" + options.testName()
                        + "': give each flow its own name, e.g. flow(\"" + name + "-2\") { … }");
            }
            checkDemand(name, "senders", flow.senders());
            checkDemand(name, "receivers", flow.receivers());
            flows.add(checked(name, flow, options));
        }
        return new FlowPlan(true, flows);
    }

    private static String checkName(String name) {
        if (name == null || !name.matches(TestOptions.FLOW_NAME)) {
            throw MaestroException.usage("flow name '" + name + "' is not valid: FLOW takes letters, digits, '.', "
                    + "'_' or '-' (1-64 characters), e.g. flow(\"orders\") { … }");
        }
        return name;
    }

    private static void checkDemand(String flow, String role, FlowDefinition.PeerDemand demand) {
        if (demand.bySelector()) {
            for (String selector : demand.selectors()) {
                try {
                    new PeerSelector(selector);
                } catch (IllegalArgumentException | NullPointerException e) {
                    throw MaestroException.usage("flow '" + flow + "': " + role + " " + e.getMessage());
                }
            }
            return;
        }
        if (demand.count() < 1 || demand.count() > MAX_PEERS) {
            String one = role.substring(0, role.length() - 1);
            throw MaestroException.usage("flow '" + flow + "' has " + demand.count() + " " + role + ": a flow needs "
                    + "at least one " + one + " and at most " + MAX_PEERS + "; write " + role + " 2 (a count) or "
                    + role + " \"" + one + "-1\" (peer names or hosts) in the flow");
        }
    }

    /** The flow's options: the test's, its URLs replaced by the flow's own when it names any, then its own. */
    private static Flow checked(String name, FlowDefinition flow, TestOptions test) {
        Map<OptionCode, String> own = new EnumMap<>(OptionCode.class);
        for (Map.Entry<OptionCode, String> value : flow.values().entrySet()) {
            OptionCode option = value.getKey();
            if (CLIENT_OPTIONS.contains(option)) {
                throw MaestroException.usage("flow '" + name + "' sets " + option.parameter() + ", which the test "
                        + "or the client sets; set load options in a flow, e.g. rate 500 or option \"PRIMING_MESSAGES\""
                        + ", 0");
            }
            try {
                option.validate(value.getValue());
            } catch (IllegalArgumentException e) {
                throw MaestroException.usage("flow '" + name + "': " + e.getMessage());
            }
            if (!URLS.contains(option)) {
                own.put(option, value.getValue());
            }
        }
        Optional<String> send =
                first(flow.values(), OptionCode.SEND_URL, OptionCode.BROKER).or(test::sendUrl);
        Optional<String> receive =
                first(flow.values(), OptionCode.RECEIVE_URL, OptionCode.BROKER).or(test::receiveUrl);
        if (send.isEmpty() || receive.isEmpty()) {
            throw MaestroException.usage("flow '" + name + "' names no SUT: set sut \"amqp://host:5672/" + name
                    + "\" (or sendUrl and receiveUrl) in the flow, or sut in the test for every flow");
        }
        if (send.get().equals(receive.get())) {
            own.put(OptionCode.BROKER, send.get());
        } else {
            own.put(OptionCode.SEND_URL, send.get());
            own.put(OptionCode.RECEIVE_URL, receive.get());
        }
        Map<OptionCode, String> runs = new EnumMap<>(test.values());
        URLS.forEach(runs::remove);
        runs.putAll(own);
        return new Flow(name, flow.senders(), flow.receivers(), own, TestOptions.DEFAULTS.withAll(runs));
    }

    private static Optional<String> first(Map<OptionCode, String> values, OptionCode first, OptionCode second) {
        return Optional.ofNullable(values.get(first)).or(() -> Optional.ofNullable(values.get(second)));
    }

    /** True when the script named its flows; false for the one flow of a test without {@code flow()}. */
    public boolean named() {
        return named;
    }

    /** The flows, in the order written. */
    public List<Flow> flows() {
        return flows;
    }

    /**
     * Checks every flow's URLs with the drivers on the client.
     *
     * @throws MaestroException exit code 2, naming the flow and the parameter
     */
    public void checkUrls() {
        for (Flow flow : flows) {
            try {
                SutUrls.check(flow.options());
            } catch (MaestroException e) {
                throw named ? MaestroException.usage("flow '" + flow.name() + "': " + e.getMessage()) : e;
            }
        }
    }

    /**
     * The start line of a test of named flows: each flow's peers, load and URLs, e.g. {@code flow orders: 2 senders,
     * 1 receivers, 1 connections × 500 msg/s, 256 bytes, 20s → amqp://broker:5672/orders}.
     */
    public String describe() {
        List<String> parts = new ArrayList<>();
        for (Flow flow : flows) {
            TestOptions o = flow.options();
            String send = o.sendUrl().map(UrlRedactor::redact).orElse("?");
            String receive = o.receiveUrl().map(UrlRedactor::redact).orElse("?");
            parts.add(String.format(
                    "flow %s: %s, %s, %s connections × %s msg/s, %s bytes, %s → %s",
                    flow.name(),
                    peers(flow.senders(), "senders"),
                    peers(flow.receivers(), "receivers"),
                    o.parallelCount(),
                    o.rate() == 0 ? "unbounded" : o.rate(),
                    o.messageSize(),
                    o.duration(),
                    send.equals(receive) ? send : "send " + send + ", receive " + receive));
        }
        return String.join("; ", parts);
    }

    /** {@code 2 senders}, or {@code senders sender-a lab-3}. */
    private static String peers(FlowDefinition.PeerDemand demand, String role) {
        return demand.bySelector() ? role + " " + String.join(" ", demand.selectors()) : demand.count() + " " + role;
    }

    /** The test's planned time: the longest of its flows'; null when a flow's is not bounded by time. */
    public Duration plannedTime() {
        Duration longest = Duration.ZERO;
        for (Flow flow : flows) {
            Duration planned = TestDefinition.plannedTime(flow.options());
            if (planned == null) {
                return null;
            }
            longest = planned.compareTo(longest) > 0 ? planned : longest;
        }
        return longest;
    }
}

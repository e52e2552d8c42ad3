package org.maestro.client.api;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.maestro.common.options.OptionCode;

/**
 * One flow of a test as a script writes it: its name, its URLs, its senders and receivers (a count, or peer
 * selectors) and its own load options; what it leaves unset comes from the test around it. Checked by
 * {@link FlowPlan}.
 *
 * <pre>{@code
 * flow("audit") {
 *     sut "amqp://broker:5672/audit"
 *     senders 5; receivers "receiver-a", "lab-3"
 *     rate 100; messageSize 1024
 * }
 * }</pre>
 */
public final class FlowDefinition {
    private final String name;
    private final Map<OptionCode, String> values = new EnumMap<>(OptionCode.class);
    private PeerDemand senders = PeerDemand.NONE;
    private PeerDemand receivers = PeerDemand.NONE;

    /** A flow of this name that sets nothing yet. */
    public FlowDefinition(String name) {
        this.name = name;
    }

    /** A copy of this flow, to derive variants of its test. */
    FlowDefinition copy() {
        FlowDefinition copy = new FlowDefinition(name);
        copy.values.putAll(values);
        copy.senders = senders;
        copy.receivers = receivers;
        return copy;
    }

    // ---- the DSL ----

    /** The SUT URL the flow's senders and receivers use (SEND_RECEIVE_URL). */
    public FlowDefinition sut(String url) {
        return set(OptionCode.BROKER, url);
    }

    /** The URL the flow's senders send to. */
    public FlowDefinition sendUrl(String url) {
        return set(OptionCode.SEND_URL, url);
    }

    /** The URL the flow's receivers receive from. */
    public FlowDefinition receiveUrl(String url) {
        return set(OptionCode.RECEIVE_URL, url);
    }

    /** How many sender peers the flow takes from those that answered. */
    public FlowDefinition senders(int count) {
        senders = PeerDemand.count(count);
        return this;
    }

    /** The sender peers the flow takes, by name, name@host or host ({@link PeerSelector}). */
    public FlowDefinition senders(String... selectors) {
        senders = PeerDemand.selected(List.of(selectors));
        return this;
    }

    /** How many receiver peers the flow takes from those that answered. */
    public FlowDefinition receivers(int count) {
        receivers = PeerDemand.count(count);
        return this;
    }

    /** The receiver peers the flow takes, by name, name@host or host ({@link PeerSelector}). */
    public FlowDefinition receivers(String... selectors) {
        receivers = PeerDemand.selected(List.of(selectors));
        return this;
    }

    /** Connections per sender and per receiver peer of the flow. */
    public FlowDefinition parallelCount(int count) {
        return set(OptionCode.PARALLEL_COUNT, Integer.toString(count));
    }

    /** Messages per second per connection of the flow; 0 is unbounded. */
    public FlowDefinition rate(int rate) {
        return set(OptionCode.RATE, Integer.toString(rate));
    }

    /** Message size of the flow in bytes, {@code "256"} or {@code "~256"}. */
    public FlowDefinition messageSize(Object size) {
        return set(OptionCode.MESSAGE_SIZE, String.valueOf(size));
    }

    /** {@code "90s"}, {@code "1h30m"}, or a message count per connection of the flow. */
    public FlowDefinition duration(Object duration) {
        return set(OptionCode.DURATION, String.valueOf(duration));
    }

    /** Load before measuring in the flow, excluded from results. */
    public FlowDefinition warmUp(String duration) {
        return set(OptionCode.WARM_UP, duration);
    }

    /** Sets any option of the flow by parameter name, e.g. {@code option "PRIMING_MESSAGES", 0}. */
    public FlowDefinition option(String parameter, Object value) {
        OptionCode option = OptionCode.ofParameter(parameter)
                .orElseThrow(() -> new IllegalArgumentException("flow '" + name + "': unknown test parameter "
                        + parameter + "; write one such as option \"PRIMING_MESSAGES\", 0"));
        return set(option, String.valueOf(value));
    }

    private FlowDefinition set(OptionCode option, String value) {
        values.put(option, value);
        return this;
    }

    // ---- reading it back ----

    /** The flow's name as written. */
    public String name() {
        return name;
    }

    /** The options the flow sets itself. */
    public Map<OptionCode, String> values() {
        return Collections.unmodifiableMap(values);
    }

    /** The senders the flow asks for. */
    public PeerDemand senders() {
        return senders;
    }

    /** The receivers the flow asks for. */
    public PeerDemand receivers() {
        return receivers;
    }

    /**
     * The peers of one role a flow asks for: a count taken from the peers no other flow took, or the peers its
     * selectors name (every answering peer each matches).
     *
     * @param count     how many, when chosen by count (0 when chosen by selectors or not at all)
     * @param selectors the selectors as written; empty when chosen by count
     */
    public record PeerDemand(int count, List<String> selectors) {
        /** A role the flow says nothing about. */
        static final PeerDemand NONE = new PeerDemand(0, List.of());

        static PeerDemand count(int count) {
            return new PeerDemand(count, List.of());
        }

        static PeerDemand selected(List<String> selectors) {
            return new PeerDemand(0, Collections.unmodifiableList(new ArrayList<>(selectors)));
        }

        /** True when the flow names its peers by selector. */
        public boolean bySelector() {
            return !selectors.isEmpty();
        }
    }
}

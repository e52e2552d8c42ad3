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
public final class FlowDefinition extends LoadSettings<FlowDefinition> {
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

    /**
     * The flow's senders: a count taken from the peers that answered ({@code senders 2}), or the peers that the
     * selectors name ({@code senders "sender-a", "lab-3"}: a {@code --name}, {@code name@host} or host).
     */
    public FlowDefinition senders(Object... countOrSelectors) {
        senders = PeerDemand.of(countOrSelectors);
        return this;
    }

    /** The flow's receivers, as {@link #senders(Object...)} gives its senders. */
    public FlowDefinition receivers(Object... countOrSelectors) {
        receivers = PeerDemand.of(countOrSelectors);
        return this;
    }

    /** Sets any option of the flow by parameter name, e.g. {@code option "PRIMING_MESSAGES", 0}. */
    public FlowDefinition option(String parameter, Object value) {
        OptionCode option = OptionCode.ofParameter(parameter)
                .orElseThrow(() -> new IllegalArgumentException("flow '" + name + "': unknown test parameter "
                        + parameter + "; write one such as option \"PRIMING_MESSAGES\", 0"));
        return set(option, String.valueOf(value));
    }

    @Override
    protected FlowDefinition set(OptionCode option, String value) {
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

        /** A count when given one number, else the selectors as written (checked by {@link FlowPlan}). */
        static PeerDemand of(Object... countOrSelectors) {
            if (countOrSelectors.length == 1 && countOrSelectors[0] instanceof Number count) {
                return new PeerDemand(count.intValue(), List.of());
            }
            List<String> selectors = new ArrayList<>();
            for (Object selector : countOrSelectors) {
                selectors.add(String.valueOf(selector));
            }
            return new PeerDemand(0, Collections.unmodifiableList(selectors));
        }

        /** True when the flow names its peers by selector. */
        public boolean bySelector() {
            return !selectors.isEmpty();
        }
    }
}

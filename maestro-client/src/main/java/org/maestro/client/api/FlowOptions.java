package org.maestro.client.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;

/**
 * The SET requests that give a test's peers their options, in order: the test's options on every peer of the test
 * (without its URLs when the flows are named: each flow sets its own), then each flow's own options and its FLOW on
 * that flow's peers only, then each load peer's CONNECTION_OFFSET.
 */
final class FlowOptions {

    /** One SET: an option, its value, and the peers it is set on. */
    record Step(OptionCode option, String value, Set<String> peerIds) {}

    private FlowOptions() {}

    /**
     * The SET requests of a test.
     *
     * @param options the test's options (run id and iteration included)
     * @param live    the peers of the test still alive
     */
    static List<Step> steps(FlowPlan plan, PeerAssignment assignment, TestOptions options, Set<String> live) {
        List<Step> steps = new ArrayList<>();
        for (Map.Entry<OptionCode, String> option : options.values().entrySet()) {
            if (!plan.named() || !FlowPlan.URLS.contains(option.getKey())) {
                steps.add(new Step(option.getKey(), option.getValue(), live));
            }
        }
        if (plan.named()) {
            for (FlowPlan.Flow flow : plan.flows()) {
                Set<String> peers = assignment.of(flow.name()).stream()
                        .map(m -> m.peer().id())
                        .filter(live::contains)
                        .collect(Collectors.toUnmodifiableSet());
                if (peers.isEmpty()) {
                    continue;
                }
                flow.own().forEach((option, value) -> steps.add(new Step(option, value, peers)));
                steps.add(new Step(OptionCode.FLOW, flow.name(), peers));
            }
        }
        Map<Integer, Set<String>> byOffset = new TreeMap<>();
        for (PeerAssignment.Member member : assignment.members()) {
            // RESET left every peer at offset 0: a test of one unnamed flow sets only the others
            if (live.contains(member.peer().id()) && (plan.named() || member.connectionOffset() > 0)) {
                byOffset.computeIfAbsent(member.connectionOffset(), o -> new TreeSet<>())
                        .add(member.peer().id());
            }
        }
        byOffset.forEach((offset, peers) ->
                steps.add(new Step(OptionCode.CONNECTION_OFFSET, Integer.toString(offset), Set.copyOf(peers))));
        return steps;
    }
}

package org.maestro.client.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.maestro.common.options.TestOptions;

/**
 * The drain target of a test of named flows: each flow's {@link DrainTarget} over its own peers and with its own
 * receive URL and connections, added up; unknown when one flow's is.
 */
final class FlowDrainTarget {

    private FlowDrainTarget() {}

    /** The target of the test: one flow's as {@link DrainTarget} has it, the flows' summed when they are named. */
    static DrainTarget of(FlowPlan plan, PeerAssignment assignment, TestOptions options, TestState state) {
        if (!plan.named()) {
            return DrainTarget.of(options, state);
        }
        long expected = 0;
        List<String> bases = new ArrayList<>();
        for (FlowPlan.Flow flow : plan.flows()) {
            Set<String> ids =
                    assignment.of(flow.name()).stream().map(m -> m.peer().id()).collect(Collectors.toSet());
            DrainTarget target = DrainTarget.of(flow.options(), state, peer -> ids.contains(peer.id()));
            if (!target.isKnown()) {
                return new DrainTarget(DrainTarget.UNKNOWN, options.drainQuiet(), flow.name() + ": " + target.basis());
            }
            expected += target.expected();
            bases.add(flow.name() + ": " + target.basis());
        }
        return new DrainTarget(expected, options.drainQuiet(), String.join("; ", bases));
    }
}

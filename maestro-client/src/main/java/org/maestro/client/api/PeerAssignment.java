package org.maestro.client.api;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;

/**
 * Which answering senders and receivers take part in which flow of a test, and each one's CONNECTION_OFFSET.
 * Deterministic: peers are taken in the order of their {@code name@host} (then id); flows in the order written;
 * first every flow's selectors, then every flow's counts from the peers left. A peer no flow took takes no part in
 * the test. A test without named flows takes every answering sender and receiver.
 *
 * <pre>{@code
 * PeerAssignment assignment = PeerAssignment.assign(plan, answered, "mqtt://control:1883", "orders-audit");
 * if (assignment.takesPart(peer)) state.add(peer);
 * }</pre>
 */
public final class PeerAssignment {
    private static final Comparator<PeerInfo> ORDER =
            Comparator.comparing(PeerInfo::qualifiedName).thenComparing(PeerInfo::id);

    private final List<Member> members;
    private final Set<String> loadPeerIds;

    /**
     * A load peer of a flow.
     *
     * @param peer             the peer
     * @param flow             its flow's name; empty for the one flow of a test without named flows
     * @param role             sender or receiver
     * @param connectionOffset the flow-wide index, among its role's connections, of its first connection
     */
    public record Member(PeerInfo peer, String flow, Role role, int connectionOffset) {}

    private PeerAssignment(List<Member> members) {
        this.members = List.copyOf(members);
        this.loadPeerIds = members.stream().map(m -> m.peer().id()).collect(Collectors.toUnmodifiableSet());
    }

    /**
     * Assigns the answering peers to the flows of the plan.
     *
     * @param answered every peer that answered the discovery, of any role
     * @param endpoint the control broker's URL, for the command that starts more peers
     * @throws MaestroException exit code 3 when a flow asks for more peers than are free, or a selector matches no
     *                          answering peer: naming the flow, the role, how many were asked and answered, and the
     *                          command that starts more
     */
    public static PeerAssignment assign(FlowPlan plan, List<PeerInfo> answered, String endpoint, String testName) {
        Map<Role, List<PeerInfo>> free = new LinkedHashMap<>();
        for (Role role : List.of(Role.SENDER, Role.RECEIVER)) {
            free.put(
                    role,
                    answered.stream().filter(p -> p.plays(role)).sorted(ORDER).collect(Collectors.toList()));
        }
        if (!plan.named()) {
            List<Member> all = new ArrayList<>();
            FlowPlan.Flow only = plan.flows().get(0);
            free.forEach((role, peers) -> all.addAll(members(only, role, peers)));
            return new PeerAssignment(all);
        }
        Shortages shortages = new Shortages(testName, endpoint, answered);
        Map<String, Map<Role, List<PeerInfo>>> taken = new LinkedHashMap<>();
        for (FlowPlan.Flow flow : plan.flows()) {
            Map<Role, List<PeerInfo>> own = taken.computeIfAbsent(flow.name(), n -> new LinkedHashMap<>());
            for (Role role : free.keySet()) {
                own.put(role, new ArrayList<>());
                FlowDefinition.PeerDemand demand = demand(flow, role);
                for (String text : demand.selectors()) {
                    PeerSelector selector = new PeerSelector(text);
                    List<PeerInfo> matched = selector.select(free.get(role));
                    if (matched.isEmpty() && own.get(role).stream().noneMatch(selector::matches)) {
                        shortages.unmatched(flow.name(), role, selector, taken);
                    }
                    own.get(role).addAll(matched);
                    free.get(role).removeAll(matched);
                }
            }
        }
        for (FlowPlan.Flow flow : plan.flows()) {
            for (Role role : free.keySet()) {
                int count = demand(flow, role).count();
                if (count == 0) {
                    continue;
                }
                List<PeerInfo> left = free.get(role);
                if (left.size() < count) {
                    shortages.tooFew(flow.name(), role, count, left.size());
                }
                List<PeerInfo> chosen = new ArrayList<>(left.subList(0, Math.min(count, left.size())));
                taken.get(flow.name()).get(role).addAll(chosen);
                left.removeAll(chosen);
            }
        }
        shortages.throwIfAny();
        List<Member> members = new ArrayList<>();
        for (FlowPlan.Flow flow : plan.flows()) {
            taken.get(flow.name()).forEach((role, peers) -> members.addAll(members(flow, role, peers)));
        }
        return new PeerAssignment(members);
    }

    private static FlowDefinition.PeerDemand demand(FlowPlan.Flow flow, Role role) {
        return role == Role.SENDER ? flow.senders() : flow.receivers();
    }

    /** The peers of one role of a flow, their connections numbered one after the other in their order. */
    private static List<Member> members(FlowPlan.Flow flow, Role role, List<PeerInfo> peers) {
        int connections = flow.options().parallelCount();
        List<Member> members = new ArrayList<>();
        for (int i = 0; i < peers.size(); i++) {
            members.add(new Member(peers.get(i), flow.name(), role, i * connections));
        }
        return members;
    }

    /** True when the peer takes part in the test: an assigned sender or receiver, or a peer of any other role. */
    public boolean takesPart(PeerInfo peer) {
        return loadPeerIds.contains(peer.id()) || !(peer.plays(Role.SENDER) || peer.plays(Role.RECEIVER));
    }

    /** The load peers, by flow in the order written, senders before receivers, each in the order taken. */
    public List<Member> members() {
        return members;
    }

    /** The members of a flow. */
    public List<Member> of(String flow) {
        return members.stream().filter(m -> m.flow().equals(flow)).toList();
    }
}

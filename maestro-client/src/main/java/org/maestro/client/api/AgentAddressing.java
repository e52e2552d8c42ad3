package org.maestro.client.api;

import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;

/**
 * Which agents a timed action goes to: those its {@link PeerSelector} names (by name, name@host or host), or every
 * agent when it names none. A selector of a wrong form is a usage error before anything starts; one that matches no
 * agent that answered fails the test before the load starts, as missing peers do (infrastructure), naming the
 * selector and the agents that answered.
 */
final class AgentAddressing {

    private AgentAddressing() {}

    /**
     * Checks the form of every selector.
     *
     * @throws MaestroException a usage error naming the action and the accepted forms
     */
    static void checkForm(List<TestDefinition.AgentAction> actions) {
        for (TestDefinition.AgentAction action : actions) {
            if (action.agent() == null) {
                continue;
            }
            try {
                new PeerSelector(action.agent());
            } catch (IllegalArgumentException e) {
                throw MaestroException.usage(
                        "agent action '" + action.command() + "' is addressed to " + e.getMessage());
            }
        }
    }

    /**
     * Checks that every addressed action matches at least one of the agents that answered.
     *
     * @param peers    the test's peers, of every role
     * @param endpoint where they were asked, for the message
     * @throws MaestroException an infrastructure error naming the selector and listing the agents that answered
     */
    static void checkAnswered(List<TestDefinition.AgentAction> actions, Collection<PeerInfo> peers, String endpoint) {
        List<PeerInfo> agents = peers.stream().filter(p -> p.plays(Role.AGENT)).toList();
        for (TestDefinition.AgentAction action : actions) {
            if (action.agent() != null
                    && new PeerSelector(action.agent()).select(agents).isEmpty()) {
                throw MaestroException.infrastructure("agent action '" + action.command() + "' is addressed to '"
                        + action.agent() + "', but no agent that answered on " + endpoint
                        + " has that name, name@host or host; the agents that answered: "
                        + agents.stream().map(PeerInfo::qualifiedName).sorted().collect(Collectors.joining(", "))
                        + " (start an agent with --name " + action.agent() + ", or address one of these)");
            }
        }
    }

    /** The live agents an action goes to, among {@code peers}: those its selector matches, or all of them. */
    static Set<String> targets(TestDefinition.AgentAction action, Collection<PeerInfo> peers, Set<String> liveAgents) {
        List<PeerInfo> live =
                peers.stream().filter(p -> liveAgents.contains(p.id())).toList();
        List<PeerInfo> chosen = action.agent() == null ? live : new PeerSelector(action.agent()).select(live);
        return chosen.stream().map(PeerInfo::id).collect(Collectors.toSet());
    }
}

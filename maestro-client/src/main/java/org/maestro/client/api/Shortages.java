package org.maestro.client.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.Role;

/**
 * What the answering peers lack for the flows of a test, gathered while {@link PeerAssignment} assigns them and
 * thrown as one infrastructure failure (exit code 3) before any load: each flow, role, how many were asked and how
 * many answered or were free, and the command that starts more.
 */
final class Shortages {
    private final String testName;
    private final String endpoint;
    private final List<PeerInfo> answered;
    private final List<String> problems = new ArrayList<>();
    private final List<Role> roles = new ArrayList<>();

    Shortages(String testName, String endpoint, List<PeerInfo> answered) {
        this.testName = testName;
        this.endpoint = endpoint;
        this.answered = answered;
    }

    /** A flow's selector that matches no free peer of its role. */
    void unmatched(String flow, Role role, PeerSelector selector, Map<String, Map<Role, List<PeerInfo>>> taken) {
        String takenBy = taken.entrySet().stream()
                .filter(e -> !e.getKey().equals(flow))
                .filter(e -> e.getValue().getOrDefault(role, List.of()).stream().anyMatch(selector::matches))
                .map(e -> "flow '" + e.getKey() + "'")
                .findFirst()
                .orElse(null);
        List<String> names = answered.stream()
                .filter(p -> p.plays(role))
                .map(PeerInfo::qualifiedName)
                .sorted()
                .toList();
        problems.add("flow '" + flow + "' asks for the " + role.label() + " '" + selector + "', but "
                + (takenBy != null
                        ? "the " + role.label() + "s it matches were taken by " + takenBy
                        : "no answering " + role.label() + " matches it (answered: "
                                + (names.isEmpty() ? "none" : String.join(", ", names)) + ")"));
        note(role);
    }

    /** A flow that asks for more peers of a role by count than are free. */
    void tooFew(String flow, Role role, int asked, int free) {
        long total = answered.stream().filter(p -> p.plays(role)).count();
        problems.add("flow '" + flow + "' asks for " + asked + " " + role.label() + "(s) but " + total + " answered"
                + (free == total ? "" : " and " + free + " of them were free (the flows before it took the others)"));
        note(role);
    }

    private void note(Role role) {
        if (!roles.contains(role)) {
            roles.add(role);
        }
    }

    /** Throws the shortages found, if any. */
    void throwIfAny() {
        if (problems.isEmpty()) {
            return;
        }
        throw MaestroException.infrastructure("test '" + testName + "' cannot assign its peers on "
                + UrlRedactor.redact(endpoint) + ": " + String.join("; ", problems) + "; start more with "
                + PeerStartCommands.quoted(roles, endpoint) + " (add --name NAME for a peer a flow names)");
    }
}

package org.maestro.client.api;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.protocol.PeerNames;

/**
 * Live peers that share a {@code name@host}, the identity under which the client keeps a peer's results, statistics
 * and message sequences: a test refuses them before it starts, as it refuses missing peers (exit code 3), because
 * their figures would be counted as one peer's; {@code ping} and {@code status} mark them.
 *
 * <pre>{@code
 * NameClashes.refuse("fixed-rate", "mqtt://control:1883", answered);
 * }</pre>
 */
public final class NameClashes {
    /** What to do about a clash, for every message that names one. */
    public static final String REMEDY = "give each worker its own --name, or stop the extra one";

    private NameClashes() {}

    /**
     * The peers that share a name@host with another, by that name@host in its order, each group by id; a peer listed
     * twice (one answer delivered twice) counts once.
     */
    public static Map<String, List<PeerInfo>> find(Collection<PeerInfo> peers) {
        Map<String, Map<String, PeerInfo>> byName = new TreeMap<>();
        for (PeerInfo peer : peers) {
            byName.computeIfAbsent(peer.qualifiedName(), name -> new TreeMap<>())
                    .putIfAbsent(peer.id(), peer);
        }
        Map<String, List<PeerInfo>> clashes = new TreeMap<>();
        byName.forEach((name, byId) -> {
            if (byId.size() > 1) {
                clashes.put(name, List.copyOf(byId.values()));
            }
        });
        return clashes;
    }

    /**
     * Each clash in words, e.g. {@code 2 peers share the name sender-1@lab-3: "sender-1"@"lab-3" (role "sender", id
     * "a"), "sender-1"@"lab-3" (role "sender", id "b")}; empty when there is none.
     */
    public static List<String> describe(Collection<PeerInfo> peers) {
        return find(peers).entrySet().stream()
                .map(clash -> clash.getValue().size() + " peers share the name " + clash.getKey() + ": "
                        + clash.getValue().stream().map(PeerNames::describe).collect(Collectors.joining(", ")))
                .toList();
    }

    /** A warning line per clash, for a listing of the peers: the clash, that a test refuses it, and what to do. */
    public static List<String> warnings(Collection<PeerInfo> peers) {
        return describe(peers).stream()
                .map(clash -> "WARNING: " + clash + ": a test refuses them; " + REMEDY)
                .toList();
    }

    /**
     * Refuses a test whose peers clash, before anything is set or measured.
     *
     * @param peers    the live peers the test would use, of every role
     * @param endpoint where they answered, for the message
     * @throws MaestroException exit code 3 naming each shared name@host with the role, host and id of each peer that
     *                          shares it, why that is refused and what to do
     */
    static void refuse(String testName, String endpoint, Collection<PeerInfo> peers) {
        List<String> clashes = describe(peers);
        if (clashes.isEmpty()) {
            return;
        }
        throw MaestroException.infrastructure(String.join("; ", clashes) + " on " + UrlRedactor.redact(endpoint)
                + ": test '" + testName + "' refuses to start, because the client keeps each peer's results,"
                + " statistics and message sequences under its name@host, so theirs would be counted as one peer's;"
                + " nothing was measured; " + REMEDY + " ('maestro-cli ping' lists the peers with their ids)");
    }
}

package org.maestro.topology.generate;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.maestro.base.net.FreePorts;
import org.maestro.topology.graph.TopologyNode;

/**
 * Ports that are free on the loopback interface right now (found by {@link FreePorts}), for running
 * a topology on one machine next to other services; a port set on the node itself wins, and each
 * node keeps its port once assigned. Not thread-safe.
 */
public final class FreePortAssigner implements PortAssigner {

    private final Map<String, Integer> assigned = new HashMap<>();
    private final Set<Integer> used = new HashSet<>();

    @Override
    public int clientPort(TopologyNode node) {
        return port(node.spec().port, node.name() + "/client");
    }

    @Override
    public int interRouterPort(TopologyNode router) {
        return port(router.spec().interRouterPort, router.name() + "/inter-router");
    }

    /** The port set on the node, else the free port assigned under {@code key}, once and for all. */
    private int port(Integer set, String key) {
        if (set != null) {
            used.add(set);
            return set;
        }
        return assigned.computeIfAbsent(key, k -> freePort());
    }

    private int freePort() {
        for (int attempt = 0; attempt < 50; attempt++) {
            int port = FreePorts.next();
            if (used.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no distinct free loopback port found after 50 attempts");
    }
}

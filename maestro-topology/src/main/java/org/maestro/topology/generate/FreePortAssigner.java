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
        if (node.spec().port != null) {
            used.add(node.spec().port);
            return node.spec().port;
        }
        return assigned.computeIfAbsent(node.name() + "/client", k -> freePort());
    }

    @Override
    public int interRouterPort(TopologyNode router) {
        if (router.spec().interRouterPort != null) {
            used.add(router.spec().interRouterPort);
            return router.spec().interRouterPort;
        }
        return assigned.computeIfAbsent(router.name() + "/inter-router", k -> freePort());
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

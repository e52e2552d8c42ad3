package org.maestro.topology.generate;

import org.maestro.topology.graph.TopologyNode;
import org.maestro.topology.input.PortBases;

/**
 * Deterministic ports: the n-th router (0-based, declaration order) gets {@code normal + n} and
 * {@code interRouter + n}, the n-th broker {@code broker + n}; a port set on the node itself wins.
 */
public final class BasePortAssigner implements PortAssigner {

    private final PortBases bases;

    public BasePortAssigner(PortBases bases) {
        this.bases = bases;
    }

    @Override
    public int clientPort(TopologyNode node) {
        if (node.spec().port != null) {
            return node.spec().port;
        }
        int base = node.isRouter()
                ? orDefault(bases.normal, new PortBases().normal)
                : orDefault(bases.broker, new PortBases().broker);
        return base + node.index();
    }

    @Override
    public int interRouterPort(TopologyNode router) {
        if (router.spec().interRouterPort != null) {
            return router.spec().interRouterPort;
        }
        return orDefault(bases.interRouter, new PortBases().interRouter) + router.index();
    }

    private static int orDefault(Integer value, int fallback) {
        return value == null ? fallback : value;
    }
}

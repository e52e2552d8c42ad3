package org.maestro.topology.graph;

import org.maestro.topology.NodeType;
import org.maestro.topology.input.NodeSpec;

/**
 * A validated node of a {@link TopologyGraph}.
 *
 * @param name  unique node name (the router id for routers)
 * @param type  router or broker
 * @param host  host other nodes and clients use to reach it
 * @param index position among the nodes of the same type, in declaration order (0-based)
 * @param spec  the description entry it came from
 */
public record TopologyNode(String name, NodeType type, String host, int index, NodeSpec spec) {

    /** True for routers. */
    public boolean isRouter() {
        return type == NodeType.ROUTER;
    }

    /** True for brokers. */
    public boolean isBroker() {
        return type == NodeType.BROKER;
    }
}

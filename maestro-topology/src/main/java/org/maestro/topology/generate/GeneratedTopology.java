package org.maestro.topology.generate;

import java.util.List;
import java.util.Optional;
import org.maestro.topology.NodeType;
import org.maestro.topology.Topology;
import org.maestro.topology.graph.TopologyGraph;

/**
 * The result of generating a topology: every node with its ports and, for routers, its
 * configuration, plus the graph it came from.
 *
 * @param name  topology name
 * @param nodes nodes in declaration order
 * @param graph the validated graph
 */
public record GeneratedTopology(String name, List<GeneratedNode> nodes, TopologyGraph graph) {

    public GeneratedTopology {
        nodes = List.copyOf(nodes);
    }

    /** The node called {@code name}, if any. */
    public Optional<GeneratedNode> node(String name) {
        return nodes.stream().filter(n -> n.name().equals(name)).findFirst();
    }

    /** The routers in declaration order. */
    public List<GeneratedNode> routers() {
        return nodes.stream().filter(n -> n.type() == NodeType.ROUTER).toList();
    }

    /** The brokers in declaration order. */
    public List<GeneratedNode> brokers() {
        return nodes.stream().filter(n -> n.type() == NodeType.BROKER).toList();
    }

    /** The client view: node names and URLs. */
    public Topology topology() {
        return new Topology(name, nodes.stream().map(GeneratedNode::endpoint).toList());
    }
}

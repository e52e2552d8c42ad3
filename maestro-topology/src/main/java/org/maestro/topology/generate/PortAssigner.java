package org.maestro.topology.generate;

import org.maestro.topology.graph.TopologyNode;

/** Decides the ports of each node's listeners; asked once per node and port kind. */
public interface PortAssigner {

    /** Port clients connect to: a router's {@code normal} listener or a broker's AMQP acceptor. */
    int clientPort(TopologyNode node);

    /** Port of a router's {@code inter-router} listener. */
    int interRouterPort(TopologyNode router);
}

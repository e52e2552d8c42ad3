package org.maestro.topology.generate;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.NodeType;
import org.maestro.topology.conf.RouterConf;

/**
 * One node as generated: where it runs, its ports, its neighbours and, for a router, its
 * {@code qdrouterd.conf}.
 *
 * @param name              node name
 * @param type              router or broker
 * @param host              host other nodes and clients use
 * @param port              client port (router {@code normal} listener or broker acceptor)
 * @param interRouterPort   router's {@code inter-router} listener port, null when it has none
 * @param neighbours        names of the linked nodes
 * @param linkRoutePrefixes brokers: prefixes routers link-route to it; empty for routers
 * @param routes            routers: lowest cost to every router it exchanges routing information with (itself at 0)
 * @param conf              routers: the configuration; null for brokers
 */
public record GeneratedNode(
        String name,
        NodeType type,
        String host,
        int port,
        Integer interRouterPort,
        List<String> neighbours,
        List<String> linkRoutePrefixes,
        Map<String, Integer> routes,
        RouterConf conf) {

    /** Where clients reach this node. */
    public NodeEndpoint endpoint() {
        return new NodeEndpoint(name, type, host, port);
    }

    /** The router configuration, empty for brokers. */
    public Optional<RouterConf> routerConf() {
        return Optional.ofNullable(conf);
    }
}

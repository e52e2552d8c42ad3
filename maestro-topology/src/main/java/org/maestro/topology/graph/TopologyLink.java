package org.maestro.topology.graph;

/**
 * A validated link of a {@link TopologyGraph}. Between routers, {@code source} connects to
 * {@code target}'s inter-router listener; between a router and a broker, the router connects.
 *
 * @param source node that opens the connection
 * @param target node that accepts it
 * @param cost   routing cost (1 or more)
 * @param line   line of the link in its description, 0 when generated
 */
public record TopologyLink(TopologyNode source, TopologyNode target, int cost, int line) {

    /** The other end of the link, seen from {@code name}. */
    public TopologyNode other(String name) {
        return source.name().equals(name) ? target : source;
    }

    /** True when both ends are routers. */
    public boolean interRouter() {
        return source.isRouter() && target.isRouter();
    }

    /** {@code "a–b"}, for messages. */
    public String label() {
        return source.name() + "–" + target.name();
    }
}

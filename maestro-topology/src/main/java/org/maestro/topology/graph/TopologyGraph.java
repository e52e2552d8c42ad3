package org.maestro.topology.graph;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.alg.interfaces.ShortestPathAlgorithm;
import org.jgrapht.alg.shortestpath.DijkstraShortestPath;
import org.jgrapht.graph.AsSubgraph;
import org.jgrapht.graph.AsWeightedGraph;
import org.jgrapht.graph.builder.GraphTypeBuilder;

/**
 * A validated topology as a graph: nodes in declaration order, undirected links with costs, and
 * the routing facts derived from them (neighbours, which routers each router can reach and at
 * what cost). Immutable once built.
 */
public final class TopologyGraph {

    private final String name;
    private final Map<String, TopologyNode> nodes;
    private final List<TopologyLink> links;
    private final Graph<String, TopologyLink> graph;

    /** Builds the graph; callers pass nodes and links already checked by the validator. */
    public TopologyGraph(String name, List<TopologyNode> nodes, List<TopologyLink> links) {
        this.name = name;
        Map<String, TopologyNode> byName = new LinkedHashMap<>();
        nodes.forEach(n -> byName.put(n.name(), n));
        this.nodes = Collections.unmodifiableMap(byName);
        this.links = List.copyOf(links);
        this.graph = GraphTypeBuilder.<String, TopologyLink>undirected()
                .allowingMultipleEdges(false)
                .allowingSelfLoops(false)
                .buildGraph();
        byName.keySet().forEach(graph::addVertex);
        for (TopologyLink link : links) {
            graph.addEdge(link.source().name(), link.target().name(), link);
        }
    }

    /** The topology name. */
    public String name() {
        return name;
    }

    /** All nodes in declaration order. */
    public List<TopologyNode> nodes() {
        return List.copyOf(nodes.values());
    }

    /** The routers in declaration order. */
    public List<TopologyNode> routers() {
        return nodes.values().stream().filter(TopologyNode::isRouter).toList();
    }

    /** The brokers in declaration order. */
    public List<TopologyNode> brokers() {
        return nodes.values().stream().filter(TopologyNode::isBroker).toList();
    }

    /** The node called {@code name}, if any. */
    public Optional<TopologyNode> node(String name) {
        return Optional.ofNullable(nodes.get(name));
    }

    /** All links in declaration order. */
    public List<TopologyLink> links() {
        return links;
    }

    /** The links of node {@code name}, in declaration order. */
    public List<TopologyLink> linksOf(String name) {
        return links.stream()
                .filter(l -> l.source().name().equals(name) || l.target().name().equals(name))
                .toList();
    }

    /** The neighbours of node {@code name}, in link declaration order. */
    public List<TopologyNode> neighbours(String name) {
        return linksOf(name).stream().map(l -> l.other(name)).toList();
    }

    /** The connected parts of the whole graph (routers and brokers), each sorted by name. */
    public List<Set<String>> parts() {
        return new ConnectivityInspector<>(graph)
                .connectedSets().stream()
                        .map(s -> (Set<String>) new java.util.TreeSet<>(s))
                        .toList();
    }

    /**
     * The routers {@code router} exchanges routing information with (itself included) and the
     * lowest total link cost to each, over paths made of routers only (a broker does not forward
     * the routing protocol). Sorted by router name.
     */
    public Map<String, Integer> routerCosts(String router) {
        Set<String> routerNames = routers().stream().map(TopologyNode::name).collect(Collectors.toSet());
        Graph<String, TopologyLink> routersOnly = new AsSubgraph<>(graph, routerNames);
        Graph<String, TopologyLink> weighted = new AsWeightedGraph<>(routersOnly, l -> (double) l.cost(), false, false);
        ShortestPathAlgorithm.SingleSourcePaths<String, TopologyLink> paths =
                new DijkstraShortestPath<>(weighted).getPaths(router);
        Map<String, Integer> costs = new TreeMap<>();
        for (String other : routerNames) {
            double weight = paths.getWeight(other);
            if (!Double.isInfinite(weight)) {
                costs.put(other, (int) Math.round(weight));
            }
        }
        return costs;
    }

    /** Names of the routers {@code router} exchanges routing information with, itself included. */
    public List<String> routerPeers(String router) {
        return new ArrayList<>(routerCosts(router).keySet());
    }
}

package org.maestro.topology.generate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.topology.TopologyException;
import org.maestro.topology.conf.ConfSection;
import org.maestro.topology.conf.RouterConf;
import org.maestro.topology.graph.DescriptionValidator;
import org.maestro.topology.graph.TopologyGraph;
import org.maestro.topology.graph.TopologyLink;
import org.maestro.topology.graph.TopologyNode;
import org.maestro.topology.input.NodeSpec;
import org.maestro.topology.input.TopologyDescription;

/**
 * Turns a topology description into one {@code qdrouterd.conf} per router, all ports assigned.
 *
 * <p>Each router gets: a {@code router} section (mode interior, id = node name); a
 * {@code normal} listener for clients; an {@code inter-router} listener when another router
 * connects to it; an {@code inter-router} connector to each router it is the link source of,
 * pointing at that router's inter-router listener and carrying the link cost; a
 * {@code route-container} connector to each neighbouring broker's AMQP acceptor with an
 * {@code in} and an {@code out} link route per broker prefix; the {@code closest},
 * {@code multicast} and {@code unicast} address prefixes; then the node's own extra sections.
 *
 * <p>The router uses the larger of the two ends' costs for an inter-router connection, so the
 * cost goes on the connector and the shared inter-router listener keeps the minimum cost 1.
 */
public final class TopologyGenerator {

    private static final String NORMAL_LISTENER = "normal";
    private static final String INTER_ROUTER_LISTENER = "inter-router";

    private TopologyGenerator() {}

    /** Validates {@code description} ({@code source} names it in messages) and generates it. */
    public static GeneratedTopology generate(
            TopologyDescription description, String source, GenerationSettings settings) {
        TopologyGraph graph = DescriptionValidator.validate(description, source);
        String listenHost = settings.listenHost() != null ? settings.listenHost() : description.listenHost;
        return generate(graph, listenHost == null ? "0.0.0.0" : listenHost, settings);
    }

    /** Generates a validated graph; listeners bind to {@code listenHost}. */
    public static GeneratedTopology generate(TopologyGraph graph, String listenHost, GenerationSettings settings) {
        Map<String, String> hosts = new HashMap<>();
        Map<String, Integer> clientPorts = new HashMap<>();
        Map<String, Integer> interRouterPorts = new HashMap<>();
        for (TopologyNode node : graph.nodes()) {
            hosts.put(node.name(), settings.hostOverride() != null ? settings.hostOverride() : node.host());
            clientPorts.put(node.name(), settings.ports().clientPort(node));
            if (node.isRouter() && acceptsRouters(graph, node)) {
                interRouterPorts.put(node.name(), settings.ports().interRouterPort(node));
            }
        }
        checkPortClashes(graph, hosts, clientPorts, interRouterPorts);
        List<GeneratedNode> nodes = new ArrayList<>();
        for (TopologyNode node : graph.nodes()) {
            List<String> neighbours = graph.neighbours(node.name()).stream()
                    .map(TopologyNode::name)
                    .toList();
            if (node.isRouter()) {
                RouterConf conf = routerConf(graph, node, listenHost, hosts, clientPorts, interRouterPorts);
                nodes.add(new GeneratedNode(
                        node.name(),
                        node.type(),
                        hosts.get(node.name()),
                        clientPorts.get(node.name()),
                        interRouterPorts.get(node.name()),
                        neighbours,
                        List.of(),
                        graph.routerCosts(node.name()),
                        conf));
            } else {
                nodes.add(new GeneratedNode(
                        node.name(),
                        node.type(),
                        hosts.get(node.name()),
                        clientPorts.get(node.name()),
                        null,
                        neighbours,
                        DescriptionValidator.linkRoutePrefixes(node),
                        Map.of(),
                        null));
            }
        }
        return new GeneratedTopology(graph.name(), nodes, graph);
    }

    private static boolean acceptsRouters(TopologyGraph graph, TopologyNode router) {
        return graph.links().stream()
                .anyMatch(l -> l.interRouter() && l.target().name().equals(router.name()));
    }

    private static void checkPortClashes(
            TopologyGraph graph,
            Map<String, String> hosts,
            Map<String, Integer> clientPorts,
            Map<String, Integer> interRouterPorts) {
        Map<String, String> owners = new HashMap<>();
        List<String> problems = new ArrayList<>();
        for (TopologyNode node : graph.nodes()) {
            Map<String, Integer> ports = new LinkedHashMap<>();
            ports.put(node.isRouter() ? "normal listener" : "AMQP acceptor", clientPorts.get(node.name()));
            if (interRouterPorts.containsKey(node.name())) {
                ports.put("inter-router listener", interRouterPorts.get(node.name()));
            }
            for (Map.Entry<String, Integer> port : ports.entrySet()) {
                String key = hosts.get(node.name()) + ":" + port.getValue();
                String owner = node.name() + " (" + port.getKey() + ")";
                String previous = owners.putIfAbsent(key, owner);
                if (previous != null) {
                    problems.add(
                            previous + " and " + owner + " both use " + key
                                    + "; set 'port'/'interRouterPort' on one of the nodes or move the port bases under 'ports' apart");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new TopologyException("topology '" + graph.name() + "'", problems);
        }
    }

    private static RouterConf routerConf(
            TopologyGraph graph,
            TopologyNode router,
            String listenHost,
            Map<String, String> hosts,
            Map<String, Integer> clientPorts,
            Map<String, Integer> interRouterPorts) {
        NodeSpec spec = router.spec();
        List<ConfSection> sections = new ArrayList<>();
        Map<String, String> routerSection = new LinkedHashMap<>();
        routerSection.put("mode", "interior");
        routerSection.put("id", router.name());
        if (spec.router != null) {
            spec.router.forEach((k, v) -> routerSection.put(k, text(v)));
        }
        sections.add(ConfSection.of("router", routerSection));
        extra(sections, "sslProfile", spec.sslProfile);

        sections.add(ConfSection.of(
                "listener", listener(NORMAL_LISTENER, listenHost, clientPorts.get(router.name()), "normal")));
        if (interRouterPorts.containsKey(router.name())) {
            sections.add(ConfSection.of(
                    "listener",
                    listener(INTER_ROUTER_LISTENER, listenHost, interRouterPorts.get(router.name()), "inter-router")));
        }
        extra(sections, "listener", spec.listener);

        List<TopologyNode> brokers = new ArrayList<>();
        for (TopologyLink link : graph.linksOf(router.name())) {
            TopologyNode other = link.other(router.name());
            if (other.isBroker()) {
                brokers.add(other);
            } else if (link.source().name().equals(router.name())) {
                Map<String, String> connector = new LinkedHashMap<>();
                connector.put("name", other.name());
                connector.put("host", hosts.get(other.name()));
                connector.put("port", String.valueOf(interRouterPorts.get(other.name())));
                connector.put("role", "inter-router");
                connector.put("cost", String.valueOf(link.cost()));
                sections.add(ConfSection.of("connector", connector));
            }
        }
        for (TopologyNode broker : brokers) {
            Map<String, String> connector = new LinkedHashMap<>();
            connector.put("name", broker.name());
            connector.put("host", hosts.get(broker.name()));
            connector.put("port", String.valueOf(clientPorts.get(broker.name())));
            connector.put("role", "route-container");
            sections.add(ConfSection.of("connector", connector));
        }
        extra(sections, "connector", spec.connector);

        sections.add(address("closest", "closest"));
        sections.add(address("multicast", "multicast"));
        sections.add(address("unicast", "closest"));
        extra(sections, "address", spec.address);

        for (TopologyNode broker : brokers) {
            for (String prefix : DescriptionValidator.linkRoutePrefixes(broker)) {
                for (String direction : List.of("in", "out")) {
                    Map<String, String> linkRoute = new LinkedHashMap<>();
                    linkRoute.put("prefix", prefix);
                    linkRoute.put("direction", direction);
                    linkRoute.put("connection", broker.name());
                    sections.add(ConfSection.of("linkRoute", linkRoute));
                }
            }
        }
        extra(sections, "linkRoute", spec.linkRoute);
        extra(sections, "autoLink", spec.autoLink);
        extra(sections, "log", spec.log);
        return new RouterConf(sections);
    }

    private static Map<String, String> listener(String name, String host, int port, String role) {
        Map<String, String> listener = new LinkedHashMap<>();
        listener.put("name", name);
        listener.put("host", host);
        listener.put("port", String.valueOf(port));
        listener.put("role", role);
        listener.put("authenticatePeer", "no");
        listener.put("saslMechanisms", "ANONYMOUS");
        return listener;
    }

    private static ConfSection address(String prefix, String distribution) {
        Map<String, String> address = new LinkedHashMap<>();
        address.put("prefix", prefix);
        address.put("distribution", distribution);
        return ConfSection.of("address", address);
    }

    private static void extra(List<ConfSection> sections, String name, List<Map<String, Object>> extra) {
        if (extra == null) {
            return;
        }
        for (Map<String, Object> attributes : extra) {
            Map<String, String> values = new LinkedHashMap<>();
            attributes.forEach((k, v) -> values.put(k, text(v)));
            sections.add(ConfSection.of(name, values));
        }
    }

    /** A YAML scalar as qdrouterd writes it: booleans as yes/no, everything else as text. */
    private static String text(Object value) {
        if (value instanceof Boolean b) {
            return b ? "yes" : "no";
        }
        return String.valueOf(value);
    }
}

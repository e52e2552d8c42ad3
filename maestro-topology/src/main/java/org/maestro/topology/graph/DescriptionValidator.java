package org.maestro.topology.graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.maestro.topology.NodeType;
import org.maestro.topology.TopologyException;
import org.maestro.topology.conf.RouterConfWriter;
import org.maestro.topology.input.LinkSpec;
import org.maestro.topology.input.NodeSpec;
import org.maestro.topology.input.PortBases;
import org.maestro.topology.input.TopologyDescription;

/**
 * Checks a {@link TopologyDescription} and turns it into a {@link TopologyGraph}. Every problem
 * found is reported at once in one {@link TopologyException}, each naming the item, its line and
 * the fix.
 */
public final class DescriptionValidator {

    private static final Pattern NODE_NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]*");
    private static final Pattern WORD = Pattern.compile("[A-Za-z][A-Za-z0-9_-]*");
    private static final Pattern HOST = Pattern.compile("[A-Za-z0-9_.:\\[\\]%-]+");
    private static final Set<String> GENERATED_ROUTER_ATTRIBUTES = Set.of("id", "mode", "routerId");

    private final String source;
    private final List<String> problems = new ArrayList<>();

    private DescriptionValidator(String source) {
        this.source = source;
    }

    /** Validates {@code description}; {@code source} names it in messages (usually the file). */
    public static TopologyGraph validate(TopologyDescription description, String source) {
        return new DescriptionValidator(source).check(description);
    }

    private TopologyGraph check(TopologyDescription d) {
        if (d.version == null || d.version != TopologyDescription.FORMAT_VERSION) {
            problems.add("version " + d.version + " is not supported; this version reads 'version: "
                    + TopologyDescription.FORMAT_VERSION + "'");
        }
        if (Boolean.TRUE.equals(d.directed)) {
            problems.add("'directed: true' is not supported: links are undirected (the source opens the connection); "
                    + "remove it or write 'directed: false'");
        }
        if (Boolean.TRUE.equals(d.multigraph)) {
            problems.add("'multigraph: true' is not supported: two nodes have at most one link; "
                    + "remove it or write 'multigraph: false'");
        }
        checkPorts(d.ports);
        checkHost("listenHost", d.listenHost, "");
        List<NodeSpec> specs = d.nodes == null ? List.of() : d.nodes;
        if (specs.isEmpty()) {
            problems.add("there are no nodes; add at least one under 'nodes', e.g. '- {id: router1, type: router}'");
        }
        Map<String, TopologyNode> nodes = checkNodes(specs);
        List<TopologyLink> links = checkLinks(d.links == null ? List.of() : d.links, nodes);
        checkBrokerPrefixes(nodes);
        if (!problems.isEmpty()) {
            throw new TopologyException(source, problems);
        }
        TopologyGraph graph = new TopologyGraph(d.name, List.copyOf(nodes.values()), links);
        checkShape(graph);
        if (!problems.isEmpty()) {
            throw new TopologyException(source, problems);
        }
        return graph;
    }

    private void checkPorts(PortBases ports) {
        if (ports == null) {
            problems.add("'ports' is empty; remove it to use the defaults or set normal, interRouter and broker");
            return;
        }
        checkPort("ports.normal", ports.normal, "");
        checkPort("ports.interRouter", ports.interRouter, "");
        checkPort("ports.broker", ports.broker, "");
    }

    private void checkPort(String what, Integer port, String at) {
        if (port != null && (port < 1 || port > 65535)) {
            problems.add(at + "'" + what + "' is " + port + "; a port is a whole number from 1 to 65535");
        }
    }

    private void checkHost(String what, String host, String at) {
        if (host != null && !HOST.matcher(host).matches()) {
            problems.add(at + "'" + what + "' is '" + host + "', which is not a host name or address");
        }
    }

    private Map<String, TopologyNode> checkNodes(List<NodeSpec> specs) {
        Map<String, TopologyNode> nodes = new LinkedHashMap<>();
        Map<String, Integer> firstLine = new HashMap<>();
        int routers = 0;
        int brokers = 0;
        for (NodeSpec spec : specs) {
            if (spec == null) {
                problems.add("a node entry is empty; remove the lone '-' under 'nodes'");
                continue;
            }
            if (spec.id == null || spec.id.isBlank()) {
                problems.add(spec.at() + "a node has no 'id'; give every node a unique id such as 'router1'");
                continue;
            }
            String label = "node '" + spec.id + "'";
            if (!NODE_NAME.matcher(spec.id).matches()) {
                problems.add(spec.at() + label + ": an id may only contain letters, digits, '.', '_' and '-' "
                        + "and must start with a letter or digit");
                continue;
            }
            if (firstLine.containsKey(spec.id)) {
                problems.add(spec.at() + "node id '" + spec.id + "' is used twice"
                        + (firstLine.get(spec.id) > 0 ? " (first on line " + firstLine.get(spec.id) + ")" : "")
                        + "; rename one of them");
                continue;
            }
            firstLine.put(spec.id, spec.line());
            Optional<NodeType> type = spec.type == null ? Optional.empty() : NodeType.fromLabel(spec.type);
            if (spec.type == null) {
                problems.add(spec.at() + label + " has no 'type'; set 'type: router' or 'type: broker'");
                continue;
            }
            if (type.isEmpty()) {
                problems.add(spec.at() + label + ": type '" + spec.type + "' is not known; use 'router' or 'broker'");
                continue;
            }
            checkHost("host", spec.host, spec.at() + label + ": ");
            checkPort("port", spec.port, spec.at() + label + ": ");
            checkPort("interRouterPort", spec.interRouterPort, spec.at() + label + ": ");
            String host = spec.host == null || spec.host.isBlank() ? spec.id : spec.host;
            if (type.get() == NodeType.ROUTER) {
                checkRouterSections(spec, label);
                nodes.put(spec.id, new TopologyNode(spec.id, NodeType.ROUTER, host, routers++, spec));
            } else {
                checkBrokerFields(spec, label);
                nodes.put(spec.id, new TopologyNode(spec.id, NodeType.BROKER, host, brokers++, spec));
            }
        }
        return nodes;
    }

    private void checkRouterSections(NodeSpec spec, String label) {
        String at = spec.at() + label + ": ";
        if (spec.linkRoutePrefixes != null && !spec.linkRoutePrefixes.isEmpty()) {
            problems.add(at + "'linkRoutePrefixes' applies to brokers only; for a router add 'linkRoute' sections");
        }
        if (spec.router != null) {
            for (Map.Entry<String, Object> attribute : spec.router.entrySet()) {
                if (GENERATED_ROUTER_ATTRIBUTES.contains(attribute.getKey())) {
                    problems.add(at + "'router." + attribute.getKey() + "' is set by the generator (id is the node id, "
                            + "mode is interior); remove it");
                } else {
                    checkAttribute(at, "router", attribute.getKey(), attribute.getValue());
                }
            }
        }
        Set<String> profiles = new HashSet<>();
        for (Map<String, Object> profile : nullSafe(spec.sslProfile)) {
            if (profile != null && profile.get("name") != null) {
                profiles.add(String.valueOf(profile.get("name")));
            }
        }
        for (Map.Entry<String, List<Map<String, Object>>> sections :
                spec.extraSections().entrySet()) {
            List<Map<String, Object>> list = nullSafe(sections.getValue());
            for (int i = 0; i < list.size(); i++) {
                String what = sections.getKey() + " #" + (i + 1);
                Map<String, Object> section = list.get(i);
                if (section == null || section.isEmpty()) {
                    problems.add(at + what + " is empty; give its attributes or remove it");
                    continue;
                }
                section.forEach((key, value) -> checkAttribute(at, what, key, value));
                Object profile = section.get("sslProfile");
                if (profile != null
                        && !sections.getKey().equals("sslProfile")
                        && !profiles.contains(profile.toString())) {
                    problems.add(at + what + " uses sslProfile '" + profile + "', which this node does not define; "
                            + "add an 'sslProfile' section with 'name: " + profile + "'");
                }
            }
        }
        if (!nullSafe(spec.sslProfile).stream().allMatch(p -> p == null || p.get("name") != null)) {
            problems.add(at + "every sslProfile needs a 'name' that listeners and connectors refer to; add one");
        }
    }

    private void checkAttribute(String at, String section, String key, Object value) {
        if (!WORD.matcher(key).matches()) {
            problems.add(at + section + ": '" + key + "' is not an attribute name (letters, digits, '_' and '-')");
            return;
        }
        if (value instanceof Map || value instanceof List) {
            problems.add(at + section + ": attribute '" + key + "' must be a single value, not a list or mapping");
            return;
        }
        String problem = RouterConfWriter.valueProblem(value == null ? null : value.toString());
        if (problem != null) {
            problems.add(at + section + ": attribute '" + key + "': " + problem);
        }
    }

    private void checkBrokerFields(NodeSpec spec, String label) {
        String at = spec.at() + label + ": ";
        List<String> routerOnly = new ArrayList<>();
        if (spec.interRouterPort != null) {
            routerOnly.add("interRouterPort");
        }
        if (spec.router != null && !spec.router.isEmpty()) {
            routerOnly.add("router");
        }
        spec.extraSections().forEach((name, list) -> {
            if (list != null && !list.isEmpty()) {
                routerOnly.add(name);
            }
        });
        if (!routerOnly.isEmpty()) {
            problems.add(at + "it is a broker; " + String.join(", ", routerOnly)
                    + " appl" + (routerOnly.size() == 1 ? "ies" : "y") + " to routers only; remove "
                    + (routerOnly.size() == 1 ? "it" : "them"));
        }
        for (String prefix : nullSafe(spec.linkRoutePrefixes)) {
            if (prefix == null || prefix.isBlank() || !prefix.matches("[^\\s#]+")) {
                problems.add(at + "link-route prefix '" + prefix + "' is empty or contains a space or '#'");
            }
        }
    }

    private List<TopologyLink> checkLinks(List<LinkSpec> specs, Map<String, TopologyNode> nodes) {
        List<TopologyLink> links = new ArrayList<>();
        Map<Set<String>, Integer> seen = new HashMap<>();
        String known = nodes.isEmpty() ? "none" : String.join(", ", nodes.keySet());
        for (LinkSpec spec : specs) {
            if (spec == null) {
                problems.add("a link entry is empty; remove the lone '-' under 'links'");
                continue;
            }
            if (spec.source == null || spec.target == null) {
                problems.add(spec.at() + "a link needs both 'source' and 'target'; write '- {source: a, target: b}'");
                continue;
            }
            String label = "link " + spec.source + "–" + spec.target;
            boolean bothKnown = true;
            for (String end : List.of(spec.source, spec.target)) {
                if (!nodes.containsKey(end)) {
                    problems.add(spec.at() + label + ": node '" + end + "' is not defined; define it under 'nodes' "
                            + "or correct the name (nodes: " + known + ")");
                    bothKnown = false;
                }
            }
            if (!bothKnown) {
                continue;
            }
            if (spec.source.equals(spec.target)) {
                problems.add(spec.at() + label + " links a node to itself; remove it");
                continue;
            }
            Set<String> pair = Set.of(spec.source, spec.target);
            if (seen.containsKey(pair)) {
                problems.add(spec.at() + label + " is listed twice"
                        + (seen.get(pair) > 0 ? " (first on line " + seen.get(pair) + ")" : "")
                        + "; a pair of nodes has one link, remove one");
                continue;
            }
            seen.put(pair, spec.line());
            TopologyNode source = nodes.get(spec.source);
            TopologyNode target = nodes.get(spec.target);
            if (source.isBroker() && target.isBroker()) {
                problems.add(spec.at() + label + " joins two brokers; brokers connect only to routers, "
                        + "so link each broker to a router");
                continue;
            }
            if (spec.cost != null && spec.cost < 1) {
                problems.add(spec.at() + label + ": cost " + spec.cost
                        + " is below the minimum 1; use a whole number of 1 or more");
                continue;
            }
            if (spec.cost != null && spec.cost != 1 && !(source.isRouter() && target.isRouter())) {
                problems.add(spec.at() + label + ": a cost applies only to a link between two routers; remove it");
                continue;
            }
            if (source.isBroker()) {
                // the router always opens the connection to a broker
                links.add(new TopologyLink(target, source, 1, spec.line()));
            } else {
                links.add(new TopologyLink(source, target, spec.effectiveCost(), spec.line()));
            }
        }
        return links;
    }

    private void checkBrokerPrefixes(Map<String, TopologyNode> nodes) {
        Map<String, String> owner = new HashMap<>();
        for (TopologyNode node : nodes.values()) {
            if (!node.isBroker()) {
                continue;
            }
            for (String prefix : linkRoutePrefixes(node)) {
                String previous = owner.putIfAbsent(prefix, node.name());
                if (previous != null) {
                    problems.add(node.spec().at() + "link-route prefix '" + prefix + "' is used by brokers '" + previous
                            + "' and '" + node.name() + "'; give each broker its own prefixes");
                }
            }
        }
    }

    private void checkShape(TopologyGraph graph) {
        boolean hasRouters = !graph.routers().isEmpty();
        if (!hasRouters) {
            return;
        }
        for (TopologyNode broker : graph.brokers()) {
            if (graph.neighbours(broker.name()).stream().noneMatch(TopologyNode::isRouter)) {
                String router = graph.routers().get(0).name();
                problems.add(
                        broker.spec().at() + "broker '" + broker.name() + "' has no link to a router, so no client "
                                + "can reach it through the network; add a link such as "
                                + "'- {source: " + router + ", target: " + broker.name() + "}'");
            }
        }
        List<Set<String>> parts = graph.parts();
        if (parts.size() > 1 && problems.isEmpty()) {
            problems.add("the topology falls apart into " + parts.size() + " separate parts: "
                    + parts.stream().map(Set::toString).collect(Collectors.joining(" and "))
                    + "; add links so that every node can be reached");
        }
    }

    /** The link-route prefixes of a broker: its own, or its name when none are given. */
    public static List<String> linkRoutePrefixes(TopologyNode broker) {
        List<String> prefixes = broker.spec().linkRoutePrefixes;
        return prefixes == null || prefixes.isEmpty() ? List.of(broker.name()) : List.copyOf(prefixes);
    }

    private static <T> List<T> nullSafe(List<T> list) {
        return list == null ? List.of() : list;
    }
}

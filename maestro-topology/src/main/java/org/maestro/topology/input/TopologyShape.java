package org.maestro.topology.input;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jgrapht.Graph;
import org.jgrapht.generate.CompleteGraphGenerator;
import org.jgrapht.generate.GraphGenerator;
import org.jgrapht.generate.LinearGraphGenerator;
import org.jgrapht.generate.RingGraphGenerator;
import org.jgrapht.generate.StarGraphGenerator;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.builder.GraphTypeBuilder;
import org.maestro.topology.TopologyException;

/**
 * A standard shape laid over the nodes of an {@link Inventory}, in inventory order: {@code line}
 * (each node linked to the next), {@code circle} (a line closed back to the first node),
 * {@code complete} (every pair linked) or {@code star} (the first node linked to every other).
 */
public enum TopologyShape {
    LINE(1),
    CIRCLE(3),
    COMPLETE(1),
    STAR(2);

    private final int minimumNodes;

    TopologyShape(int minimumNodes) {
        this.minimumNodes = minimumNodes;
    }

    /** The name used on the command line. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The shape named {@code label}, if it is one. */
    public static Optional<TopologyShape> fromLabel(String label) {
        return Arrays.stream(values())
                .filter(s -> s.label().equalsIgnoreCase(label))
                .findFirst();
    }

    /** The shape as a noun in messages: "line", "circle", "complete graph", "star". */
    private String noun() {
        return this == COMPLETE ? "complete graph" : label();
    }

    /** The labels of all shapes, for messages. */
    public static String labels() {
        return Arrays.stream(values()).map(TopologyShape::label).collect(Collectors.joining(", "));
    }

    /**
     * A description with the inventory's nodes and this shape's links; {@code inventorySource} names the
     * inventory in error messages. The result still goes through {@link DescriptionValidator}.
     */
    public TopologyDescription describe(String name, Inventory inventory, String inventorySource) {
        List<InventoryNode> entries = inventory.nodes == null ? List.of() : inventory.nodes;
        if (inventory.version == null || inventory.version != 1) {
            throw new TopologyException(
                    inventorySource,
                    "inventory version " + inventory.version + " is not supported; this version reads 'version: 1'");
        }
        if (entries.size() < minimumNodes) {
            throw new TopologyException(
                    inventorySource,
                    "a " + noun() + " needs at least " + minimumNodes + " nodes but the inventory lists "
                            + entries.size() + "; add nodes under 'nodes'");
        }
        TopologyDescription description = new TopologyDescription();
        description.name = name;
        for (InventoryNode entry : entries) {
            NodeSpec node = new NodeSpec(entry.name, entry.type, entry.host);
            node.line(entry.line());
            description.nodes.add(node);
        }
        List<String> names = entries.stream().map(e -> e.name).toList();
        if (names.stream().anyMatch(n -> n == null || n.isBlank())) {
            // leave the precise message to the validator
            return description;
        }
        Iterator<String> supplier = names.iterator();
        Graph<String, DefaultEdge> graph = GraphTypeBuilder.<String, DefaultEdge>undirected()
                .allowingMultipleEdges(false)
                .allowingSelfLoops(false)
                .vertexSupplier(supplier::next)
                .edgeClass(DefaultEdge.class)
                .buildGraph();
        if (names.stream().distinct().count() != names.size()) {
            return description; // duplicates are reported by the validator
        }
        generator(names.size()).generateGraph(graph, null);
        Set<String> brokers = entries.stream()
                .filter(e -> "broker".equalsIgnoreCase(e.type))
                .map(e -> e.name)
                .collect(Collectors.toSet());
        for (DefaultEdge edge : graph.edgeSet()) {
            String source = graph.getEdgeSource(edge);
            String target = graph.getEdgeTarget(edge);
            if (brokers.contains(source) && brokers.contains(target)) {
                throw new TopologyException(
                        inventorySource,
                        "a " + noun() + " would link broker " + source + " to broker "
                                + target
                                + ", but brokers connect only to routers; reorder the inventory or describe the "
                                + "topology in a file for --input");
            }
            description.links.add(new LinkSpec(source, target, null));
        }
        return description;
    }

    private GraphGenerator<String, DefaultEdge, String> generator(int size) {
        return switch (this) {
            case LINE -> new LinearGraphGenerator<>(size);
            case CIRCLE -> new RingGraphGenerator<>(size);
            case COMPLETE -> new CompleteGraphGenerator<>(size);
            case STAR -> new StarGraphGenerator<>(size);
        };
    }
}

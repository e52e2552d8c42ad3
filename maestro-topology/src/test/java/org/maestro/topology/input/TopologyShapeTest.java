package org.maestro.topology.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.maestro.topology.TopologyException;
import org.maestro.topology.graph.DescriptionValidator;

/** The standard shapes laid over an inventory, in inventory order. */
class TopologyShapeTest {

    private static final Inventory FOUR = InventoryReader.read("inv.yaml", """
            version: 1
            nodes:
              - {name: a, host: 10.0.0.1}
              - {name: b, host: 10.0.0.2}
              - {name: c, host: 10.0.0.3}
              - {name: d, host: 10.0.0.4, type: router}
            """);

    private static Set<String> links(TopologyShape shape) {
        Set<String> links = new TreeSet<>();
        for (LinkSpec link : shape.describe("t", FOUR, "inv.yaml").links) {
            links.add(link.source + "-" + link.target);
        }
        return links;
    }

    @Test
    void aLineLinksEachNodeToTheNextAndTheEarlierOneConnects() {
        assertEquals(Set.of("a-b", "b-c", "c-d"), links(TopologyShape.LINE));
    }

    @Test
    void aCircleClosesTheLine() {
        Set<String> undirected = new TreeSet<>();
        links(TopologyShape.CIRCLE).forEach(l -> undirected.add(sorted(l)));
        assertEquals(Set.of("a-b", "b-c", "c-d", "a-d"), undirected);
    }

    @Test
    void aCompleteGraphLinksEveryPairOnce() {
        Set<String> undirected = new TreeSet<>();
        links(TopologyShape.COMPLETE).forEach(l -> undirected.add(sorted(l)));
        assertEquals(Set.of("a-b", "a-c", "a-d", "b-c", "b-d", "c-d"), undirected);
        assertEquals(6, links(TopologyShape.COMPLETE).size());
    }

    @Test
    void aStarCentresOnTheFirstNodeWhichTheOthersConnectTo() {
        assertEquals(Set.of("b-a", "c-a", "d-a"), links(TopologyShape.STAR));
    }

    @Test
    void keepsTheInventoryHostsAndTypes() {
        TopologyDescription description = TopologyShape.LINE.describe("t", FOUR, "inv.yaml");
        assertEquals(
                List.of("10.0.0.1", "10.0.0.2", "10.0.0.3", "10.0.0.4"),
                description.nodes.stream().map(n -> n.host).toList());
        assertEquals(
                List.of("router", "router", "router", "router"),
                description.nodes.stream().map(n -> n.type).toList());
    }

    /** An inventory of {@code name} or {@code name:type} entries. */
    private static Inventory inventory(String... entries) {
        StringBuilder yaml = new StringBuilder("nodes:\n");
        for (String entry : entries) {
            String[] parts = entry.split(":");
            yaml.append("  - {name: ")
                    .append(parts[0])
                    .append(parts.length > 1 ? ", type: " + parts[1] : "")
                    .append("}\n");
        }
        return InventoryReader.read("inv.yaml", yaml.toString());
    }

    private static String sorted(String link) {
        String[] ends = link.split("-");
        return ends[0].compareTo(ends[1]) < 0 ? ends[0] + "-" + ends[1] : ends[1] + "-" + ends[0];
    }

    @Test
    void aLineThroughABrokerPutsTheBrokerBetweenTwoRouters() {
        Inventory inventory = inventory("router1", "broker1:broker", "router2");
        var graph =
                DescriptionValidator.validate(TopologyShape.LINE.describe("rbr", inventory, "inv.yaml"), "inv.yaml");
        assertEquals(
                List.of("router1", "router2"),
                graph.neighbours("broker1").stream().map(n -> n.name()).toList());
        assertEquals(Map.of("router1", 0), graph.routerCosts("router1"), "a broker does not join router networks");
    }

    @Test
    void aCompleteGraphOfTwoBrokersIsRejected() {
        Inventory inventory = inventory("router1", "broker1:broker", "broker2:broker");
        TopologyException e = assertThrows(
                TopologyException.class, () -> TopologyShape.COMPLETE.describe("c", inventory, "inv.yaml"));
        assertEquals(
                "inv.yaml: a complete graph would link broker broker1 to broker broker2, but brokers connect only to "
                        + "routers; reorder the inventory or describe the topology in a file for --input",
                e.getMessage());
    }
}

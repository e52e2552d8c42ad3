package org.maestro.topology.input;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;
import org.maestro.topology.TopologyException;
import org.maestro.topology.generate.BasePortAssigner;
import org.maestro.topology.generate.GenerationSettings;
import org.maestro.topology.generate.TopologyGenerator;

/** Bad descriptions are rejected with a message naming the file, line, item and fix. */
class DescriptionErrorsTest {

    private static String errorOf(String yaml) {
        TopologyException e = assertThrows(TopologyException.class, () -> {
            TopologyDescription description = DescriptionReader.read("topo.yaml", yaml);
            TopologyGenerator.generate(
                    description, "topo.yaml", GenerationSettings.asDescribed(new BasePortAssigner(description.ports)));
        });
        return e.getMessage();
    }

    @Test
    void namesTheUnknownNodeOfALinkAndTheKnownNodes() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: router2, type: router}
                links:
                  - {source: router1, target: router2}
                  - {source: router2, target: router9}
                """;
        assertEquals(
                "topo.yaml: line 6: link router2–router9: node 'router9' is not defined; define it under 'nodes' "
                        + "or correct the name (nodes: router1, router2)",
                errorOf(yaml));
    }

    @Test
    void rejectsABrokerWithoutARouterNeighbour() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: router2, type: router}
                  - {id: broker1, type: broker}
                links:
                  - {source: router1, target: router2}
                """;
        assertEquals(
                "topo.yaml: line 4: broker 'broker1' has no link to a router, so no client can reach it through "
                        + "the network; add a link such as '- {source: router1, target: broker1}'",
                errorOf(yaml));
    }

    @Test
    void rejectsADuplicateNodeIdNamingBothLines() {
        String yaml = """
                nodes:
                  - id: router1
                    type: router
                  - id: router1
                    type: router
                """;
        assertEquals(
                "topo.yaml: line 4: node id 'router1' is used twice (first on line 2); rename one of them",
                errorOf(yaml));
    }

    @Test
    void rejectsAnUnknownNodeType() {
        String yaml = """
                nodes:
                  - {id: router1, type: rooter}
                """;
        assertEquals(
                "topo.yaml: line 2: node 'router1': type 'rooter' is not known; use 'router' or 'broker'",
                errorOf(yaml));
    }

    @Test
    void rejectsAMissingNodeType() {
        assertEquals(
                "topo.yaml: line 2: node 'router1' has no 'type'; set 'type: router' or 'type: broker'",
                errorOf("nodes:\n  - {id: router1}\n"));
    }

    @Test
    void rejectsAMisspelledNodeKeyListingTheKnownKeys() {
        String yaml = """
                nodes:
                  - id: router1
                    type: router
                    listners:
                      - {port: 9999}
                """;
        assertEquals(
                "topo.yaml: line 4: 'listners' is not a key of a node; use one of: address, autoLink, connector, "
                        + "host, id, interRouterPort, linkRoute, linkRoutePrefixes, listener, log, port, router, "
                        + "sslProfile, type",
                errorOf(yaml));
    }

    @Test
    void rejectsACostThatIsNotANumber() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: router2, type: router}
                links:
                  - source: router1
                    target: router2
                    cost: high
                """;
        assertEquals("topo.yaml: line 7: value 'high' of 'links[0].cost' is not a whole number", errorOf(yaml));
    }

    @Test
    void rejectsACostBelowOne() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: router2, type: router}
                links:
                  - {source: router1, target: router2, cost: 0}
                """;
        assertEquals(
                "topo.yaml: line 5: link router1–router2: cost 0 is below the minimum 1; use a whole number of 1 or more",
                errorOf(yaml));
    }

    @Test
    void rejectsALinkBetweenTwoBrokers() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: broker1, type: broker}
                  - {id: broker2, type: broker}
                links:
                  - {source: router1, target: broker1}
                  - {source: broker1, target: broker2}
                """;
        assertEquals(
                "topo.yaml: line 7: link broker1–broker2 joins two brokers; brokers connect only to routers, "
                        + "so link each broker to a router",
                errorOf(yaml));
    }

    @Test
    void rejectsAListedTwiceLink() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: router2, type: router}
                links:
                  - {source: router1, target: router2}
                  - {source: router2, target: router1}
                """;
        assertEquals(
                "topo.yaml: line 6: link router2–router1 is listed twice (first on line 5); a pair of nodes has one "
                        + "link, remove one",
                errorOf(yaml));
    }

    @Test
    void rejectsATopologyThatFallsApart() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: router2, type: router}
                  - {id: router3, type: router}
                links:
                  - {source: router1, target: router2}
                """;
        assertEquals(
                "topo.yaml: the topology falls apart into 2 separate parts: [router1, router2] and [router3]; "
                        + "add links so that every node can be reached",
                errorOf(yaml));
    }

    @Test
    void reportsEveryProblemAtOnce() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - {id: router1, type: router}
                  - {id: broker1, type: brokr}
                links:
                  - {source: router1, target: nowhere}
                """;
        assertEquals("""
                topo.yaml has 3 problems:
                  - line 3: node id 'router1' is used twice (first on line 2); rename one of them
                  - line 4: node 'broker1': type 'brokr' is not known; use 'router' or 'broker'
                  - line 6: link router1–nowhere: node 'nowhere' is not defined; define it under 'nodes' or correct \
                the name (nodes: router1)""", errorOf(yaml));
    }

    @Test
    void rejectsRouterSectionsOnABroker() {
        String yaml = """
                nodes:
                  - {id: router1, type: router}
                  - id: broker1
                    type: broker
                    listener: [{port: 1234}]
                links:
                  - {source: router1, target: broker1}
                """;
        assertEquals(
                "topo.yaml: line 3: node 'broker1': it is a broker; listener applies to routers only; remove it",
                errorOf(yaml));
    }

    @Test
    void rejectsAListenerUsingAnUndefinedSslProfile() {
        String yaml = """
                nodes:
                  - id: router1
                    type: router
                    listener:
                      - {port: 5671, role: normal, sslProfile: tls}
                """;
        assertEquals(
                "topo.yaml: line 2: node 'router1': listener #1 uses sslProfile 'tls', which this node does not "
                        + "define; add an 'sslProfile' section with 'name: tls'",
                errorOf(yaml));
    }

    @Test
    void rejectsAValueQdrouterdWouldReadAsAComment() {
        String yaml = """
                nodes:
                  - id: router1
                    type: router
                    address:
                      - {prefix: "a#b", distribution: closest}
                """;
        assertEquals(
                "topo.yaml: line 2: node 'router1': address #1: attribute 'prefix': value 'a#b' contains '#', "
                        + "which qdrouterd reads as the start of a comment",
                errorOf(yaml));
    }

    @Test
    void rejectsTwoNodesOnTheSameHostAndPort() {
        String yaml = """
                nodes:
                  - {id: router1, type: router, host: h1}
                  - {id: router2, type: router, host: h1, port: 5672}
                links:
                  - {source: router1, target: router2}
                """;
        assertEquals(
                "topology 'topo.yaml': router1 (normal listener) and router2 (normal listener) both use h1:5672; "
                        + "set 'port'/'interRouterPort' on one of the nodes or move the port bases under 'ports' apart",
                errorOf(yaml));
    }

    @Test
    void rejectsInvalidYamlNamingTheLine() {
        String message = errorOf("nodes:\n  - {id: router1, type: router\n");
        assertEquals(
                "topo.yaml: line 3: not valid YAML: while parsing a flow mapping: expected ',' or '}', but got <stream end>",
                message);
    }

    @Test
    void rejectsAnEmptyFile() {
        assertEquals("topo.yaml: the file is empty; see docs/topology.md for the format", errorOf(""));
    }

    @Test
    void rejectsAnUnknownFormatVersion() {
        assertEquals(
                "topo.yaml: version 2 is not supported; this version reads 'version: 1'",
                errorOf("version: 2\nnodes:\n  - {id: router1, type: router}\n"));
    }

    @Test
    void rejectsACircleOfTwoNodes() {
        Inventory inventory = InventoryReader.read("inv.yaml", """
                nodes:
                  - {name: router1, host: 10.0.0.1}
                  - {name: router2, host: 10.0.0.2}
                """);
        TopologyException e =
                assertThrows(TopologyException.class, () -> TopologyShape.CIRCLE.describe("c", inventory, "inv.yaml"));
        assertEquals(
                "inv.yaml: a circle needs at least 3 nodes but the inventory lists 2; add nodes under 'nodes'",
                e.getMessage());
    }
}

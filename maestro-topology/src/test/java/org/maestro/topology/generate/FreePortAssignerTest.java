package org.maestro.topology.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maestro.topology.NodeType;
import org.maestro.topology.graph.TopologyNode;
import org.maestro.topology.input.NodeSpec;

/** {@link FreePortAssigner} gives each node distinct free ports, keeps them, and lets a port set on a node win. */
class FreePortAssignerTest {
    private static TopologyNode router(String name, Integer port) {
        NodeSpec spec = new NodeSpec(name, "router", "localhost");
        spec.port = port;
        return new TopologyNode(name, NodeType.ROUTER, "localhost", 0, spec);
    }

    @Test
    void givesDistinctPortsAndKeepsThemPerNode() {
        FreePortAssigner ports = new FreePortAssigner();
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            TopologyNode node = router("r" + i, null);
            int client = ports.clientPort(node);
            int interRouter = ports.interRouterPort(node);
            assertNotEquals(client, interRouter);
            assertEquals(true, seen.add(client) && seen.add(interRouter), "ports given twice: " + seen);
            assertEquals(client, ports.clientPort(node));
        }
    }

    @Test
    void aPortSetOnTheNodeWins() {
        assertEquals(5673, new FreePortAssigner().clientPort(router("r1", 5673)));
    }
}

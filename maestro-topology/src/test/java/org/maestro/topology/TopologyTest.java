package org.maestro.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Naming nodes instead of hosts and ports. */
class TopologyTest {

    private final Topology topology = new Topology(
            "line",
            List.of(
                    new NodeEndpoint("router1", NodeType.ROUTER, "10.0.0.3", 5672),
                    new NodeEndpoint("broker1", NodeType.BROKER, "broker.example", 61616),
                    new NodeEndpoint("router6", NodeType.ROUTER, "::1", 5673)));

    @Test
    void givesTheClientUrlOfANodeAndAddress() {
        assertEquals("amqp://10.0.0.3:5672/test.queue", topology.clientUrl("router1", "test.queue"));
        assertEquals("amqp://broker.example:61616/broker1.orders", topology.clientUrl("broker1", "/broker1.orders"));
        assertEquals("amqp://10.0.0.3:5672/closest/a", topology.clientUrl("router1", "closest/a"));
        assertEquals("amqp://[::1]:5673", topology.clientUrl("router6"));
    }

    @Test
    void namesTheKnownNodesWhenANodeIsUnknown() {
        TopologyException e = assertThrows(TopologyException.class, () -> topology.clientUrl("router9", "q"));
        assertEquals("topology 'line': there is no node 'router9'; nodes: router1, broker1, router6", e.getMessage());
    }

    @Test
    void rejectsAnEmptyAddress() {
        TopologyException e = assertThrows(TopologyException.class, () -> topology.clientUrl("router1", " "));
        assertEquals(
                "topology 'line': address ' ' is empty or contains spaces; give an AMQP address such as "
                        + "'test.queue'",
                e.getMessage());
    }

    @Test
    void rejectsAFileThatIsNoTopology(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("other.yaml");
        Files.writeString(file, "hello: world\n");
        TopologyException e = assertThrows(TopologyException.class, () -> Topology.load(file));
        assertEquals(
                file + ": not a topology variables or state file: expected 'version' and a list of 'nodes'",
                e.getMessage());
    }
}

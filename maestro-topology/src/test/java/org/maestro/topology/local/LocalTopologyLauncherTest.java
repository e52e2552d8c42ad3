package org.maestro.topology.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.topology.InfrastructureException;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.Topology;
import org.maestro.topology.input.DescriptionReader;
import org.maestro.topology.input.TopologyDescription;

/** Starting topologies on this machine, as far as the machine allows (see {@code RealRouterTest} for qdrouterd). */
class LocalTopologyLauncherTest {

    @TempDir
    Path work;

    private static TopologyDescription brokersOnly() {
        return DescriptionReader.read("brokers.yaml", """
                nodes:
                  - {id: broker1, type: broker}
                  - {id: broker2, type: broker, linkRoutePrefixes: [orders]}
                """);
    }

    private static TopologyDescription routerBroker() {
        return DescriptionReader.read("router-broker.yaml", """
                nodes:
                  - {id: router1, type: router}
                  - {id: broker1, type: broker}
                links:
                  - {source: router1, target: broker1}
                """);
    }

    @Test
    void startsABrokerOnlyTopologyWhoseBrokersCarryMessagesAtTheirUrls() throws Exception {
        LocalTopologyLauncher launcher = new LocalTopologyLauncher(Optional.empty(), Duration.ofSeconds(30));
        NodeEndpoint broker2;
        try (RunningTopology running = launcher.start(brokersOnly(), "brokers.yaml", work)) {
            Topology topology = running.topology();
            AmqpProbe.assertCarries(topology, "broker1", "broker1", "test.queue", "hello 1");
            AmqpProbe.assertCarries(topology, "broker2", "broker2", "orders.x", "hello 2");
            broker2 = topology.node("broker2");
            assertEquals("127.0.0.1", broker2.host());
            assertTrue(Files.exists(work.resolve("variables.yaml")), "variables written");
        }
        assertFalse(AmqpProbe.accepts(broker2.host(), broker2.port()), "broker stopped on close");
    }

    @Test
    void refusesARouterTopologyAtOnceWhenQdrouterdIsMissing() {
        LocalTopologyLauncher launcher = new LocalTopologyLauncher(Optional.empty(), Duration.ofSeconds(30));
        Path dir = work.resolve("never");
        InfrastructureException e = assertThrows(
                InfrastructureException.class, () -> launcher.start(routerBroker(), "router-broker.yaml", dir));
        assertEquals(LocalTopologyLauncher.QDROUTERD_REQUIRED, e.getMessage());
        assertTrue(e.getMessage().startsWith("qdrouterd (Apache Qpid Dispatch Router 1.19) is required"));
        assertFalse(Files.exists(dir), "nothing was prepared or started");
    }

    @Test
    void asksEachRouterAtTheClientListenerItsConfigurationDeclares() throws Exception {
        Path conf = work.resolve("qdrouterd.conf");
        Files.writeString(conf, """
                router {
                    mode: interior
                    id: r1
                }
                listener {
                    host: 127.0.0.1
                    port: 40001
                    role: inter-router
                }
                listener {
                    host: 0.0.0.0
                    port: 40002
                    role: normal
                }
                """);
        assertEquals("amqp://127.0.0.1:40002", LocalTopologyLauncher.managementUrl("r1", conf));
        Files.writeString(conf, "router {\n    id: r1\n}\n");
        InfrastructureException e =
                assertThrows(InfrastructureException.class, () -> LocalTopologyLauncher.managementUrl("r1", conf));
        assertEquals(conf + " has no normal listener to ask router r1", e.getMessage());
    }
}

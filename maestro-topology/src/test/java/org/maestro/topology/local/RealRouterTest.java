package org.maestro.topology.local;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.testing.RealRouter;
import org.maestro.topology.InfrastructureException;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.Topology;
import org.maestro.topology.generate.GenerationSettings;
import org.maestro.topology.generate.TopologyGenerator;
import org.maestro.topology.graph.DescriptionValidator;
import org.maestro.topology.graph.TopologyGraph;
import org.maestro.topology.input.DescriptionReader;
import org.maestro.topology.input.TopologyDescription;
import org.maestro.topology.management.RouterView;

/**
 * The example topologies against real {@code qdrouterd} processes (see {@link RealRouter} for where the router
 * comes from): the network converges with the costs the description implies, messages cross it, and a router that
 * cannot start says why in its own words.
 */
class RealRouterTest {

    private static final Path EXAMPLES = Path.of("..", "test-scripts", "topologies");

    @TempDir
    Path work;

    private RunningTopology start(String example) throws InterruptedException {
        Path file = EXAMPLES.resolve(example + ".yaml");
        TopologyDescription description = DescriptionReader.read(file);
        return new LocalTopologyLauncher(Optional.of(RealRouter.require()), Duration.ofSeconds(60))
                .start(description, file.toString(), work);
    }

    /** Costs each router should report, by Dijkstra over the description. */
    private static Map<String, Map<String, Integer>> expectedCosts(String example) {
        Path file = EXAMPLES.resolve(example + ".yaml");
        TopologyGraph graph = DescriptionValidator.validate(DescriptionReader.read(file), file.toString());
        Map<String, Map<String, Integer>> costs = new TreeMap<>();
        graph.routers().forEach(r -> costs.put(r.name(), graph.routerCosts(r.name())));
        return costs;
    }

    private static void assertCosts(String example, Map<String, RouterView> views) {
        expectedCosts(example)
                .forEach((router, costs) -> costs.forEach((other, cost) -> {
                    if (!other.equals(router)) {
                        assertEquals(cost, views.get(router).knownRouters().get(other), router + " → " + other);
                    }
                }));
    }

    @Test
    void aLineOfThreeRoutersConvergesAndCarriesMessagesEndToEnd() throws Exception {
        try (RunningTopology running = start("line-3-routers")) {
            assertCosts("line-3-routers", running.convergedViews());
            AmqpProbe.assertCarries(running.topology(), "router1", "router3", "closest/line", "across the line");
        }
    }

    @Test
    void routersLinkRouteToTheBrokerBetweenThem() throws Exception {
        try (RunningTopology running = start("router-broker-router")) {
            AmqpProbe.assertCarries(running.topology(), "router1", "router2", "broker1.test", "through the broker");
        }
    }

    @Test
    void theRedundantPathIsKnownAtItsHigherCost() throws Exception {
        try (RunningTopology running = start("redundant-router")) {
            assertCosts("redundant-router", running.convergedViews());
            assertEquals(
                    2, running.convergedViews().get("router1").knownRouters().get("router3"));
        }
    }

    @Test
    void theGeneratedLoopbackConfigurationsAreTheOnesStarted() throws Exception {
        try (RunningTopology running = start("line-3-routers")) {
            // every router process is alive and its configuration names it
            for (RouterProcess router : running.routers()) {
                router.checkAlive();
                assertEquals(
                        router.name(),
                        org.maestro.topology.conf.RouterConfParser.parse(
                                        work.resolve(router.name()).resolve("qdrouterd.conf"))
                                .routerId()
                                .orElseThrow());
            }
        }
        // generation itself is unaffected by where it runs
        assertEquals(
                3,
                TopologyGenerator.generate(
                                DescriptionReader.read(EXAMPLES.resolve("line-3-routers.yaml")),
                                "line",
                                GenerationSettings.loopback())
                        .routers()
                        .size());
    }

    @Test
    void aRouterThatRefusesItsConfigurationIsReportedInItsOwnWordsAndTheBrokerIsStopped() throws Exception {
        TopologyDescription description = DescriptionReader.read(writeDescription("""
                nodes:
                  - id: router1
                    type: router
                    router:
                      workerThreads: many
                  - id: broker1
                    type: broker
                links:
                  - {source: router1, target: broker1}
                """));
        LocalTopologyLauncher launcher =
                new LocalTopologyLauncher(Optional.of(RealRouter.require()), Duration.ofSeconds(60));
        Path dir = work.resolve("run");
        long before = System.nanoTime();
        InfrastructureException e =
                assertThrows(InfrastructureException.class, () -> launcher.start(description, "bad.yaml", dir));
        assertTrue(
                e.getMessage().startsWith("router router1 exited with code 1: Router start-up failed: "),
                e.getMessage());
        assertTrue(e.getMessage().contains("invalid literal for int() with base 10: 'many'"), e.getMessage());
        assertTrue(System.nanoTime() - before < Duration.ofSeconds(30).toNanos(), "reported at once, not at a timeout");
        NodeEndpoint broker = Topology.load(dir.resolve("variables.yaml")).node("broker1");
        assertFalse(AmqpProbe.accepts(broker.host(), broker.port()), "the broker started first was stopped again");
    }

    private Path writeDescription(String yaml) throws java.io.IOException {
        Path file = work.resolve("description.yaml");
        java.nio.file.Files.writeString(file, yaml);
        return file;
    }
}

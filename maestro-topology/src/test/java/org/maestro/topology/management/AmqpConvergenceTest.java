package org.maestro.topology.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;
import org.maestro.common.testing.ManagementResponder;
import org.maestro.common.time.Sleeper;
import org.maestro.topology.InfrastructureException;

/**
 * The convergence wait over real AMQP management against three test doubles of routers in a line
 * whose routing tables fill up over a few queries, as a real network's do while it converges.
 */
class AmqpConvergenceTest {

    private final List<ManagementResponder> routers = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (ManagementResponder router : routers) {
            router.close();
        }
    }

    /** A router that knows only itself for its first {@code lonelyQueries} router.node queries. */
    private ManagementResponder router(String self, Map<String, Integer> converged, int lonelyQueries)
            throws Exception {
        AtomicInteger queries = new AtomicInteger();
        ManagementResponder router = ManagementResponder.start(entityType -> {
            if (!entityType.equals(ManagementClient.ROUTER_NODE)) {
                return new ManagementResponder.Reply(
                        400, "No such entity type '" + entityType + "'", new LinkedHashMap<>());
            }
            return queries.getAndIncrement() < lonelyQueries
                    ? ManagementResponder.routerNodes(self, Map.of(self, 0))
                    : ManagementResponder.routerNodes(self, converged);
        });
        routers.add(router);
        return router;
    }

    @Test
    void waitsUntilEachRouterOfALineKnowsTheOthersAndReportsTheirCosts() throws Exception {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put(
                "router1",
                router("router1", new TreeMap<>(Map.of("router1", 0, "router2", 1, "router3", 2)), 2)
                        .url());
        urls.put(
                "router2",
                router("router2", new TreeMap<>(Map.of("router1", 1, "router2", 0, "router3", 1)), 3)
                        .url());
        urls.put(
                "router3",
                router("router3", new TreeMap<>(Map.of("router1", 2, "router2", 1, "router3", 0)), 1)
                        .url());
        Map<String, ConvergenceWaiter.Expectation> expected = new LinkedHashMap<>();
        urls.keySet()
                .forEach(r ->
                        expected.put(r, new ConvergenceWaiter.Expectation(Set.of("router1", "router2", "router3"), 0)));

        ConvergenceWaiter waiter = new ConvergenceWaiter(MicroClock.system(), Sleeper.system(), Duration.ofMillis(20));
        try (AmqpRouterProbe probe = new AmqpRouterProbe(urls, Map.of(), Duration.ofSeconds(5))) {
            Map<String, RouterView> views = waiter.await(expected, probe, () -> {}, Duration.ofSeconds(30));
            assertEquals(2, views.get("router1").knownRouters().get("router3"));
            assertEquals(1, views.get("router2").knownRouters().get("router1"));
        }
        assertEquals(4, routers.get(1).requests().size(), "router2 was asked until it had converged");
    }

    @Test
    void namesTheRouterThatNeverLearnsTheWholeNetwork() throws Exception {
        Map<String, String> urls = new LinkedHashMap<>();
        urls.put(
                "router1",
                router("router1", new TreeMap<>(Map.of("router1", 0, "router2", 1)), 0)
                        .url());
        urls.put(
                "router2",
                router("router2", new TreeMap<>(Map.of("router1", 1, "router2", 0)), Integer.MAX_VALUE)
                        .url());
        Map<String, ConvergenceWaiter.Expectation> expected = new LinkedHashMap<>();
        urls.keySet().forEach(r -> expected.put(r, new ConvergenceWaiter.Expectation(Set.of("router1", "router2"), 0)));

        ConvergenceWaiter waiter = new ConvergenceWaiter(MicroClock.system(), Sleeper.system(), Duration.ofMillis(50));
        try (AmqpRouterProbe probe = new AmqpRouterProbe(urls, Map.of(), Duration.ofSeconds(5))) {
            InfrastructureException e = assertThrows(
                    InfrastructureException.class,
                    () -> waiter.await(expected, probe, () -> {}, Duration.ofSeconds(1)));
            assertEquals(
                    "the router network did not converge within 1 s: router2 knows [router2] but should know "
                            + "[router1, router2]",
                    e.getMessage());
        }
    }
}

package org.maestro.topology.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.maestro.amqp.management.AmqpManagementException;
import org.maestro.topology.InfrastructureException;

/** Waiting for convergence, on a fake clock so nothing really sleeps. */
class ConvergenceWaiterTest {

    private final AtomicLong now = new AtomicLong();
    private final List<Duration> sleeps = new ArrayList<>();
    private final ConvergenceWaiter waiter = new ConvergenceWaiter(
            now::get,
            d -> {
                sleeps.add(d);
                now.addAndGet(d.toNanos() / 1_000);
            },
            Duration.ofMillis(250));

    private static final Map<String, ConvergenceWaiter.Expectation> LINE = new LinkedHashMap<>();

    static {
        Set<String> all = Set.of("router1", "router2", "router3");
        LINE.put("router1", new ConvergenceWaiter.Expectation(all, 0));
        LINE.put("router2", new ConvergenceWaiter.Expectation(all, 0));
        LINE.put("router3", new ConvergenceWaiter.Expectation(all, 1));
    }

    private static RouterView knows(int brokers, String... routers) {
        Map<String, Integer> known = new TreeMap<>();
        for (String router : routers) {
            known.put(router, 1);
        }
        return new RouterView(known, brokers);
    }

    @Test
    void returnsOnceEveryRouterKnowsAllOthersAndItsBrokers() throws Exception {
        AtomicInteger round = new AtomicInteger();
        Map<String, RouterView> views = waiter.await(
                LINE,
                router -> {
                    int r = round.getAndIncrement() / 3;
                    if (r < 2) {
                        return knows(0, router);
                    }
                    return router.equals("router3") && r < 3
                            ? knows(0, "router1", "router2", "router3")
                            : knows(router.equals("router3") ? 1 : 0, "router1", "router2", "router3");
                },
                () -> {},
                Duration.ofSeconds(10));
        assertEquals(3, views.size());
        assertEquals(1, views.get("router3").routeContainerConnections());
        assertEquals(List.of(Duration.ofMillis(250), Duration.ofMillis(250), Duration.ofMillis(250)), sleeps);
    }

    @Test
    void failsAtTheDeadlineNamingWhatEachRouterMisses() {
        InfrastructureException e = assertThrows(
                InfrastructureException.class,
                () -> waiter.await(
                        LINE,
                        router -> {
                            if (router.equals("router2")) {
                                throw new AmqpManagementException(
                                        "cannot open an AMQP management session to amqp://127.0.0.1:1");
                            }
                            return knows(0, router);
                        },
                        () -> {},
                        Duration.ofSeconds(5)));
        assertEquals(
                "the router network did not converge within 5 s: router1 knows [router1] but should know "
                        + "[router1, router2, router3]; router2 did not answer: cannot open an AMQP management session to "
                        + "amqp://127.0.0.1:1; router3 knows [router3] but should know [router1, router2, router3]",
                e.getMessage());
        assertEquals(Duration.ofSeconds(5).toNanos() / 1_000, now.get());
    }

    @Test
    void reportsMissingBrokerConnections() {
        InfrastructureException e = assertThrows(
                InfrastructureException.class,
                () -> waiter.await(
                        Map.of("router3", LINE.get("router3")),
                        router -> knows(0, "router1", "router2", "router3"),
                        () -> {},
                        Duration.ofSeconds(1)));
        assertEquals(
                "the router network did not converge within 1 s: router3 has 0 of 1 broker connections open",
                e.getMessage());
    }

    @Test
    void stopsAtOnceWhenTheHealthCheckFails() {
        AtomicInteger probes = new AtomicInteger();
        InfrastructureException e = assertThrows(
                InfrastructureException.class,
                () -> waiter.await(
                        LINE,
                        router -> {
                            probes.incrementAndGet();
                            return knows(0, router);
                        },
                        () -> {
                            if (now.get() > 0) {
                                throw new InfrastructureException("router router2 exited with code 1");
                            }
                        },
                        Duration.ofSeconds(60)));
        assertEquals("router router2 exited with code 1", e.getMessage());
        assertEquals(3, probes.get());
    }

    @Test
    void aNeighbourListedBeforeItsCostIsComputedIsNotConvergence() throws Exception {
        Map<String, ConvergenceWaiter.Expectation> line = new LinkedHashMap<>();
        line.put("router1", new ConvergenceWaiter.Expectation(Map.of("router1", 0, "router2", 1, "router3", 2), 0));
        AtomicInteger round = new AtomicInteger();
        Map<String, RouterView> views = waiter.await(
                line,
                router -> {
                    Map<String, Integer> known = new TreeMap<>();
                    known.put("router1", null);
                    int r = round.getAndIncrement();
                    known.put("router2", r < 1 ? null : 1);
                    known.put("router3", r < 2 ? null : r < 3 ? 3 : 2);
                    return new RouterView(known, 0);
                },
                () -> {},
                Duration.ofSeconds(10));
        assertEquals(2, views.get("router1").knownRouters().get("router3"));
        assertEquals(3, sleeps.size(), "no cost, one cost, a wrong cost, then the expected costs");
    }

    @Test
    void aCostThatNeverSettlesIsNamedWhenTheDeadlinePasses() {
        Map<String, ConvergenceWaiter.Expectation> line =
                Map.of("router1", new ConvergenceWaiter.Expectation(Map.of("router1", 0, "router2", 1), 0));
        NotConvergedException e = assertThrows(
                NotConvergedException.class,
                () -> waiter.await(
                        line,
                        router -> {
                            Map<String, Integer> known = new TreeMap<>();
                            known.put("router1", null);
                            known.put("router2", null);
                            return new RouterView(known, 0);
                        },
                        () -> {},
                        Duration.ofSeconds(1)));
        assertTrue(e.getMessage().contains("router1 has not computed its cost to router2"), e.getMessage());
    }
}

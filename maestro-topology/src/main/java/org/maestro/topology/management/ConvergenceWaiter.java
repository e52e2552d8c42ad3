package org.maestro.topology.management;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.maestro.base.time.MicroClock;
import org.maestro.common.time.Sleeper;

/**
 * Waits, with a deadline, until every router of a network has exactly the expected routers in
 * its routing table, each at a computed cost (the expected one where it is given), and its
 * expected connections to brokers open. A real router lists a neighbour before it has computed
 * its cost, so the set of ids alone is not convergence.
 *
 * <pre>{@code
 * ConvergenceWaiter waiter = new ConvergenceWaiter(MicroClock.system(), Sleeper.system(), Duration.ofMillis(250));
 * Map<String, RouterView> views = waiter.await(expected, probe, () -> checkProcessesAlive(), Duration.ofSeconds(60));
 * }</pre>
 *
 * Not thread-safe; the clock and sleeper are passed in so tests run without waiting.
 */
public final class ConvergenceWaiter {

    /**
     * What one router should report once the network has converged.
     *
     * @param costs           id of every router it should know (itself included) to the cost it should report,
     *                        or null where any computed cost will do
     * @param routeContainers number of brokers it should be connected to
     */
    public record Expectation(Map<String, Integer> costs, int routeContainers) {

        public Expectation {
            costs = Collections.unmodifiableMap(new TreeMap<>(costs));
        }

        /** Expects these routers at whatever cost they compute. */
        public Expectation(Set<String> routers, int routeContainers) {
            this(anyCost(routers), routeContainers);
        }

        private static Map<String, Integer> anyCost(Set<String> routers) {
            Map<String, Integer> costs = new TreeMap<>();
            routers.forEach(r -> costs.put(r, null));
            return costs;
        }

        /** Ids of the routers it should know, itself included. */
        public Set<String> routers() {
            return costs.keySet();
        }
    }

    private final MicroClock clock;
    private final Sleeper sleeper;
    private final Duration pollInterval;

    public ConvergenceWaiter(MicroClock clock, Sleeper sleeper, Duration pollInterval) {
        this.clock = clock;
        this.sleeper = sleeper;
        this.pollInterval = pollInterval;
    }

    /**
     * Polls every router until all match their expectation; {@code healthCheck} runs before every
     * round and may throw to stop waiting at once (e.g. a router process died).
     *
     * @return the last view of every router
     * @throws NotConvergedException when {@code timeout} passes first, naming what is missing
     */
    public Map<String, RouterView> await(
            Map<String, Expectation> expected, RouterProbe probe, Runnable healthCheck, Duration timeout)
            throws InterruptedException {
        long deadline = clock.nowMicros() + timeout.toNanos() / 1_000;
        while (true) {
            healthCheck.run();
            Map<String, RouterView> views = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            for (Map.Entry<String, Expectation> entry : expected.entrySet()) {
                String router = entry.getKey();
                try {
                    RouterView view = probe.probe(router);
                    views.put(router, view);
                    String gap = gap(router, entry.getValue(), view);
                    if (gap != null) {
                        missing.add(gap);
                    }
                } catch (InterruptedException e) {
                    throw e;
                } catch (Exception e) {
                    missing.add(router + " did not answer: " + e.getMessage());
                }
            }
            if (missing.isEmpty()) {
                return views;
            }
            if (clock.nowMicros() - deadline >= 0) {
                throw new NotConvergedException("the router network did not converge within " + timeout.toSeconds()
                        + " s: " + String.join("; ", missing));
            }
            sleeper.sleep(pollInterval);
        }
    }

    private static String gap(String router, Expectation expectation, RouterView view) {
        Set<String> known = new TreeSet<>(view.knownRouters().keySet());
        Set<String> wanted = new TreeSet<>(expectation.routers());
        if (!known.equals(wanted)) {
            return router + " knows " + known + " but should know " + wanted;
        }
        for (Map.Entry<String, Integer> want : expectation.costs().entrySet()) {
            String other = want.getKey();
            if (other.equals(router)) {
                continue;
            }
            Integer reported = view.knownRouters().get(other);
            if (reported == null) {
                return router + " has not computed its cost to " + other + " yet";
            }
            if (want.getValue() != null && !want.getValue().equals(reported)) {
                return router + " reports cost " + reported + " to " + other + " instead of " + want.getValue();
            }
        }
        if (view.routeContainerConnections() < expectation.routeContainers()) {
            return router + " has " + view.routeContainerConnections() + " of " + expectation.routeContainers()
                    + " broker connections open";
        }
        return null;
    }
}

package org.maestro.topology.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.maestro.topology.conf.ConfSection;
import org.maestro.topology.conf.ConfSyntaxException;
import org.maestro.topology.conf.RouterConf;
import org.maestro.topology.conf.RouterConfParser;

/**
 * Reads a generated directory back with the parser only (no generator code) and checks that the
 * files form a working network: valid sections, and every connector pointing at a listener of
 * the node it names.
 */
final class NetworkChecks {

    private static final Set<String> ROLES = Set.of("normal", "inter-router", "route-container");
    private static final Set<String> DISTRIBUTIONS = Set.of("closest", "multicast", "balanced");

    /** Parsed configurations by router id. */
    final Map<String, RouterConf> confs = new TreeMap<>();
    /** Variables file content. */
    final JsonNode variables;

    NetworkChecks(Path dir) throws IOException, ConfSyntaxException {
        variables = new YAMLMapper().readTree(dir.resolve("variables.yaml").toFile());
        for (JsonNode node : variables.path("nodes")) {
            if (node.path("type").asText().equals("router")) {
                String name = node.path("name").asText();
                Path file = dir.resolve(name).resolve("qdrouterd.conf");
                assertTrue(Files.isRegularFile(file), "no configuration for router " + name);
                confs.put(name, RouterConfParser.parse(file));
            }
        }
    }

    /** Checks every section's structure and every connector's target; returns the link costs found. */
    Map<String, Map<String, Integer>> checkNetwork() {
        Map<String, String> nodeHosts = new HashMap<>();
        Map<String, String> brokerAcceptors = new HashMap<>();
        for (JsonNode node : variables.path("nodes")) {
            nodeHosts.put(node.path("name").asText(), node.path("host").asText());
            if (node.path("type").asText().equals("broker")) {
                brokerAcceptors.put(
                        node.path("name").asText(),
                        node.path("host").asText() + ":" + node.path("port").asInt());
            }
        }
        Map<String, Map<String, Integer>> costs = new TreeMap<>();
        for (Map.Entry<String, RouterConf> entry : confs.entrySet()) {
            String router = entry.getKey();
            RouterConf conf = entry.getValue();
            costs.computeIfAbsent(router, k -> new TreeMap<>());
            List<ConfSection> routerSections = conf.sections("router");
            assertEquals(1, routerSections.size(), router + ": one router section");
            assertEquals("interior", routerSections.get(0).get("mode", null), router + ": mode");
            assertEquals(router, routerSections.get(0).get("id", null), router + ": id");
            for (ConfSection listener : conf.sections("listener")) {
                assertTrue(ROLES.contains(listener.get("role", "normal")), router + ": listener role " + listener);
                assertPort(router, listener);
                assertNotNull(listener.get("host", null), router + ": listener host");
            }
            assertEquals(
                    1,
                    conf.sections("listener").stream()
                            .filter(l -> l.get("name", "").equals("normal")
                                    && l.get("role", "").equals("normal"))
                            .count(),
                    router + ": one generated client listener");
            Set<String> connectorNames = new java.util.HashSet<>();
            for (ConfSection connector : conf.sections("connector")) {
                assertPort(router, connector);
                String name = connector.get("name", null);
                assertNotNull(name, router + ": connector name");
                assertTrue(connectorNames.add(name), router + ": connector names unique");
                String target = connector.get("host", "") + ":" + connector.get("port", "");
                String role = connector.get("role", "normal");
                if (role.equals("inter-router")) {
                    String peer = findInterRouterListener(nodeHosts, target);
                    assertEquals(name, peer, router + ": connector " + name + " points at " + target);
                    int cost = Integer.parseInt(connector.get("cost", "1"));
                    costs.get(router).put(peer, cost);
                    costs.computeIfAbsent(peer, k -> new TreeMap<>()).put(router, cost);
                } else if (role.equals("route-container")) {
                    assertEquals(
                            brokerAcceptors.get(name),
                            target,
                            router + ": connector " + name + " points at its broker");
                } else {
                    fail(router + ": unexpected connector role " + role);
                }
            }
            for (ConfSection address : conf.sections("address")) {
                assertNotNull(address.get("prefix", null), router + ": address prefix");
                assertTrue(
                        DISTRIBUTIONS.contains(address.get("distribution", "")), router + ": distribution " + address);
            }
            for (ConfSection linkRoute : conf.sections("linkRoute")) {
                assertNotNull(linkRoute.get("prefix", null), router + ": link route prefix");
                assertTrue(
                        Set.of("in", "out").contains(linkRoute.get("direction", "")),
                        router + ": link route direction");
                assertTrue(
                        connectorNames.contains(linkRoute.get("connection", "")),
                        router + ": link route connection names a connector: " + linkRoute);
            }
        }
        return costs;
    }

    private String findInterRouterListener(Map<String, String> nodeHosts, String hostPort) {
        String found = null;
        for (Map.Entry<String, RouterConf> entry : confs.entrySet()) {
            for (ConfSection listener : entry.getValue().sections("listener")) {
                if (!listener.get("role", "").equals("inter-router")) {
                    continue;
                }
                String listenHost = listener.get("host", "");
                String host = listenHost.equals("0.0.0.0") ? nodeHosts.get(entry.getKey()) : listenHost;
                if ((host + ":" + listener.get("port", "")).equals(hostPort)) {
                    assertEquals(null, found, "two inter-router listeners at " + hostPort);
                    found = entry.getKey();
                }
            }
        }
        assertNotNull(found, "no inter-router listener at " + hostPort);
        return found;
    }

    private static void assertPort(String router, ConfSection section) {
        int port = Integer.parseInt(section.get("port", "-1"));
        assertTrue(port > 0 && port < 65536, router + ": port of " + section);
    }

    /** Lowest path costs between routers from the link costs, by Floyd–Warshall. */
    static Map<String, Map<String, Integer>> shortestCosts(Map<String, Map<String, Integer>> links) {
        List<String> names = List.copyOf(links.keySet());
        int n = names.size();
        long[][] d = new long[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                Integer c = links.get(names.get(i)).get(names.get(j));
                d[i][j] = i == j ? 0 : c == null ? Long.MAX_VALUE / 4 : c;
            }
        }
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    d[i][j] = Math.min(d[i][j], d[i][k] + d[k][j]);
                }
            }
        }
        Map<String, Map<String, Integer>> result = new TreeMap<>();
        for (int i = 0; i < n; i++) {
            Map<String, Integer> row = new TreeMap<>();
            for (int j = 0; j < n; j++) {
                if (d[i][j] < Long.MAX_VALUE / 4) {
                    row.put(names.get(j), (int) d[i][j]);
                }
            }
            result.put(names.get(i), row);
        }
        return result;
    }
}

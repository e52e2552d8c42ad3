package org.maestro.topology.generate;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.maestro.topology.graph.TopologyNode;

/**
 * Ports that are free on the loopback interface right now (found by binding port 0), for running
 * a topology on one machine next to other services; a port set on the node itself wins, and each
 * node keeps its port once assigned. Not thread-safe.
 */
public final class FreePortAssigner implements PortAssigner {

    private final Map<String, Integer> assigned = new HashMap<>();
    private final Set<Integer> used = new HashSet<>();

    @Override
    public int clientPort(TopologyNode node) {
        if (node.spec().port != null) {
            used.add(node.spec().port);
            return node.spec().port;
        }
        return assigned.computeIfAbsent(node.name() + "/client", k -> freePort());
    }

    @Override
    public int interRouterPort(TopologyNode router) {
        if (router.spec().interRouterPort != null) {
            used.add(router.spec().interRouterPort);
            return router.spec().interRouterPort;
        }
        return assigned.computeIfAbsent(router.name() + "/inter-router", k -> freePort());
    }

    private int freePort() {
        for (int attempt = 0; attempt < 50; attempt++) {
            try (ServerSocket socket = new ServerSocket()) {
                socket.setReuseAddress(false);
                socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
                int port = socket.getLocalPort();
                if (used.add(port)) {
                    return port;
                }
            } catch (IOException e) {
                throw new UncheckedIOException("cannot find a free loopback port", e);
            }
        }
        throw new IllegalStateException("no distinct free loopback port found after 50 attempts");
    }
}

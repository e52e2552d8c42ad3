package org.maestro.topology.local;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.Topology;
import org.maestro.topology.management.RouterView;

/**
 * A topology running on this machine: embedded brokers in this JVM and {@code qdrouterd} child
 * processes. {@link #close()} stops the routers, then the brokers. Not thread-safe.
 */
public final class RunningTopology implements AutoCloseable {

    private final Topology topology;
    private final Path workDir;
    private final List<EmbeddedArtemis> brokers;
    private final List<RouterProcess> routers;
    private final Map<String, RouterView> converged;
    private boolean closed;

    RunningTopology(
            Topology topology,
            Path workDir,
            List<EmbeddedArtemis> brokers,
            List<RouterProcess> routers,
            Map<String, RouterView> converged) {
        this.topology = topology;
        this.workDir = workDir;
        this.brokers = List.copyOf(brokers);
        this.routers = List.copyOf(routers);
        this.converged = Map.copyOf(converged);
    }

    /** Node names and client URLs. */
    public Topology topology() {
        return topology;
    }

    /** {@code amqp://127.0.0.1:port/address} at node {@code nodeName}. */
    public String clientUrl(String nodeName, String address) {
        return topology.clientUrl(nodeName, address);
    }

    /** Directory of the generated configurations and router logs. */
    public Path workDir() {
        return workDir;
    }

    /** The router processes. */
    public List<RouterProcess> routers() {
        return routers;
    }

    /** What each router reported when the network had converged. */
    public Map<String, RouterView> convergedViews() {
        return converged;
    }

    /** The state to write for {@code topology down}. */
    public TopologyState state() {
        List<TopologyState.Node> nodes = new ArrayList<>();
        for (NodeEndpoint node : topology.nodes()) {
            RouterProcess process = routers.stream()
                    .filter(r -> r.name().equals(node.name()))
                    .findFirst()
                    .orElse(null);
            nodes.add(new TopologyState.Node(
                    node.name(),
                    node.type().label(),
                    node.host(),
                    node.port(),
                    node.url(),
                    process == null ? null : process.pid(),
                    process == null || process.startInstant() == null
                            ? null
                            : process.startInstant().toString(),
                    process == null ? null : process.log().toString()));
        }
        return new TopologyState(
                TopologyState.FORMAT_VERSION,
                topology.name(),
                ProcessHandle.current().pid(),
                workDir.toString(),
                nodes);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        routers.forEach(RouterProcess::close);
        brokers.forEach(LocalTopologyLauncher::stopQuietly);
    }
}

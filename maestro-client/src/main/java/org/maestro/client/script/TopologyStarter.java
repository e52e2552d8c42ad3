package org.maestro.client.script;

import java.io.IOException;
import java.nio.file.Path;
import org.maestro.topology.Topology;

/**
 * Starts the topologies a script describes on this machine ({@code maestro.topology("line-3-routers.yaml")}): the
 * launcher implements it (routers and brokers on this host, offered to its agent) and hands it to {@link Maestro}.
 */
public interface TopologyStarter {

    /**
     * True when the file describes a topology to start (nodes and links) rather than one that was generated or
     * started already (whose nodes carry their URLs).
     */
    boolean isDescription(Path file) throws IOException;

    /** Starts the described topology and returns its nodes and URLs once it is up. */
    Topology start(Path description) throws InterruptedException;

    /**
     * Starts the described topology; with {@code agentPerRouter} each router gets an agent of its own, named
     * {@code <router>-agent}, where this launcher can start one.
     */
    default Topology start(Path description, boolean agentPerRouter) throws InterruptedException {
        return start(description);
    }
}

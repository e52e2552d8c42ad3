package org.maestro.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import org.maestro.agent.actions.LeftoverRules;
import org.maestro.agent.actions.Privileges;
import org.maestro.agent.actions.ProcessSupervisor;
import org.maestro.agent.actions.Tools;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.client.api.MaestroException;
import org.maestro.common.client.ControlClient;
import org.maestro.common.peer.Peer;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.TransportException;

/**
 * The embedded mode's control broker and peers, started when a test or a topology first needs them, so that a script
 * whose first test has a wrong parameter fails before anything starts. Closes what it started, and the SUT.
 */
final class EmbeddedStart implements AutoCloseable {
    private final EmbeddedSut sut;
    private final Consumer<String> notes;
    private final int floodLimit;
    private final AtomicReference<ProcessSupervisor> agentProcesses = new AtomicReference<>();
    private volatile EmbeddedCluster cluster;
    private ControlClient client;
    private Path payloadDirectory;

    EmbeddedStart(EmbeddedSut sut, Consumer<String> notes, int floodLimit) {
        this.sut = sut;
        this.notes = notes;
        this.floodLimit = floodLimit;
    }

    /** The directory the embedded senders read PAYLOAD_FILES from (the script's); none by default. */
    EmbeddedStart payloadDirectory(Path directory) {
        this.payloadDirectory = directory;
        return this;
    }

    /** The client of the embedded control broker; starts the broker and the peers on first use. */
    synchronized ControlClient client() {
        if (client == null) {
            notes.accept("embedded mode: starting a control broker and the peers in this JVM");
            removeOrphanedRules();
            try {
                cluster = EmbeddedCluster.start(Roles.embeddedPeers(agentProcesses::set, payloadDirectory), sut);
                client = ControlClient.connect(MqttEndpoint.parse(cluster.controlUrl()), floodLimit);
            } catch (TransportException e) {
                throw MaestroException.infrastructure(
                        "cannot connect to the embedded control broker: " + e.getMessage());
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw MaestroException.infrastructure("cannot start the embedded control broker and peers: " + e);
            }
        }
        return client;
    }

    /** The peers running in this JVM; none before the first test started them. */
    List<Peer> peers() {
        EmbeddedCluster started = cluster;
        return started == null ? List.of() : started.peers();
    }

    /**
     * Removes the iptables rules of {@code drop} actions whose agent was killed (an earlier embedded run, say), and
     * only those: other runs on this host may be cutting a port right now. Only with the right to change network
     * settings, without which the embedded agent can neither add nor remove rules.
     */
    private void removeOrphanedRules() {
        if (Privileges.hasNetAdmin()) {
            LeftoverRules.removeOrphanedEverywhere(new Tools(Map.of()))
                    .forEach(line -> notes.accept("embedded agent: " + line));
        }
    }

    /** The processes of the embedded agent (the SUT, routers of the script's topologies); starts it on first use. */
    synchronized ProcessSupervisor agentProcesses() {
        client();
        return agentProcesses.get();
    }

    /**
     * Starts an agent peer of its own for one router a script started, named {@code <router>-agent}, and returns its
     * processes (starts the control broker and the other peers first when they are not running yet).
     */
    synchronized ProcessSupervisor routerAgent(String router) {
        client();
        try {
            return cluster.addPeer(router + "-agent", Roles::routerAgent).processes();
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw MaestroException.infrastructure("cannot start the embedded agent of router " + router + ": " + e);
        }
    }

    @Override
    public synchronized void close() {
        if (client != null) {
            client.close();
        }
        if (cluster != null) {
            cluster.close(); // closes the SUT too
        } else {
            sut.close();
        }
    }
}

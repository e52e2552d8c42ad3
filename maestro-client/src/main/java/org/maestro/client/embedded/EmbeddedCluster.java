package org.maestro.client.embedded;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.maestro.common.embedded.EmbeddedArtemis;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.Role;
import org.maestro.common.transport.MqttEndpoint;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a test needs on one machine, in this JVM: a control broker (Artemis with an MQTT acceptor), a system
 * under test (Artemis with an AMQP acceptor) and in-process peers. Peers write their files to a staging directory
 * and ship them to the client over the control broker, exactly as remote peers do.
 */
public final class EmbeddedCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);

    private final EmbeddedArtemis control;
    private final EmbeddedArtemis sut;
    private final List<Peer> peers;
    private final List<AutoCloseable> extras;
    private final Path staging;
    private final Path work;

    private EmbeddedCluster(EmbeddedArtemis control, EmbeddedArtemis sut, List<Peer> peers, List<AutoCloseable> extras,
                            Path staging, Path work) {
        this.control = control;
        this.sut = sut;
        this.peers = peers;
        this.extras = extras;
        this.staging = staging;
        this.work = work;
    }

    /** What the role of an embedded peer may use: the SUT broker, and a work directory deleted with the cluster. */
    public record PeerHost(EmbeddedArtemis sut, Path workDirectory) {
    }

    /** A peer to start: its name and how to make its role, from what the cluster offers. */
    public record PeerSpec(String name, Function<PeerHost, Role> role) {

        /** A peer whose role needs nothing of the cluster. */
        public PeerSpec(String name, Supplier<Role> role) {
            this(name, host -> role.get());
        }
    }

    /**
     * Starts the control broker, the SUT and the given peers.
     *
     * @param extras resources to close with the cluster (e.g. a Jolokia endpoint), closed last-first
     */
    public static EmbeddedCluster start(List<PeerSpec> specs, List<AutoCloseable> extras) throws Exception {
        return start(specs, extras, false);
    }

    /**
     * Starts the control broker, the SUT and the given peers; a persistent SUT keeps durable messages across a
     * restart.
     */
    public static EmbeddedCluster start(List<PeerSpec> specs, List<AutoCloseable> extras, boolean persistentSut)
            throws Exception {
        EmbeddedArtemis control = EmbeddedArtemis.builder().mqtt().name("maestro-control").withoutJmx().start();
        EmbeddedArtemis sut = null;
        List<Peer> peers = new ArrayList<>();
        try {
            sut = EmbeddedArtemis.builder().amqp().name("maestro-sut").persistent(persistentSut).start();
            Path staging = Files.createTempDirectory("maestro-peers-");
            Path work = Files.createTempDirectory("maestro-peers-work-");
            for (PeerSpec spec : specs) {
                PeerHost host = new PeerHost(sut, Files.createDirectories(work.resolve(spec.name())));
                peers.add(Peer.start(new PeerConfig(MqttEndpoint.parse(control.mqttUrl()), spec.name(), "localhost",
                        staging, java.time.Duration.ofSeconds(10)), spec.role().apply(host)));
            }
            LOG.info("embedded cluster: control {}, SUT {}, {} peers", control.mqttUrl(), sut.amqpUrl(""), peers.size());
            return new EmbeddedCluster(control, sut, peers, new ArrayList<>(extras), staging, work);
        } catch (Exception e) {
            peers.forEach(Peer::close);
            if (sut != null) {
                sut.close();
            }
            control.close();
            throw e;
        }
    }

    /** The control broker's URL. */
    public String controlUrl() {
        return control.mqttUrl();
    }

    /** The SUT's AMQP URL without address, e.g. {@code amqp://127.0.0.1:40123}. */
    public String sutBase() {
        return "amqp://127.0.0.1:" + sut.amqpPort();
    }

    /** The SUT broker. */
    public EmbeddedArtemis sut() {
        return sut;
    }

    /** The in-process peers. */
    public List<Peer> peers() {
        return List.copyOf(peers);
    }

    @Override
    public void close() {
        peers.forEach(Peer::close);
        for (int i = extras.size() - 1; i >= 0; i--) {
            try {
                extras.get(i).close();
            } catch (Exception e) {
                LOG.warn("closing {}: {}", extras.get(i), e.toString());
            }
        }
        try {
            sut.close();
        } catch (Exception e) {
            LOG.warn("stopping the embedded SUT: {}", e.toString());
        }
        try {
            control.close();
        } catch (Exception e) {
            LOG.warn("stopping the embedded control broker: {}", e.toString());
        }
        deleteQuietly(staging);
        deleteQuietly(work);
    }

    private static void deleteQuietly(Path directory) {
        try (var walk = Files.walk(directory)) {
            walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (Exception e) {
            LOG.debug("cannot delete {}: {}", directory, e.toString());
        }
    }
}

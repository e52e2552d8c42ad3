package org.maestro.cli.embedded;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.maestro.base.net.FreePorts;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.peer.RoleBehaviour;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.embedded.EmbeddedArtemis;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Everything a test needs on one machine, in this JVM: a control broker (Artemis with an MQTT acceptor), in-process
 * peers, and an {@link EmbeddedSut} that starts when a test points at it. Peers write their files to a staging
 * directory and ship them to the client over the control broker, exactly as remote peers do.
 */
public final class EmbeddedCluster implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedCluster.class);
    /** The control broker's name: distinct from the SUT's, and without JMX, so no inspector ever lists it. */
    public static final String CONTROL_BROKER_NAME = "maestro-control";

    private final EmbeddedArtemis control;
    private final EmbeddedSut sut;
    private final List<Peer> peers;
    private final Path staging;
    private final Path work;

    private EmbeddedCluster(EmbeddedArtemis control, EmbeddedSut sut, List<Peer> peers, Path staging, Path work) {
        this.control = control;
        this.sut = sut;
        this.peers = peers;
        this.staging = staging;
        this.work = work;
    }

    /** What the role of an embedded peer may use: the embedded SUT, and a work directory deleted with the cluster. */
    public record PeerHost(EmbeddedSut sut, Path workDirectory) {}

    /** A peer to start: its name and how to make its role, from what the cluster offers. */
    public record PeerSpec(String name, Function<PeerHost, RoleBehaviour> behaviour) {

        /** A peer whose role needs nothing of the cluster. */
        public PeerSpec(String name, Supplier<RoleBehaviour> behaviour) {
            this(name, host -> behaviour.get());
        }
    }

    /**
     * Starts the control broker and the given peers; the cluster owns the SUT from now on and closes it last.
     */
    public static EmbeddedCluster start(List<PeerSpec> specs, EmbeddedSut sut) throws Exception {
        EmbeddedArtemis control;
        try {
            // from the same allocator as the SUT's ports, chosen earlier but bound only when a test points at it
            control = EmbeddedArtemis.builder()
                    .mqtt(FreePorts.next())
                    .name(CONTROL_BROKER_NAME)
                    .withoutJmx()
                    .start();
        } catch (Exception e) {
            sut.close();
            throw e;
        }
        List<Peer> peers = new ArrayList<>();
        try {
            Path staging = Files.createTempDirectory("maestro-peers-");
            Path work = Files.createTempDirectory("maestro-peers-work-");
            for (PeerSpec spec : specs) {
                PeerHost host = new PeerHost(sut, Files.createDirectories(work.resolve(spec.name())));
                peers.add(Peer.start(
                        new PeerConfig(
                                MqttEndpoint.parse(control.mqttUrl()),
                                spec.name(),
                                "localhost",
                                staging,
                                Duration.ofSeconds(10)),
                        spec.behaviour().apply(host)));
            }
            LOG.info(
                    "embedded cluster: control {}, SUT {} (started on first use), {} peers",
                    control.mqttUrl(),
                    sut.base(),
                    peers.size());
            return new EmbeddedCluster(control, sut, peers, staging, work);
        } catch (Exception e) {
            peers.forEach(Peer::close);
            sut.close();
            control.close();
            throw e;
        }
    }

    /**
     * Starts one more peer on the running cluster (an agent beside a router a script started, say); it is closed with
     * the cluster. Returns its role.
     */
    public synchronized <R extends RoleBehaviour> R addPeer(String name, Function<PeerHost, R> behaviour)
            throws Exception {
        PeerHost host = new PeerHost(sut, Files.createDirectories(work.resolve(name)));
        R role = behaviour.apply(host);
        peers.add(Peer.start(
                new PeerConfig(
                        MqttEndpoint.parse(control.mqttUrl()), name, "localhost", staging, Duration.ofSeconds(10)),
                role));
        return role;
    }

    /** The control broker's URL. */
    public String controlUrl() {
        return control.mqttUrl();
    }

    /** The embedded SUT. */
    public EmbeddedSut sut() {
        return sut;
    }

    /** The in-process peers. */
    public synchronized List<Peer> peers() {
        return List.copyOf(peers);
    }

    @Override
    public synchronized void close() {
        peers.forEach(Peer::close);
        sut.close();
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
            walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (Exception e) {
            LOG.debug("cannot delete {}: {}", directory, e.toString());
        }
    }
}

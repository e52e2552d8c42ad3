package org.maestro.topology.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maestro.base.time.MicroClock;
import org.maestro.common.time.Sleeper;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.topology.InfrastructureException;
import org.maestro.topology.conf.ConfSection;
import org.maestro.topology.conf.ConfSyntaxException;
import org.maestro.topology.conf.RouterConf;
import org.maestro.topology.conf.RouterConfParser;
import org.maestro.topology.generate.GeneratedNode;
import org.maestro.topology.generate.GeneratedTopology;
import org.maestro.topology.generate.GenerationSettings;
import org.maestro.topology.generate.TopologyFiles;
import org.maestro.topology.generate.TopologyGenerator;
import org.maestro.topology.graph.DescriptionValidator;
import org.maestro.topology.graph.TopologyGraph;
import org.maestro.topology.input.TopologyDescription;
import org.maestro.topology.management.AmqpRouterProbe;
import org.maestro.topology.management.ConvergenceWaiter;
import org.maestro.topology.management.NotConvergedException;
import org.maestro.topology.management.RouterView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts a topology on this machine: every node on the loopback interface on free ports, brokers
 * as embedded Artemis brokers, routers as {@code qdrouterd} processes; then waits until the
 * router network has converged, asking each router at the client listener its configuration file declares.
 *
 * <pre>{@code
 * LocalTopologyLauncher launcher = new LocalTopologyLauncher(ExecutableFinder.qdrouterd(), Duration.ofSeconds(60));
 * try (RunningTopology running = launcher.start(description, "topo.yaml", workDir)) {
 *     String sendUrl = running.clientUrl("router1", "test.queue");
 * }
 * }</pre>
 */
public final class LocalTopologyLauncher {

    /** The folder of a relocatable qdrouterd build in {@link #QDROUTERD_REQUIRED}'s example, which a user replaces. */
    public static final String RELOCATABLE_EXAMPLE = "/opt/qpid-dispatch-1.19.0";

    /** What to tell a user whose topology has routers but whose machine has no qdrouterd. */
    public static final String QDROUTERD_REQUIRED = "qdrouterd (Apache Qpid Dispatch Router 1.19) is required to start "
            + "routers, but " + ExecutableFinder.QDROUTERD_VARIABLE + " names none and there is none on the PATH; "
            + "install it (package qpid-dispatch-router on Fedora/RHEL), or unpack a relocatable build and name its "
            + "program before you run this again: 'export " + ExecutableFinder.QDROUTERD_VARIABLE + "="
            + RELOCATABLE_EXAMPLE + "/bin/qdrouterd' with the folder you unpacked it to (on Debian 12 it needs the "
            + "packages libqpid-proton11 and libpython3.11); or start a topology of brokers only";

    private static final Logger LOG = LoggerFactory.getLogger(LocalTopologyLauncher.class);

    private final Optional<Path> qdrouterd;
    private final Duration convergenceTimeout;

    /**
     * @param qdrouterd          the router executable, empty when not installed
     * @param convergenceTimeout how long to wait for the router network to converge
     */
    public LocalTopologyLauncher(Optional<Path> qdrouterd, Duration convergenceTimeout) {
        this.qdrouterd = qdrouterd;
        this.convergenceTimeout = convergenceTimeout;
    }

    /**
     * Validates, generates into {@code workDir} and starts the topology; on any failure everything
     * already started is stopped again before the exception propagates.
     *
     * @throws org.maestro.topology.TopologyException for a bad description
     * @throws InfrastructureException when qdrouterd is missing, a node does not start or the network does not converge
     */
    public RunningTopology start(TopologyDescription description, String source, Path workDir)
            throws InterruptedException {
        TopologyGraph graph = DescriptionValidator.validate(description, source);
        if (!graph.routers().isEmpty() && qdrouterd.isEmpty()) {
            throw new InfrastructureException(QDROUTERD_REQUIRED);
        }
        GeneratedTopology generated = TopologyGenerator.generate(graph, "127.0.0.1", GenerationSettings.loopback());
        checkPortsFree(generated);
        try {
            TopologyFiles.write(generated, workDir, TopologyFiles.VariablesFormat.YAML);
        } catch (IOException e) {
            throw new InfrastructureException(
                    "cannot write the configurations to " + workDir + ": " + e.getMessage(), e);
        }
        List<EmbeddedArtemis> brokers = new ArrayList<>();
        List<RouterProcess> routers = new ArrayList<>();
        try {
            for (GeneratedNode broker : generated.brokers()) {
                Path dir = workDir.resolve(broker.name());
                Files.createDirectories(dir);
                brokers.add(startBroker(broker, dir));
                LOG.info(
                        "broker {} accepts AMQP on {}",
                        broker.name(),
                        broker.endpoint().url());
            }
            for (GeneratedNode router : generated.routers()) {
                Path conf = TopologyFiles.confPath(workDir, router.name());
                routers.add(RouterProcess.start(
                        router.name(), qdrouterd.orElseThrow(), conf, conf.resolveSibling("qdrouterd.log")));
                LOG.info("router {} started with {}", router.name(), conf);
            }
            Map<String, RouterView> views =
                    routers.isEmpty() ? Map.of() : awaitConvergence(generated, routers, workDir);
            return new RunningTopology(generated.topology(), workDir, brokers, routers, views);
        } catch (IOException e) {
            stopAll(routers, brokers);
            throw new InfrastructureException("cannot prepare " + workDir + ": " + e.getMessage(), e);
        } catch (RuntimeException | InterruptedException e) {
            stopAll(routers, brokers);
            throw e;
        }
    }

    /** Fails before anything starts when a port a node must listen on is taken, naming the node and the port. */
    static void checkPortsFree(GeneratedTopology generated) {
        for (GeneratedNode node : generated.nodes()) {
            checkPortFree(node, "client", node.port());
            if (node.interRouterPort() != null) {
                checkPortFree(node, "inter-router", node.interRouterPort());
            }
        }
    }

    private static void checkPortFree(GeneratedNode node, String listener, int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress("127.0.0.1", port));
        } catch (IOException e) {
            throw new InfrastructureException(node.type().label() + " " + node.name() + " cannot listen on its "
                    + listener
                    + " port 127.0.0.1:" + port + ": it is already in use by another process; stop that process, or "
                    + "remove the port from " + node.name() + " in the description so that a free one is chosen");
        }
    }

    private Map<String, RouterView> awaitConvergence(
            GeneratedTopology generated, List<RouterProcess> routers, Path workDir) throws InterruptedException {
        Map<String, ConvergenceWaiter.Expectation> expected = new LinkedHashMap<>();
        Map<String, String> urls = new LinkedHashMap<>();
        Map<String, Integer> brokerCounts = new LinkedHashMap<>();
        for (GeneratedNode router : generated.routers()) {
            int brokers = (int) router.neighbours().stream()
                    .filter(n -> generated
                            .node(n)
                            .map(g -> g.type() == org.maestro.topology.NodeType.BROKER)
                            .orElse(false))
                    .count();
            expected.put(router.name(), new ConvergenceWaiter.Expectation(router.routes(), brokers));
            urls.put(router.name(), managementUrl(router.name(), TopologyFiles.confPath(workDir, router.name())));
            brokerCounts.put(router.name(), brokers);
        }
        ConvergenceWaiter waiter = new ConvergenceWaiter(MicroClock.system(), Sleeper.system(), Duration.ofMillis(250));
        try (AmqpRouterProbe probe = new AmqpRouterProbe(urls, brokerCounts, Duration.ofSeconds(5))) {
            return waiter.await(expected, probe, () -> routers.forEach(RouterProcess::checkAlive), convergenceTimeout);
        } catch (NotConvergedException e) {
            throw new InfrastructureException(e.getMessage() + "; router logs are under " + workDir, e);
        }
    }

    /**
     * The URL to ask a router through AMQP management, read from the configuration file the
     * router process was started with: its {@code normal} listener.
     */
    static String managementUrl(String router, Path conf) {
        RouterConf parsed;
        try {
            parsed = RouterConfParser.parse(conf);
        } catch (IOException | ConfSyntaxException e) {
            throw new InfrastructureException("cannot read back " + conf + ": " + e.getMessage(), e);
        }
        ConfSection listener = parsed.sections("listener").stream()
                .filter(l -> l.get("role", "normal").equals("normal")
                        && l.get("port").isPresent())
                .findFirst()
                .orElseThrow(
                        () -> new InfrastructureException(conf + " has no normal listener to ask router " + router));
        String host = listener.get("host", "127.0.0.1");
        if (host.equals("0.0.0.0") || host.equals("::")) {
            host = "127.0.0.1";
        }
        return "amqp://" + host + ":" + listener.get("port").orElseThrow();
    }

    /**
     * Starts a broker node in this JVM: persistence and security off, one AMQP acceptor at the node's host and port,
     * queues created on first use as anycast (point-to-point), working files under {@code dir}.
     */
    private static EmbeddedArtemis startBroker(GeneratedNode node, Path dir) {
        EmbeddedArtemis broker;
        try {
            broker = EmbeddedArtemis.builder()
                    .name(node.name())
                    .host(node.host())
                    .amqp(node.port())
                    .withoutJmx()
                    .anycastByDefault()
                    .dataDirectory(dir)
                    .start();
        } catch (Exception e) {
            throw new InfrastructureException("broker " + node.name() + " did not start: " + e.getMessage(), e);
        }
        if (!node.endpoint().accepting(2000)) {
            stopQuietly(broker);
            throw new InfrastructureException("broker " + node.name() + " started but does not accept connections on "
                    + node.host() + ":" + node.port() + "; is the port taken by another process?");
        }
        return broker;
    }

    /** Stops a broker node; stopping is best effort. */
    static void stopQuietly(EmbeddedArtemis broker) {
        try {
            broker.stop();
        } catch (Exception e) {
            LOG.debug("broker {} did not stop cleanly: {}", broker.name(), e.toString());
        }
    }

    private static void stopAll(List<RouterProcess> routers, List<EmbeddedArtemis> brokers) {
        routers.forEach(RouterProcess::close);
        brokers.forEach(LocalTopologyLauncher::stopQuietly);
    }
}

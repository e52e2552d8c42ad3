package org.maestro.cli.topology;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.maestro.agent.actions.ProcessSupervisor;
import org.maestro.client.script.TopologyStarter;
import org.maestro.topology.Topology;
import org.maestro.topology.input.DescriptionReader;
import org.maestro.topology.input.TopologyDescription;
import org.maestro.topology.local.ExecutableFinder;
import org.maestro.topology.local.LocalTopologyLauncher;
import org.maestro.topology.local.RouterProcess;
import org.maestro.topology.local.RunningTopology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The topologies a test script starts on this machine ({@code maestro.topology("line-3-routers.yaml")}): each
 * started as {@code topology up} would, its configurations and router logs kept under the results directory, its
 * routers offered to the local agent as processes of the same names (so {@code restart router2 2 --kill} acts on
 * them), and all stopped when the script ends. Not thread-safe: the script's thread uses it.
 */
public final class ScriptTopologies implements TopologyStarter, AutoCloseable {
    /** The environment variable naming the router executable when it is not on the PATH. */
    public static final String QDROUTERD_VARIABLE = ExecutableFinder.QDROUTERD_VARIABLE;

    private static final Logger LOG = LoggerFactory.getLogger(ScriptTopologies.class);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    private final Path resultsRoot;
    private final UnaryOperator<String> environment;
    private final Supplier<ProcessSupervisor> agentProcesses;
    private final List<RunningTopology> running = new ArrayList<>();
    private final List<Offered> offered = new ArrayList<>();
    private final Map<String, ProcessSupervisor> agentOfRouter = new HashMap<>();
    private Function<String, ProcessSupervisor> routerAgents;

    /** A router offered to an agent, withdrawn when the script ends. */
    private record Offered(ProcessSupervisor agent, String router) {}

    /**
     * @param resultsRoot    where each topology's files go ({@code topology-<name>-<time>/})
     * @param environment    where {@value #QDROUTERD_VARIABLE} is read
     * @param agentProcesses the processes of the agent in this JVM, asked for when a topology starts (in embedded mode
     *                       that starts the agent); it gives null when there is none
     */
    public ScriptTopologies(
            Path resultsRoot, UnaryOperator<String> environment, Supplier<ProcessSupervisor> agentProcesses) {
        this.resultsRoot = resultsRoot;
        this.environment = environment;
        this.agentProcesses = agentProcesses;
    }

    /**
     * Lets {@code maestro.topology(file, agentPerRouter: true)} give each router an agent of its own, named
     * {@code <router>-agent}: {@code routerAgents} starts that agent and gives its processes (null: no agents here).
     */
    public ScriptTopologies agentPerRouterWith(Function<String, ProcessSupervisor> routerAgents) {
        this.routerAgents = routerAgents;
        return this;
    }

    @Override
    public boolean isDescription(Path file) throws IOException {
        ObjectMapper mapper = file.toString().endsWith(".json") ? new ObjectMapper() : new YAMLMapper();
        JsonNode root = mapper.readTree(file.toFile());
        if (root == null || !root.path("nodes").isArray()) {
            return false;
        }
        for (JsonNode node : root.path("nodes")) {
            if (node.has("url")) {
                return false;
            }
        }
        return true;
    }

    /** Starts the described topology and returns its nodes and URLs once its router network has converged. */
    @Override
    public Topology start(Path description) throws InterruptedException {
        return start(description, false);
    }

    /**
     * Starts the described topology; with {@code agentPerRouter} each router is offered to an agent of its own
     * ({@code router2-agent}) instead of the local agent.
     */
    @Override
    public Topology start(Path description, boolean agentPerRouter) throws InterruptedException {
        TopologyDescription parsed = DescriptionReader.read(description);
        String name = parsed.name != null && !parsed.name.isBlank()
                ? parsed.name
                : description.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        Path workDir = resultsRoot.resolve(
                "topology-" + name + "-" + LocalDateTime.now().format(STAMP));
        RunningTopology topology = new LocalTopologyLauncher(qdrouterd(), Duration.ofSeconds(60))
                .start(parsed, description.toString(), workDir);
        running.add(topology);
        LOG.info("topology {} is up; configurations and router logs in {}", name, workDir);
        ProcessSupervisor shared = agentPerRouter ? null : agentProcesses.get();
        for (RouterProcess router : topology.routers()) {
            ProcessSupervisor agent = agentPerRouter ? agentOf(router.name()) : shared;
            if (agent != null) {
                agent.add(new RouterNodeProcess(router, topology.topology().node(router.name())));
                offered.add(new Offered(agent, router.name()));
            }
        }
        return topology.topology();
    }

    /** The agent of a router's own, started the first time the router is; null when no agent runs here. */
    private ProcessSupervisor agentOf(String router) {
        if (routerAgents == null) {
            return null;
        }
        return agentOfRouter.computeIfAbsent(router, routerAgents);
    }

    private Optional<Path> qdrouterd() {
        String given = environment.apply(QDROUTERD_VARIABLE);
        if (given != null && !given.isBlank()) {
            return Optional.of(Path.of(given.trim()));
        }
        return ExecutableFinder.qdrouterd();
    }

    /** Stops every topology started, routers first, and withdraws the routers from the agent. */
    @Override
    public void close() {
        offered.forEach(o -> o.agent().remove(o.router()));
        offered.clear();
        for (int i = running.size() - 1; i >= 0; i--) {
            running.get(i).close();
        }
        running.clear();
    }
}

package org.maestro.topology.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Supplier;
import org.maestro.common.cli.DurationConverter;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.topology.InfrastructureException;
import org.maestro.topology.NodeEndpoint;
import org.maestro.topology.TopologyException;
import org.maestro.topology.input.TopologyDescription;
import org.maestro.topology.local.ExecutableFinder;
import org.maestro.topology.local.LocalTopologyLauncher;
import org.maestro.topology.local.RunningTopology;
import org.maestro.topology.local.TopologyState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code topology up}: starts the topology on this machine (embedded brokers, qdrouterd
 * processes), waits until the router network has converged, writes the state file, prints the
 * client URLs, then runs until {@code topology down} or Ctrl-C.
 */
@Command(
        name = "up",
        mixinStandardHelpOptions = true,
        header = "Start a topology on this machine and keep it running until 'topology down'.",
        description = {
            "Brokers run as embedded Artemis brokers, routers as qdrouterd processes (the program given with "
                    + "--qdrouterd, else named by QDROUTERD, else found on the PATH), all on free loopback ports. The state file is written once the router network has "
                    + "converged; scripts can wait for it to appear."
        })
public final class UpCommand extends MaestroCommand {

    private static final Duration POLL = Duration.ofMillis(200);

    @Mixin
    TopologySourceOptions source;

    @Mixin
    StateFileOptions files;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "60s",
            converter = DurationConverter.class,
            description = "How long to wait for the router network to converge (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Option(
            names = "--qdrouterd",
            paramLabel = "FILE",
            description = "The qdrouterd executable (default: the one QDROUTERD names, else the one on the PATH).")
    Path qdrouterdPath;

    private final Supplier<Optional<Path>> qdrouterdFinder;

    /** Finds qdrouterd where QDROUTERD names it, else on this process's PATH. */
    public UpCommand() {
        this(() -> ExecutableFinder.qdrouterd(System::getenv)
                .map(named -> checkExecutable(ExecutableFinder.QDROUTERD_VARIABLE, named)));
    }

    /** Finds qdrouterd with {@code qdrouterdFinder} when --qdrouterd is not given (tests pass an empty one). */
    public UpCommand(Supplier<Optional<Path>> qdrouterdFinder) {
        this.qdrouterdFinder = qdrouterdFinder;
    }

    @Override
    public Integer call() throws Exception {
        Path stateFile = files.stateFile();
        refuseIfAlreadyUp(stateFile);
        TopologyDescription description = source.load();
        Optional<Path> qdrouterd = qdrouterdPath != null
                ? Optional.of(checkExecutable("--qdrouterd", qdrouterdPath))
                : qdrouterdFinder.get();
        LocalTopologyLauncher launcher = new LocalTopologyLauncher(qdrouterd, timeout);
        Path stop = TopologyState.stopRequest(stateFile);
        Files.deleteIfExists(stop);
        try (RunningTopology running = launcher.start(description, source.source(), files.workDir)) {
            Thread hook = new Thread(() -> shutDown(running, stateFile, stop), "topology-shutdown");
            Runtime.getRuntime().addShutdownHook(hook);
            try {
                running.state().write(stateFile);
                printUp(running, stateFile);
                while (!Files.exists(stop)) {
                    Thread.sleep(POLL.toMillis());
                }
            } finally {
                shutDown(running, stateFile, stop);
                removeHook(hook);
            }
            spec.commandLine()
                    .getOut()
                    .println("Topology '" + running.topology().name() + "' is down.");
        }
        return ExitCode.OK.code();
    }

    private static void refuseIfAlreadyUp(Path stateFile) {
        if (!Files.exists(stateFile)) {
            return;
        }
        TopologyState existing = TopologyState.read(stateFile);
        boolean alive = ProcessHandle.of(existing.ownerPid())
                .map(ProcessHandle::isAlive)
                .orElse(false);
        throw new TopologyException(
                stateFile.toString(),
                alive
                        ? "topology '" + existing.name() + "' is already up (process " + existing.ownerPid()
                                + "); run '" + downCommand(stateFile) + "' first or choose another --work-dir"
                        : "a stale state file of topology '" + existing.name() + "' (process " + existing.ownerPid()
                                + " is gone); run '" + downCommand(stateFile) + "' to stop what it left running");
    }

    /** The command that stops the topology of this state file, as the messages suggest it. */
    static String downCommand(Path stateFile) {
        return "maestro-cli topology down --state " + stateFile;
    }

    private static Path checkExecutable(String givenBy, Path file) {
        if (!Files.isRegularFile(file) || !Files.isExecutable(file)) {
            throw new TopologyException(givenBy, file + " is not an executable file");
        }
        return file.toAbsolutePath();
    }

    private void printUp(RunningTopology running, Path stateFile) {
        PrintWriter out = spec.commandLine().getOut();
        out.println("Topology '" + running.topology().name() + "' is up. Client URLs:");
        for (NodeEndpoint node : running.topology().nodes()) {
            out.printf("  %-16s %-7s %s%n", node.name(), node.type().label(), node.url());
        }
        NodeEndpoint first = running.topology().nodes().get(0);
        out.println("Use a node's URL plus an address as SEND_URL/RECEIVE_URL, e.g. " + first.url() + "/test.queue");
        out.println("State: " + stateFile + "  (stop with '" + downCommand(stateFile) + "')");
        out.flush();
    }

    private static synchronized void shutDown(RunningTopology running, Path stateFile, Path stop) {
        running.close();
        try {
            Files.deleteIfExists(stateFile);
            Files.deleteIfExists(stop);
        } catch (IOException e) {
            throw new InfrastructureException("cannot remove the state file " + stateFile + ": " + e.getMessage(), e);
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // the JVM is already shutting down and runs the hook itself
        }
    }
}

package org.maestro.topology.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.DurationConverter;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.topology.local.TopologyState;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code topology down}: asks the {@code up} process named in the state file to stop everything
 * and waits for it; when that process is gone or does not stop in time, stops the recorded
 * router processes itself.
 */
@Command(name = "down", mixinStandardHelpOptions = true, header = "Stop a topology started with 'topology up'.")
public final class DownCommand extends MaestroCommand {

    @Mixin
    StateFileOptions files;

    @Option(
            names = "--timeout",
            paramLabel = "DURATION",
            defaultValue = "30s",
            converter = DurationConverter.class,
            description = "How long to wait for the topology to stop (default: ${DEFAULT-VALUE}).")
    Duration timeout;

    @Override
    public Integer call() throws Exception {
        Path stateFile = files.stateFile();
        TopologyState topology = TopologyState.read(stateFile);
        PrintWriter out = spec.commandLine().getOut();
        Optional<ProcessHandle> owner = ProcessHandle.of(topology.ownerPid()).filter(ProcessHandle::isAlive);
        if (owner.isPresent()) {
            Files.writeString(TopologyState.stopRequest(stateFile), "stop\n");
            if (waitGone(stateFile, timeout)) {
                out.println("Topology '" + topology.name() + "' is down.");
                return ExitCode.OK.code();
            }
            out.println("The process that started topology '" + topology.name() + "' (" + topology.ownerPid()
                    + ") did not stop within " + timeout.toSeconds() + " s; stopping its routers directly.");
            if (owner.get().pid() != ProcessHandle.current().pid()) {
                owner.get().destroy();
            }
        } else {
            out.println("The process that started topology '" + topology.name() + "' (" + topology.ownerPid()
                    + ") is gone; stopping the routers it left running.");
        }
        List<String> stillRunning = stopRouters(topology);
        Files.deleteIfExists(stateFile);
        Files.deleteIfExists(TopologyState.stopRequest(stateFile));
        if (!stillRunning.isEmpty()) {
            throw CommandException.infrastructure(
                    "could not stop router process(es) " + stillRunning + "; stop them by process id");
        }
        out.println("Topology '" + topology.name() + "' is down.");
        return ExitCode.OK.code();
    }

    private static boolean waitGone(Path stateFile, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (Files.exists(stateFile)) {
            if (System.nanoTime() - deadline >= 0) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }

    /** Stops each recorded router process that is still the process recorded (same pid and start time). */
    private static List<String> stopRouters(TopologyState topology) throws InterruptedException {
        List<ProcessHandle> stopping = new ArrayList<>();
        for (TopologyState.Node node : topology.nodes()) {
            if (node.pid() == null) {
                continue;
            }
            ProcessHandle.of(node.pid())
                    .filter(ProcessHandle::isAlive)
                    .filter(p -> sameStart(p, node.started()))
                    .ifPresent(p -> {
                        p.destroy();
                        stopping.add(p);
                    });
        }
        List<String> stillRunning = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        for (ProcessHandle process : stopping) {
            while (process.isAlive() && System.nanoTime() - deadline < 0) {
                Thread.sleep(100);
            }
            if (process.isAlive()) {
                process.destroyForcibly();
                Thread.sleep(500);
                if (process.isAlive()) {
                    stillRunning.add(String.valueOf(process.pid()));
                }
            }
        }
        return stillRunning;
    }

    private static boolean sameStart(ProcessHandle process, String recorded) {
        if (recorded == null) {
            return false;
        }
        Optional<Instant> started = process.info().startInstant();
        return started.map(s -> s.toString().equals(recorded)).orElse(false);
    }
}

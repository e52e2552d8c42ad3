package org.maestro.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import org.maestro.client.api.NameClashes;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code maestro-cli ping}: lists the live peers on a control broker with their round-trip time. */
@Command(
        name = "ping",
        mixinStandardHelpOptions = true,
        header = "List the live peers on a control broker with their round-trip time.",
        description = "Exits 3 when the broker cannot be reached or no peer answers.")
public final class PingCommand extends MaestroCommand {
    @Mixin
    ControlBrokerOption broker;

    @Mixin
    PingWaitOption wait;

    @Mixin
    OutputFormat format;

    @Override
    public Integer call() throws Exception {
        Duration waitFor = wait.duration();
        PrintWriter out = spec.commandLine().getOut();
        try (ControlClient client = ControlClient.connect(broker.endpoint())) {
            List<PeerStatus> peers = wait.livePeers(client, waitFor);
            if (peers.isEmpty()) {
                return wait.noPeerAnswered(spec, client);
            }
            if (format.json()) {
                out.println(PeerListing.json(peers.stream().map(PeerListing::of).toList()));
                out.flush();
                warnClashes(peers, spec.commandLine().getErr());
                return ExitCode.OK.code();
            }
            out.printf("%-10s %-28s %-24s %10s  %s%n", "ROLE", "NAME", "HOST", "RTT (ms)", "ID");
            for (PeerStatus status : peers) {
                out.printf(
                        "%-10s %-28s %-24s %10.3f  %s%n",
                        status.peer().role(),
                        status.peer().name(),
                        status.peer().host(),
                        status.roundTrip().toNanos() / 1e6,
                        status.peer().id());
            }
            out.printf("%d peer(s)%n", peers.size());
            warnClashes(peers, out);
            out.flush();
            return ExitCode.OK.code();
        }
    }

    /** Marks peers that share a name@host, which a test refuses. */
    static void warnClashes(List<PeerStatus> peers, PrintWriter to) {
        NameClashes.warnings(peers.stream().map(PeerStatus::peer).toList()).forEach(to::println);
        to.flush();
    }
}

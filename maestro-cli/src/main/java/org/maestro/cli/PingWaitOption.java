package org.maestro.cli;

import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import org.maestro.client.api.PeerStartCommands;
import org.maestro.common.cli.CommandException;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.options.Durations;
import org.maestro.common.protocol.Role;
import org.maestro.common.transport.TransportException;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

/** The {@code --wait} option shared by the commands that ping the peers, and the ping that uses it. */
public final class PingWaitOption {
    @Option(
            names = "--wait",
            defaultValue = "2s",
            paramLabel = "DURATION",
            description = "How long to collect replies (default: ${DEFAULT-VALUE}).")
    String wait;

    /** The parsed duration; a malformed one is a usage error. */
    public Duration duration() {
        try {
            return Durations.parse(wait);
        } catch (IllegalArgumentException e) {
            throw CommandException.usage("--wait " + e.getMessage());
        }
    }

    /** The duration as it was given, for messages. */
    public String text() {
        return wait;
    }

    /** The peers that answer a ping within {@code waitFor}, sorted by role, then name. */
    List<PeerStatus> livePeers(ControlClient client, Duration waitFor) throws TransportException {
        return client.ping(waitFor).stream()
                .sorted(Comparator.comparing((PeerStatus s) -> s.peer().role())
                        .thenComparing(s -> s.peer().name()))
                .toList();
    }

    /** Says that no peer answered and how to start one; returns the exit code for it. */
    int noPeerAnswered(CommandSpec spec, ControlClient client) {
        spec.commandLine()
                .getErr()
                .println("maestro-cli: no peer answered on " + client.endpoint() + " within " + wait
                        + "; start peers with "
                        + PeerStartCommands.quoted(
                                List.of(Role.SENDER, Role.RECEIVER), String.valueOf(client.endpoint())));
        return ExitCode.INFRASTRUCTURE.code();
    }
}

package org.maestro.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.maestro.base.net.UrlRedactor;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.cli.MaestroCommand;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.PeerStatus;
import org.maestro.common.client.Replies;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.text.ConsoleText;
import org.maestro.common.transport.Topics;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code maestro-cli status}: the live peers, their roles and what each is doing (idle, or busy with which test). */
@Command(
        name = "status",
        mixinStandardHelpOptions = true,
        header = "Show the live peers on a control broker, their roles and whether each is idle or running a test.",
        description = "Pings every peer, then asks each for its state (GET). Exits 3 when the broker cannot be "
                + "reached or no peer answers.")
public final class StatusCommand extends MaestroCommand {
    @Mixin
    ControlBrokerOption broker;

    @Mixin
    OutputFormat format;

    @Mixin
    PingWaitOption wait;

    @Override
    public Integer call() throws Exception {
        Duration waitFor = wait.duration();
        PrintWriter out = spec.commandLine().getOut();
        try (ControlClient client = ControlClient.connect(broker.endpoint())) {
            List<PeerStatus> peers = wait.livePeers(client, waitFor);
            if (peers.isEmpty()) {
                return wait.noPeerAnswered(spec, client);
            }
            List<CompletableFuture<Replies>> answers = new ArrayList<>();
            for (PeerStatus peer : peers) {
                answers.add(client.request(
                        Topics.peer(peer.peer().id()),
                        Note.request(org.maestro.common.protocol.Command.GET),
                        1,
                        waitFor));
            }
            List<PeerListing> listing = new ArrayList<>();
            for (int i = 0; i < peers.size(); i++) {
                listing.add(listing(peers.get(i), answer(answers.get(i), waitFor)));
            }
            if (format.json()) {
                out.println(PeerListing.json(listing));
                out.flush();
                PingCommand.warnClashes(peers, spec.commandLine().getErr());
            } else {
                out.printf("%-10s %-28s %-24s %-8s %-24s %10s%n", "ROLE", "NAME", "HOST", "STATE", "TEST", "RTT (ms)");
                for (PeerListing peer : listing) {
                    out.printf(
                            "%-10s %-28s %-24s %-8s %-24s %10.3f%n",
                            ConsoleText.oneLine(peer.role()),
                            ConsoleText.oneLine(peer.name()),
                            ConsoleText.oneLine(peer.host()),
                            peer.state(),
                            peer.test() == null ? "-" : ConsoleText.oneLine(peer.test()),
                            peer.roundTripMillis());
                }
                long busy =
                        listing.stream().filter(p -> "busy".equals(p.state())).count();
                out.printf(
                        "%d peer(s): %d busy, %d idle%s%n",
                        listing.size(),
                        busy,
                        listing.stream().filter(p -> "idle".equals(p.state())).count(),
                        listing.stream().anyMatch(p -> "unknown".equals(p.state()))
                                ? " (unknown: no answer to GET within " + wait.text() + "; try a longer --wait)"
                                : "");
                PingCommand.warnClashes(peers, out);
            }
            out.flush();
            return ExitCode.OK.code();
        }
    }

    private static Payload.Notice answer(CompletableFuture<Replies> future, Duration wait) throws InterruptedException {
        try {
            Replies replies = future.get(wait.toMillis() + 1000, TimeUnit.MILLISECONDS);
            return replies.notes().stream()
                    .filter(n -> n.command() == org.maestro.common.protocol.Command.GET)
                    .map(n -> n.payload())
                    .filter(Payload.Notice.class::isInstance)
                    .map(Payload.Notice.class::cast)
                    .findFirst()
                    .orElse(null);
        } catch (ExecutionException | TimeoutException e) {
            return null;
        }
    }

    private static PeerListing listing(PeerStatus status, Payload.Notice get) {
        PeerListing pinged = PeerListing.of(status);
        if (get == null) {
            return pinged.withState("unknown", null, null, null);
        }
        Map<String, String> details = get.details();
        boolean busy = Boolean.parseBoolean(details.getOrDefault("busy", "false"));
        Map<String, String> options = new TreeMap<>();
        details.forEach((key, value) -> {
            if (key.startsWith("option.")) {
                // a peer is not trusted to hide credentials: hidden here too
                options.put(key.substring("option.".length()), UrlRedactor.redactPassword(value));
            }
        });
        String version = details.get("version");
        return pinged.withState(
                busy ? "busy" : "idle",
                busy ? options.get("TEST_NAME") : null,
                version == null || version.equals("null") ? null : version,
                options);
    }
}

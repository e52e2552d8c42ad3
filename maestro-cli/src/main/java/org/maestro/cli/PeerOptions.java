package org.maestro.cli;

import java.nio.file.Path;
import java.time.Duration;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.protocol.Role;
import picocli.CommandLine.Option;

/** The options of every command that starts a peer: its name, host, result directory and keep-alive. */
public final class PeerOptions {
    @Option(
            names = "--name",
            paramLabel = "NAME",
            description = "Peer name: 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or a digit "
                    + "(default: <role>-<pid>).")
    String name;

    @Option(
            names = "--host",
            paramLabel = "HOST",
            description = "Host name reported to the client, up to 253 of the same characters (default: this "
                    + "machine's).")
    String host;

    @Option(
            names = "--results-dir",
            paramLabel = "DIR",
            defaultValue = "${env:MAESTRO_PEER_RESULTS:-peer-results}",
            description =
                    "Where this peer writes its files before shipping them to the client (default: ${DEFAULT-VALUE}).")
    Path resultsDirectory;

    @Option(
            names = "--keep-alive",
            paramLabel = "SECONDS",
            defaultValue = "10",
            description =
                    "MQTT keep-alive; the client learns of a dead peer within 1.5 × this (default: ${DEFAULT-VALUE}).")
    int keepAliveSeconds;

    PeerConfig config(ControlBrokerOption broker, Role role) {
        String peerName = name != null
                ? name
                : role.label() + "-" + ProcessHandle.current().pid();
        return new PeerConfig(
                broker.endpoint(),
                peerName,
                host != null ? host : PeerConfig.localHostName(),
                resultsDirectory.toAbsolutePath(),
                Duration.ofSeconds(Math.max(1, keepAliveSeconds)));
    }
}

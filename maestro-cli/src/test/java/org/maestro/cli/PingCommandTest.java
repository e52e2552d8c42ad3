package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.peer.Peer;
import org.maestro.common.peer.PeerConfig;
import org.maestro.common.protocol.Role;
import org.maestro.common.testing.ProbeRole;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.testing.MosquittoProcess;

/** `maestro-cli ping`: the peers it lists, and its exit codes when the broker or the peers do not answer. */
class PingCommandTest {
    @TempDir
    Path results;

    @Test
    void listsTheLivePeersWithTheirRoundTripTime() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start();
                Peer sender = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "s-1", results),
                        new ProbeRole(Role.SENDER));
                Peer receiver = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "r-1", results),
                        new ProbeRole(Role.RECEIVER))) {
            CliRun run = CliRun.of("ping", "--maestro-url", mosquitto.url(), "--wait", "1s");
            assertEquals(ExitCode.OK.code(), run.exitCode(), run.err());
            assertTrue(run.out().contains("s-1") && run.out().contains("r-1"), run.out());
            assertTrue(
                    run.out().contains(sender.info().id())
                            && run.out().contains(receiver.info().id()),
                    run.out());
            assertTrue(run.out().contains("2 peer(s)"), run.out());
        }
    }

    @Test
    void peersThatShareANameAreMarkedWithTheirIdsByPingAndStatus() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start();
                Peer first = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "s-twin", results),
                        new ProbeRole(Role.SENDER));
                Peer second = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "s-twin", results),
                        new ProbeRole(Role.SENDER));
                Peer other = Peer.start(
                        PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "r-1", results),
                        new ProbeRole(Role.RECEIVER))) {
            String twin = "WARNING: 2 peers share the name " + first.info().qualifiedName() + ": ";
            for (String command : new String[] {"ping", "status"}) {
                CliRun run = CliRun.of(command, "--maestro-url", mosquitto.url(), "--wait", "1s");
                assertEquals(ExitCode.OK.code(), run.exitCode(), run.err());
                String warning = run.out()
                        .lines()
                        .filter(line -> line.startsWith(twin))
                        .findFirst()
                        .orElseThrow(() -> new AssertionError(command + ": " + run.out()));
                assertTrue(
                        warning.contains(first.info().id())
                                && warning.contains(second.info().id())
                                && !warning.contains(other.info().id()),
                        warning);
                assertTrue(warning.endsWith("give each worker its own --name, or stop the extra one"), warning);
            }
            CliRun json = CliRun.of("ping", "--maestro-url", mosquitto.url(), "--wait", "1s", "--format", "json");
            assertEquals(ExitCode.OK.code(), json.exitCode(), json.err());
            assertTrue(json.out().trim().startsWith("[") && !json.out().contains("WARNING"), json.out());
            assertTrue(json.err().startsWith(twin), json.err());
        }
    }

    @Test
    void anUnreachableBrokerExitsWithThreeWithinTenSecondsNamingTheUrl() {
        String url = "mqtt://127.0.0.1:" + FreePorts.next();
        long start = System.nanoTime();
        CliRun run = CliRun.of("ping", "--maestro-url", url);
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 10);
        assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode());
        assertTrue(run.err().contains(url), run.err());
        assertTrue(run.err().contains("check that an MQTT broker"), run.err());
    }

    @Test
    void aMissingOrMalformedBrokerUrlIsAUsageError() {
        CliRun bad = CliRun.of("ping", "--maestro-url", "http://nowhere");
        assertEquals(ExitCode.USAGE.code(), bad.exitCode());
        assertTrue(bad.err().contains("mqtt://host:port"), bad.err());
        CliRun unknownOption = CliRun.of("ping", "--bogus");
        assertEquals(ExitCode.USAGE.code(), unknownOption.exitCode());
        assertTrue(unknownOption.err().contains("--bogus"), unknownOption.err());
    }

    @Test
    void noPeerAnsweringExitsWithThree() throws Exception {
        try (MosquittoProcess mosquitto = MosquittoProcess.start()) {
            CliRun run = CliRun.of("ping", "--maestro-url", mosquitto.url(), "--wait", "500ms");
            assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode());
            assertTrue(run.err().contains("no peer answered"), run.err());
        }
    }

    @Test
    void rootCommandPrintsUsageWithExitCodes() {
        CliRun run = CliRun.of("--help");
        assertEquals(0, run.exitCode());
        assertTrue(run.out().contains("Exit codes"), run.out());
        assertTrue(run.out().contains("ping"), run.out());
    }
}

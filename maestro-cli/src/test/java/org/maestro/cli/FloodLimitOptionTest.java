package org.maestro.cli;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.client.ControlClient;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;
import org.maestro.common.testing.RoguePeer;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.testing.MosquittoProcess;
import picocli.CommandLine;

/**
 * {@code maestro-cli run --flood-limit} reaches the client's flood guard: a peer flooding a real Mosquitto is cut off
 * at the given limit and not at the default one; a limit below one is refused before anything connects.
 */
class FloodLimitOptionTest {
    private static final int FLOOD = 60;

    @RegisterExtension
    static final MosquittoProcess mosquitto = MosquittoProcess.perTestClass();

    @TempDir
    Path work;

    @Test
    void theOptionSetsTheLimitAtWhichAFloodingPeerIsCutOff() throws Exception {
        try (ControlClient client = connect("--flood-limit", "5")) {
            assertEquals(5, client.floodLimit());
            Flood flood = flood(client, "flooder-low");
            await().atMost(Duration.ofSeconds(10))
                    .until(() -> client.isCutOff(flood.peer().id()));
            assertEquals(5, flood.delivered().get(), "the notes up to the limit reached the listeners, no more");
        }
        try (ControlClient client = connect()) {
            assertEquals(ControlClient.DEFAULT_FLOOD_LIMIT, client.floodLimit());
            Flood flood = flood(client, "flooder-default");
            await().atMost(Duration.ofSeconds(10)).until(() -> flood.delivered().get() == FLOOD);
            assertFalse(client.isCutOff(flood.peer().id()));
        }
    }

    @Test
    void aLimitBelowOneIsRefusedNamingTheOption() throws Exception {
        Path script = Files.writeString(work.resolve("Any.groovy"), "maestro.fixedRate { rate 10 }\n");

        CliRun run = CliRun.run(script, mosquitto.url(), work.resolve("results"), "--flood-limit", "0");

        assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.err());
        assertTrue(run.err().contains("--flood-limit (or MAESTRO_FLOOD_LIMIT) 0 is not valid"), run.err());
        assertFalse(Files.exists(work.resolve("results")), "refused before anything ran");
    }

    @Test
    void theRunCommandsHelpNamesTheOption() {
        CliRun help = CliRun.of("run", "--help");
        assertTrue(help.out().contains("--flood-limit=NOTES"), help.out());
        assertTrue(help.out().contains("MAESTRO_FLOOD_LIMIT"), help.out());
    }

    /** Connects as {@code maestro-cli run SCRIPT --maestro-url URL OPTIONS} would. */
    private ControlClient connect(String... options) throws Exception {
        RunCommand run = new RunCommand();
        String[] args = new String[options.length + 1];
        System.arraycopy(options, 0, args, 0, options.length);
        args[options.length] = "Any.groovy";
        new CommandLine(run).parseArgs(args);
        return run.connect(MqttEndpoint.parse(mosquitto.url()));
    }

    /** A rogue that flooded the client, and how many of its notes reached the client's listeners. */
    private record Flood(PeerInfo peer, AtomicInteger delivered) {}

    /** Floods the client with {@value #FLOOD} notifications of a rogue. */
    private static Flood flood(ControlClient client, String name) throws Exception {
        PeerInfo identity = RoguePeer.identity(name, "localhost", "receiver");
        AtomicInteger delivered = new AtomicInteger();
        client.onNotification(note -> {
            if (note.sender().id().equals(identity.id())) {
                delivered.incrementAndGet();
            }
        });
        try (RoguePeer rogue = RoguePeer.connect(mosquitto.url(), identity)) {
            rogue.flood(
                    Topics.NOTIFICATIONS,
                    RoguePeer.notification(Command.NOTIFY_SUCCESS, new Payload.Notice("noise", Map.of()), identity),
                    FLOOD);
        }
        return new Flood(identity, delivered);
    }
}

package org.maestro.common.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.client.ControlClient;
import org.maestro.common.client.Replies;
import org.maestro.common.options.OptionCode;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.Role;
import org.maestro.common.testing.ProbeRole;
import org.maestro.common.transport.MqttEndpoint;
import org.maestro.common.transport.Topics;
import org.maestro.testing.MosquittoProcess;

/** A peer starts each run in an emptied directory and ships only files of the current run. */
class RunDirectoryTest {
    private static final Duration REPLY_TIMEOUT = Duration.ofSeconds(10);

    @TempDir
    Path results;

    private MosquittoProcess mosquitto;
    private Peer peer;
    private ControlClient client;

    @BeforeEach
    void start() throws Exception {
        mosquitto = MosquittoProcess.start();
        peer = Peer.start(
                PeerConfig.of(MqttEndpoint.parse(mosquitto.url()), "probe", results), new ProbeRole(Role.SENDER));
        client = ControlClient.connect(MqttEndpoint.parse(mosquitto.url()));
    }

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable resource : new AutoCloseable[] {client, peer, mosquitto}) {
            if (resource != null) {
                resource.close();
            }
        }
    }

    @Test
    void anEarlierRunsFilesAreRemovedAndAnotherRunsFilesAreNeverShipped() throws Exception {
        Path directory = results.resolve("test/0").resolve(peer.info().qualifiedName());
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(RunFiles.TEST_PROPERTIES), "RUN_ID=run-a\n");
        Files.writeString(directory.resolve("old.bin"), "measured by run-a");
        set(OptionCode.RUN_ID, "run-b");

        List<Payload.Chunk> shipped = new CopyOnWriteArrayList<>();
        Replies first = log(shipped);
        assertTrue(first.allOk(), first.describeErrors());
        assertTrue(shipped.isEmpty(), "nothing of run-a is shipped: " + shipped);
        assertFalse(Files.exists(directory.resolve("old.bin")), "run-a's files are removed");

        Files.writeString(directory.resolve(RunFiles.TEST_PROPERTIES), "RUN_ID=run-a\n");
        Replies foreign = log(shipped);
        assertEquals(Command.INTERNAL_ERROR, foreign.notes().get(0).command());
        assertTrue(
                foreign.describeErrors().contains("belong to run run-a, not to the current run run-b"),
                foreign.describeErrors());
        assertTrue(shipped.isEmpty());

        Files.writeString(directory.resolve(RunFiles.TEST_PROPERTIES), "RUN_ID=run-b\n");
        Replies own = log(shipped);
        assertTrue(own.allOk(), own.describeErrors());
        assertEquals(
                List.of(RunFiles.TEST_PROPERTIES),
                shipped.stream().map(Payload.Chunk::file).toList());
    }

    private void set(OptionCode option, String value) throws Exception {
        Replies replies = client.request(
                        Topics.peer(peer.info().id()),
                        Note.request(Command.SET, new Payload.SetOption(option.code(), value)),
                        1,
                        REPLY_TIMEOUT)
                .get(15, TimeUnit.SECONDS);
        assertTrue(replies.allOk(), replies.describeErrors());
    }

    private Replies log(List<Payload.Chunk> shipped) throws Exception {
        return client.request(
                        Topics.peer(peer.info().id()),
                        Note.request(Command.LOG),
                        1,
                        REPLY_TIMEOUT,
                        note -> shipped.add((Payload.Chunk) note.payload()))
                .get(30, TimeUnit.SECONDS);
    }
}

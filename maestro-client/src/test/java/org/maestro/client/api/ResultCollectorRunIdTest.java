package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.peer.ResultShipper;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteHeader;
import org.maestro.common.protocol.NoteType;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;

/** The client keeps a peer's files only when they name the current run. */
class ResultCollectorRunIdTest {
    private static final PeerInfo PEER = new PeerInfo("id-1", "sender-1", "host", "sender");

    @TempDir
    Path directory;

    @Test
    void filesOfAnotherRunAreRefusedAndNoneIsWritten() throws Exception {
        ResultCollector collector = new ResultCollector(directory, "sender-1@host", "run-b", CollectLimits.DEFAULTS);
        collector.accept(chunk("test.properties", "RUN_ID=run-a\n"));
        collector.accept(chunk("rate.csv", "# maestro-rate v1\n"));

        List<String> problems = collector.write();

        assertTrue(problems.isEmpty(), problems.toString());
        assertTrue(collector.refusal().orElseThrow().contains("belong to run run-a, not to the current run run-b"));
        assertFalse(Files.exists(directory.resolve("sender-1@host/rate.csv")));
        assertTrue(Files.isDirectory(directory.resolve("sender-1@host")), "the peer is still listed");
    }

    @Test
    void filesOfTheCurrentRunAreKept() throws Exception {
        ResultCollector collector = new ResultCollector(directory, "sender-1@host", "run-b", CollectLimits.DEFAULTS);
        collector.accept(chunk("test.properties", "RUN_ID=run-b\n"));
        collector.accept(chunk("peer-result.json", "{\"formatVersion\":1,\"runId\":\"run-b\"}"));

        assertTrue(collector.write().isEmpty());
        assertTrue(collector.refusal().isEmpty());
        assertEquals("RUN_ID=run-b\n", Files.readString(directory.resolve("sender-1@host/test.properties")));
    }

    @Test
    void aResultWithoutARunIdIsRefusedWhenOneIsExpected() throws Exception {
        ResultCollector collector = new ResultCollector(directory, "sender-1@host", "run-b", CollectLimits.DEFAULTS);
        collector.accept(chunk("peer-result.json", "{\"formatVersion\":1}"));

        collector.write();

        assertTrue(collector.refusal().orElseThrow().contains("belong to run none"));
    }

    private static Note chunk(String file, String text) {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        return new Note(
                NoteType.DATA,
                Command.LOG,
                new NoteHeader("c", UUID.randomUUID().toString(), PEER),
                new Payload.Chunk(file, 0, 1, ResultShipper.sha256(List.of(data)), data, data.length));
    }
}

package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.peer.ResultShipper;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.protocol.NoteHeader;
import org.maestro.common.protocol.NoteType;
import org.maestro.common.protocol.Payload;
import org.maestro.common.protocol.PeerInfo;

/**
 * A peer's files are taken only as far as they agree with what they declare and fit the limits; they are streamed to
 * disk and appear only whole and checked.
 */
class ResultCollectorLimitsTest {
    private static final PeerInfo PEER = new PeerInfo("id-1", "receiver-1", "host", "receiver");
    private static final int CHUNK = ResultShipper.CHUNK_BYTES;
    private static final CollectLimits SMALL = new CollectLimits(3L * CHUNK, 5L * CHUNK);

    @TempDir
    Path iteration;

    @Test
    void twoBillionChunksAreRefusedAtTheFirstChunk() throws Exception {
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        byte[] data = bytes(10);

        long size = 2_000_000_000L * CHUNK;

        collector.accept(note(new Payload.Chunk("big.bin", 0, 2_000_000_000, sha(data), data, size)));
        collector.accept(note(new Payload.Chunk("big.bin", 1, 2_000_000_000, sha(data), data, size)));

        assertEquals(
                List.of("big.bin: refused: it declares 524288000000000 bytes, more than the per-file limit of "
                        + "2147483648 bytes; raise it with --max-file-bytes"),
                collector.write());
        assertEquals(1, collector.limitBreaches().size());
        assertFalse(Files.exists(peerDirectory().resolve("big.bin")));
    }

    @Test
    void aChunkCountThatDisagreesWithTheDeclaredSizeIsRefused() throws Exception {
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        byte[] data = bytes(10);

        collector.accept(note(new Payload.Chunk("lie.bin", 0, 5, sha(data), data, 10)));

        assertEquals(
                List.of("lie.bin: refused: it claims 5 chunks for a file of 10 bytes, which takes 1 chunks of " + CHUNK
                        + " bytes"),
                collector.write());
        assertTrue(collector.limitBreaches().isEmpty(), "a lie, not a limit");
    }

    @Test
    void aDeclaredSizeAboveThePerFileLimitIsRefusedAndOneBelowIsKept() throws Exception {
        ResultCollector collector = collector(SMALL);
        ship(collector, "fits.bin", bytes(3 * CHUNK));
        ship(collector, "too-big.bin", bytes(3 * CHUNK + 1));

        List<String> problems = collector.write();

        assertEquals(
                List.of("too-big.bin: refused: it declares " + (3 * CHUNK + 1) + " bytes, more than the per-file "
                        + "limit of " + 3 * CHUNK + " bytes; raise it with --max-file-bytes"),
                problems);
        assertEquals(3L * CHUNK, Files.size(peerDirectory().resolve("fits.bin")));
    }

    @Test
    void thePeersFilesTogetherStayUnderThePerPeerLimit() throws Exception {
        ResultCollector collector = collector(SMALL);
        ship(collector, "a.bin", bytes(2 * CHUNK));
        ship(collector, "b.bin", bytes(2 * CHUNK));
        ship(collector, "c.bin", bytes(2 * CHUNK));

        List<String> problems = collector.write();

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(
                problems.get(0)
                        .startsWith("c.bin: refused: with its " + 2 * CHUNK + " bytes the peer's files would "
                                + "exceed the per-peer limit of " + 5 * CHUNK
                                + " bytes; raise it with --max-peer-bytes"),
                problems.get(0));
        assertTrue(Files.exists(peerDirectory().resolve("a.bin")));
        assertTrue(Files.exists(peerDirectory().resolve("b.bin")));
        assertFalse(Files.exists(peerDirectory().resolve("c.bin")));
    }

    @Test
    void chunksGoToATemporaryFileOnDiskAndTheFileAppearsOnlyWholeAndChecked() throws Exception {
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        byte[] content = bytes(2 * CHUNK + 1000);
        List<Payload.Chunk> chunks = chunks("response-time.hlog", content);

        collector.accept(note(chunks.get(0)));
        collector.accept(note(chunks.get(1)));

        Path temporary = onlyTemporaryFile();
        assertEquals(2L * CHUNK, Files.size(temporary), "the chunks so far are on disk");
        assertFalse(Files.exists(peerDirectory().resolve("response-time.hlog")), "not before it is complete");

        collector.accept(note(chunks.get(2)));
        assertTrue(collector.write().isEmpty());

        assertArrayEquals(content, Files.readAllBytes(peerDirectory().resolve("response-time.hlog")));
        try (Stream<Path> left = Files.list(iteration)) {
            assertEquals(List.of(peerDirectory()), left.toList(), "the temporary directory is gone");
        }
    }

    @Test
    void anIncompleteOrCorruptFileNeverAppears() throws Exception {
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        List<Payload.Chunk> incomplete = chunks("rate.csv", bytes(CHUNK + 5));
        collector.accept(note(incomplete.get(1)));
        byte[] data = bytes(100);
        collector.accept(note(new Payload.Chunk("corrupt.csv", 0, 1, sha(bytes(99)), data, 100)));

        assertEquals(
                List.of("rate.csv: 1 of 2 chunks missing", "corrupt.csv: checksum mismatch, file not written"),
                collector.write());
        assertFalse(Files.exists(peerDirectory().resolve("rate.csv")));
        assertFalse(Files.exists(peerDirectory().resolve("corrupt.csv")));
    }

    @Test
    void chunksThatContradictTheFirstOrRepeatAreRefused() throws Exception {
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        List<Payload.Chunk> chunks = chunks("a.bin", bytes(CHUNK + 5));
        collector.accept(note(chunks.get(0)));
        collector.accept(note(chunks.get(0)));
        List<Payload.Chunk> other = chunks("b.bin", bytes(CHUNK + 5));
        collector.accept(note(other.get(0)));
        Payload.Chunk last = other.get(1);
        collector.accept(note(new Payload.Chunk("b.bin", 1, 2, last.sha256(), bytes(6), last.size())));

        List<String> problems = collector.write();

        assertEquals(
                List.of("a.bin: refused: chunk 0 arrived twice", "b.bin: refused: chunk 1 of 2 holds 6 bytes, not 5"),
                problems);
    }

    @Test
    void namesThatWouldLeaveThePeersDirectoryAreRefusedAndTheOtherFilesKept() throws Exception {
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        for (String name : List.of("../escape.txt", "/tmp/absolute.txt", ".hidden", "a/../../b")) {
            collector.accept(note(chunk(name, "x")));
        }
        collector.accept(note(chunk("sub/kept.txt", "kept")));

        List<String> problems = collector.write();

        assertEquals(4, problems.size(), problems.toString());
        assertTrue(problems.stream().allMatch(p -> p.startsWith("refused file \"")), problems.toString());
        assertEquals("kept", Files.readString(peerDirectory().resolve("sub/kept.txt")));
        assertFalse(Files.exists(iteration.resolve("escape.txt")));
    }

    @Test
    void aSymbolicLinkInPlaceOfThePeersDirectoryIsNotFollowed() throws Exception {
        Path elsewhere = Files.createDirectories(iteration.getParent().resolve(iteration.getFileName() + "-elsewhere"));
        Files.createSymbolicLink(peerDirectory(), elsewhere);
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        collector.accept(note(chunk("rate.csv", "x")));

        List<String> problems = collector.write();

        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains("is a symbolic link"), problems.get(0));
        try (Stream<Path> written = Files.list(elsewhere)) {
            assertEquals(0, written.count());
        }
    }

    @Test
    void sizesAreReadWithBinaryUnits() {
        assertEquals(512L << 20, CollectLimits.parseSize("512m"));
        assertEquals(4L << 30, CollectLimits.parseSize("4GiB"));
        assertEquals(1000, CollectLimits.parseSize("1000"));
        IllegalArgumentException refused = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> CollectLimits.parseSize("lots"));
        assertTrue(refused.getMessage().contains("e.g. 512m or 4g"), refused.getMessage());
    }

    @Test
    void theTemporaryFileOfAnUnfinishedWriteIsRefusedAndTheFinishedFileKept() throws Exception {
        ResultCollector collector = collector(CollectLimits.DEFAULTS);
        ship(collector, ".peer-result.json8807316153411094.tmp", "{\"half\":".getBytes(StandardCharsets.UTF_8));
        ship(collector, "peer-result.json", "{\"whole\":true}".getBytes(StandardCharsets.UTF_8));

        List<String> problems = collector.write();

        assertEquals(
                List.of("refused file \".peer-result.json8807316153411094.tmp\": it is the temporary file of a write "
                        + "that never finished (its writer was killed), not a name in the peer's result directory"),
                problems);
        assertEquals("{\"whole\":true}", Files.readString(peerDirectory().resolve("peer-result.json")));
        try (Stream<Path> files = Files.list(peerDirectory())) {
            assertEquals(
                    List.of("peer-result.json"),
                    files.map(p -> p.getFileName().toString()).toList());
        }
    }

    private ResultCollector collector(CollectLimits limits) {
        return new ResultCollector(iteration, "receiver-1@host", null, limits);
    }

    private Path peerDirectory() {
        return iteration.resolve("receiver-1@host");
    }

    private Path onlyTemporaryFile() throws Exception {
        try (Stream<Path> files = Files.walk(iteration)) {
            List<Path> parts = files.filter(p -> p.getFileName().toString().endsWith(".part"))
                    .toList();
            assertEquals(1, parts.size(), parts.toString());
            assertTrue(parts.get(0).getParent().getFileName().toString().startsWith(".collecting-"));
            return parts.get(0);
        }
    }

    private static void ship(ResultCollector collector, String name, byte[] content) {
        chunks(name, content).forEach(chunk -> collector.accept(note(chunk)));
    }

    /** The chunks the peer's shipper makes of a file of this content. */
    private static List<Payload.Chunk> chunks(String name, byte[] content) {
        List<Payload.Chunk> chunks = new ArrayList<>();
        int total = ResultShipper.chunkCount(content.length);
        for (int i = 0; i < total; i++) {
            int from = i * CHUNK;
            byte[] part = java.util.Arrays.copyOfRange(content, from, Math.min(content.length, from + CHUNK));
            chunks.add(new Payload.Chunk(name, i, total, sha(content), part, content.length));
        }
        return chunks;
    }

    private static Payload.Chunk chunk(String name, String text) {
        byte[] data = text.getBytes(StandardCharsets.UTF_8);
        return new Payload.Chunk(name, 0, 1, sha(data), data, data.length);
    }

    private static String sha(byte[] data) {
        return ResultShipper.sha256(List.of(data));
    }

    private static byte[] bytes(int length) {
        byte[] data = new byte[length];
        new Random(length).nextBytes(data);
        return data;
    }

    private static Note note(Payload.Chunk chunk) {
        return new Note(
                NoteType.DATA,
                Command.LOG,
                new NoteHeader("c", UUID.randomUUID().toString(), PEER),
                chunk);
    }
}

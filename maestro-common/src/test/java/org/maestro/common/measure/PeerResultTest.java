package org.maestro.common.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

/** A peer's result file: written and read back, strictly or tolerantly, by format version. */
class PeerResultTest {

    @Test
    void readsBackWhatItWroteWithTheReceivedSequences(@TempDir Path dir) throws IOException {
        RoaringBitmap received = RoaringBitmap.bitmapOf(0, 1, 2, 5, 7);
        PeerResult written = new PeerResult(
                PeerResult.FORMAT_VERSION,
                "receiver-1@host",
                "receiver",
                1000,
                2000,
                0,
                6,
                0,
                1,
                0,
                List.of(new PeerResult.Stream("sender-1@host", 0, 5, 0, 1, 0, PeerResult.Stream.encode(received))),
                PeerResult.SUCCESS,
                "ok");
        Path file = dir.resolve(PeerResult.FILE_NAME);
        written.write(file);

        PeerResult read = PeerResult.read(file);
        assertEquals(written, read);
        assertEquals(received, read.streams().get(0).sequenceBitmap());
        assertEquals(written, PeerResult.readTolerantly(file));
    }

    @Test
    void aSendersResultCarriesItsOutcomesAndRefusedSequencesAndOldFilesReadWithout(@TempDir Path dir)
            throws IOException {
        OutcomeCounts outcomes = new OutcomeCounts(90, 7, 2, 1, 3);
        RoaringBitmap refused = RoaringBitmap.bitmapOf(3, 4, 50);
        PeerResult written = new PeerResult(
                PeerResult.FORMAT_VERSION,
                "sender-1@host",
                "sender",
                1000,
                2000,
                0,
                100,
                13,
                0,
                0,
                List.of(new PeerResult.Stream(
                        "sender-1@host", 0, 100, 13, 0, 0, null, outcomes, PeerResult.Stream.encode(refused))),
                PeerResult.SUCCESS,
                "ok",
                outcomes);
        Path file = dir.resolve(PeerResult.FILE_NAME);
        written.write(file);
        String json = Files.readString(file);
        assertTrue(json.contains("\"refusedSequences\"") && json.contains("\"released\" : 7"), json);

        PeerResult read = PeerResult.read(file);
        assertEquals(written, read);
        assertEquals(refused, read.streams().get(0).refusedBitmap());
        assertEquals(outcomes, read.outcomes());
        assertEquals(13, outcomes.notAccepted());

        Path old = Files.writeString(dir.resolve("old.json"), """
                {"formatVersion": 1, "peer": "s@h", "role": "sender", "count": 5,
                 "streams": [{"sender": "s@h", "connection": 0, "count": 5}]}
                """);
        PeerResult before = PeerResult.read(old);
        assertEquals(null, before.outcomes());
        assertEquals(null, before.streams().get(0).outcomes());
        assertTrue(before.streams().get(0).refusedBitmap().isEmpty());
    }

    @Test
    void strictReadingRejectsAnotherFormatVersionAndMissingNames(@TempDir Path dir) throws IOException {
        Path newer = Files.writeString(
                dir.resolve("newer.json"), "{\"formatVersion\": 2, \"peer\": \"s@h\", \"role\": \"sender\"}");
        IOException version = assertThrows(IOException.class, () -> PeerResult.read(newer));
        assertTrue(version.getMessage().contains("has formatVersion 2; this Maestro reads 1"), version.getMessage());

        Path nameless = Files.writeString(dir.resolve("nameless.json"), "{\"formatVersion\": 1, \"role\": \"sender\"}");
        IOException missing = assertThrows(IOException.class, () -> PeerResult.read(nameless));
        assertTrue(missing.getMessage().startsWith(nameless + " is not a readable peer result"), missing.getMessage());
    }

    @Test
    void tolerantReadingTakesWhatItCanFromANewerOrPartialResult(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve(PeerResult.FILE_NAME), """
                {"formatVersion": 2, "role": "receiver", "count": 3, "futureField": {"a": 1},
                 "streams": [{"connection": 1, "count": 3, "sequences": " %s\\n"}]}
                """.formatted(
                        PeerResult.Stream.encode(RoaringBitmap.bitmapOf(0, 1, 2))));

        PeerResult result = PeerResult.readTolerantly(file);

        assertEquals(2, result.formatVersion());
        assertEquals("", result.peer());
        assertEquals("receiver", result.role());
        assertEquals(3, result.count());
        assertEquals(0, result.errors());
        assertEquals("", result.streams().get(0).sender());
        assertEquals(RoaringBitmap.bitmapOf(0, 1, 2), result.streams().get(0).sequenceBitmap());
    }

    @Test
    void tolerantReadingNamesTheFileThatIsNotAResult(@TempDir Path dir) throws IOException {
        Path file = Files.writeString(dir.resolve(PeerResult.FILE_NAME), "[1, 2]");
        IOException e = assertThrows(IOException.class, () -> PeerResult.readTolerantly(file));
        assertTrue(e.getMessage().startsWith(file + " is not a valid peer-result.json"), e.getMessage());
    }

    @Test
    void sequencesThatAreNotABitmapAreReportedWithTheStream() {
        PeerResult.Stream stream = new PeerResult.Stream("sender-1@host", 3, 1, 0, 0, 0, "not base64!");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, stream::sequenceBitmap);
        assertTrue(e.getMessage().startsWith("stream sender-1@host#3 has sequences"), e.getMessage());
    }

    @Test
    void writesAndReadsThePeerResultFormat(@TempDir Path directory) throws Exception {
        RoaringBitmap seen = RoaringBitmap.bitmapOf(1, 70_000, 5_000_000);
        PeerResult result = new PeerResult(
                1,
                "r@h",
                "receiver",
                0,
                1,
                0,
                seen.getCardinality(),
                0,
                2,
                0,
                List.of(new PeerResult.Stream(
                        "s@h", 3, seen.getCardinality(), 0, 2, 0, PeerResult.Stream.encode(seen))),
                "success",
                "");
        Path file = directory.resolve(PeerResult.FILE_NAME);
        result.write(file);
        String json = Files.readString(file);
        assertEquals(true, json.contains("\"formatVersion\" : 1"), json);
        assertEquals(false, json.contains("\"receiver\" :"), "no derived fields: " + json);
        PeerResult read = PeerResult.read(file);
        assertEquals(result, read);
        assertEquals(
                RoaringBitmap.bitmapOf(1, 70_000, 5_000_000),
                read.streams().get(0).sequenceBitmap());
    }
}

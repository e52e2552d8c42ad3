package org.maestro.common.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;

class StreamLedgerTest {
    private static PeerResult sender(String name, long... counts) {
        List<PeerResult.Stream> streams = new java.util.ArrayList<>();
        for (int i = 0; i < counts.length; i++) {
            streams.add(new PeerResult.Stream(name, i, counts[i], 0, 0, 0, null));
        }
        return new PeerResult(1, name, "sender", 0, 1, 0, 0, 0, 0, 0, streams, "success", "");
    }

    private static PeerResult receiver(String name, String sender, int connection, RoaringBitmap seen,
            long ownDuplicates) {
        return new PeerResult(1, name, "receiver", 0, 1, 0, seen.getCardinality(), 0, ownDuplicates, 0,
                List.of(new PeerResult.Stream(sender, connection, seen.getCardinality(), 0, ownDuplicates, 0,
                        PeerResult.Stream.encode(seen))), "success", "");
    }

    @Test
    void lostSplitsIntoRefusedMessagesNobodyReceivedAndVanishedOnes() {
        RoaringBitmap refused = RoaringBitmap.bitmapOf(2, 3, 7);     // 7 was refused and yet received
        PeerResult sender = new PeerResult(1, "s@h", "sender", 0, 1, 0, 10, 3, 0, 0,
                List.of(new PeerResult.Stream("s@h", 0, 10, 3, 0, 0, null, new OutcomeCounts(7, 3, 0, 0, 0),
                        PeerResult.Stream.encode(refused))), "success", "", new OutcomeCounts(7, 3, 0, 0, 0));
        RoaringBitmap seen = RoaringBitmap.bitmapOf(0, 1, 4, 5, 7, 8);  // 2, 3 refused; 6, 9 vanished
        StreamLedger.Tally total = StreamLedger.of(List.of(sender, receiver("r@h", "s@h", 0, seen, 0))).total();
        assertEquals(4, total.lost());
        assertEquals(2, total.refused());
        assertEquals(2, total.vanished());
        assertEquals(total.sent(), total.received() + total.refused() + total.vanished());
    }

    @Test
    void unionsTheReceiversOfAnAddressPerStream() {
        RoaringBitmap first = RoaringBitmap.bitmapOf(0, 1, 2, 3, 4);
        RoaringBitmap second = RoaringBitmap.bitmapOf(4, 5, 6, 8, 12); // 4 twice across receivers; 12 not sent
        StreamLedger ledger = StreamLedger.of(List.of(sender("s@h", 10, 3),
                receiver("r1@h", "s@h", 0, first, 1), receiver("r2@h", "s@h", 0, second, 0)));

        StreamLedger.Tally zero = ledger.streams().get(0);
        assertEquals(10, zero.sent());
        assertEquals(9, zero.received(), "|∪| = {0,1,2,3,4,5,6,8,12}");
        assertEquals(10 - 8, zero.lost(), "7 and 9 missing; 12 is outside [0, sent)");
        assertEquals(2, zero.duplicates(), "4 at both receivers, plus one duplicate inside r1");
        StreamLedger.Tally one = ledger.streams().get(1);
        assertEquals(3, one.lost(), "nothing of connection 1 arrived");

        StreamLedger.Tally total = ledger.total();
        assertEquals(13, total.sent());
        assertEquals(5, total.lost());
    }

    @Test
    void saysSentAndLostAreUnknownWithoutTheSenderResult() {
        StreamLedger.Tally total = StreamLedger.of(List.of(
                receiver("r@h", "s@h", 0, RoaringBitmap.bitmapOf(0, 1), 0))).total();
        assertEquals(-1, total.sent());
        assertEquals(-1, total.lost());
        assertEquals(2, total.received());
    }

    @Test
    void writesAndReadsThePeerResultFormat(@TempDir Path directory) throws Exception {
        PeerResult result = receiver("r@h", "s@h", 3, RoaringBitmap.bitmapOf(1, 70_000, 5_000_000), 2);
        Path file = directory.resolve(PeerResult.FILE_NAME);
        result.write(file);
        String json = Files.readString(file);
        assertEquals(true, json.contains("\"formatVersion\" : 1"), json);
        assertEquals(false, json.contains("\"receiver\" :"), "no derived fields: " + json);
        PeerResult read = PeerResult.read(file);
        assertEquals(result, read);
        assertEquals(RoaringBitmap.bitmapOf(1, 70_000, 5_000_000), read.streams().get(0).sequenceBitmap());
    }
}

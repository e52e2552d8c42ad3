package org.maestro.common.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * STATS carries all ten fields in every reply: p50 and max after the first six (−1 when unknown), the warm-up flag,
 * the consumed total; a reply that ends before one of them is refused, naming the field and the peer.
 */
class StatsDistributionTest {

    private static final PeerInfo PEER = new PeerInfo("p1", "receiver-1", "h", "receiver");

    private static byte[] encode(Payload.Stats stats) {
        return NoteCodec.encode(Note.request(Command.STATS).reply(Command.STATS, stats, PEER));
    }

    private static Payload.Stats roundTrip(Payload.Stats stats) throws Exception {
        return (Payload.Stats) NoteCodec.decode(encode(stats)).payload();
    }

    @Test
    void p50AndMaxTravelAfterTheSixFields() throws Exception {
        Payload.Stats stats = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 300, 9000, false);
        Payload.Stats read = roundTrip(stats);
        assertEquals(stats, read);
        assertTrue(read.hasDistribution());
    }

    @Test
    void statsOfAPeerWithoutThemTravelAsUnknown() throws Exception {
        Payload.Stats without = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8);
        Payload.Stats read = roundTrip(without);
        assertEquals(without, read);
        assertFalse(read.hasDistribution());
        assertEquals(Payload.Stats.UNKNOWN, read.latencyP50Micros());
        assertEquals(Payload.Stats.UNKNOWN, read.latencyMaxMicros());
        assertEquals(Payload.Stats.UNKNOWN, read.consumed());
    }

    @Test
    void theWarmUpFlagTravelsInEveryReplyBeforeTheConsumedTotal() throws Exception {
        Payload.Stats warmUp = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 300, 9000, true);
        Payload.Stats measured = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 300, 9000, false);
        assertEquals(warmUp, roundTrip(warmUp));
        assertTrue(roundTrip(warmUp).warmUpLatency());
        assertFalse(roundTrip(measured).warmUpLatency());
        byte[] marked = encode(warmUp);
        byte[] unmarked = encode(measured);
        // the same fields up to max, then MessagePack's true for its false, then the unknown consumed total (−1)
        assertArrayEquals(
                Arrays.copyOfRange(unmarked, unmarked.length - 22, unmarked.length - 2),
                Arrays.copyOfRange(marked, marked.length - 22, marked.length - 2));
        assertEquals(unmarked.length, marked.length);
        assertEquals((byte) 0xc2, unmarked[unmarked.length - 2]);
        assertEquals((byte) 0xc3, marked[marked.length - 2]);
        assertEquals((byte) 0xff, marked[marked.length - 1]);
    }

    @ParameterizedTest
    @CsvSource({"4, latency p50", "3, latency max", "2, warm-up flag", "1, consumed total"})
    void aReplyThatEndsBeforeAFieldIsRefusedNamingTheFieldAndThePeer(int cut, String field) {
        // each of the last four fields fits in one byte here
        byte[] whole = encode(new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 1, 2, false).withConsumed(3));

        MalformedNoteException refused = assertThrows(
                MalformedNoteException.class, () -> NoteCodec.decode(Arrays.copyOf(whole, whole.length - cut)));

        assertTrue(
                refused.getMessage().startsWith("STATS payload ends before its " + field + ", a required field"),
                refused.getMessage());
        assertEquals(Optional.of(PEER), refused.sender());
    }
}

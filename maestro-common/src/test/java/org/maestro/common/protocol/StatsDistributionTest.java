package org.maestro.common.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * STATS carries p50 and max after its six fields when the peer has them, and reads as before without them; a true
 * after them says the latencies are of warm-up messages.
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
        Payload.Stats stats = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 300, 9000);
        Payload.Stats read = roundTrip(stats);
        assertEquals(stats, read);
        assertTrue(read.hasDistribution());
    }

    @Test
    void statsOfAPeerWithoutThemEncodeAsBeforeAndReadAsUnknown() throws Exception {
        Payload.Stats older = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8);
        Payload.Stats read = roundTrip(older);
        assertFalse(read.hasDistribution());
        assertEquals(Payload.Stats.UNKNOWN, read.latencyP50Micros());
        Note request = Note.request(Command.STATS);
        byte[] withDistribution = NoteCodec.encode(
                request.reply(Command.STATS, new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 1, 2), PEER));
        byte[] without = NoteCodec.encode(request.reply(Command.STATS, older, PEER));
        assertEquals(without.length + 2, withDistribution.length, "two small integers follow");
        // the same note up to the payload's sixth field, then p50 and max
        assertArrayEquals(
                Arrays.copyOfRange(without, without.length - 10, without.length),
                Arrays.copyOfRange(withDistribution, without.length - 10, without.length));
    }

    @Test
    void latenciesOfTheWarmUpAreMarkedByOneMoreFieldOnlyWhenTheyAre() throws Exception {
        Payload.Stats warmUp = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 300, 9000, true);
        Payload.Stats measured = new Payload.Stats("receiver", 4, 5, 6.5, 700, 8, 300, 9000);
        assertEquals(warmUp, roundTrip(warmUp));
        assertTrue(roundTrip(warmUp).warmUpLatency());
        assertFalse(roundTrip(measured).warmUpLatency());
        Note request = Note.request(Command.STATS);
        byte[] marked = NoteCodec.encode(request.reply(Command.STATS, warmUp, PEER));
        byte[] unmarked = NoteCodec.encode(request.reply(Command.STATS, measured, PEER));
        assertEquals(unmarked.length + 1, marked.length, "one boolean follows");
        // the same fields up to max, then MessagePack's true
        assertArrayEquals(
                Arrays.copyOfRange(unmarked, unmarked.length - 20, unmarked.length),
                Arrays.copyOfRange(marked, marked.length - 21, marked.length - 1));
        assertEquals((byte) 0xc3, marked[marked.length - 1]);
    }
}

package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The sequence numbers of one stream: duplicates, out-of-order arrivals and untrackable numbers counted apart. */
class StreamSequencesTest {
    @Test
    void countsDuplicatesAndOutOfOrderArrivalsApart() {
        StreamSequences stream = new StreamSequences();
        for (long sequence : new long[] {0, 1, 2, 5, 3, 3, 5, 4, 6, 0}) {
            stream.record(sequence);
        }
        assertEquals(7, stream.seen().getCardinality(), "0-6 seen");
        assertEquals(2, stream.outOfOrder(), "3 and 4 came after 5");
        assertEquals(3, stream.duplicates(), "3, 5 and 0 again");
        assertEquals(0, stream.errors());
    }

    @Test
    void countsSequenceNumbersItCannotTrackAsErrors() {
        StreamSequences stream = new StreamSequences();
        stream.record(-1);
        stream.record(1L << 32);
        stream.record(0xFFFF_FFFFL);
        assertEquals(2, stream.errors());
        assertEquals(1, stream.seen().getCardinality());
    }
}

package org.maestro.worker.bench;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sequence numbers a bare loop's receivers got, per sending connection (stream): where they sit in a body (the
 * stream in bytes 8–11, the sequence number in bytes 12–19, after the {@link BareStamp} time), how many of each
 * stream arrived, which arrived twice, and which no sender can have sent. Receivers of any thread may record.
 */
final class SequenceTally {
    private static final int STREAM_OFFSET = 8;
    private static final int SEQUENCE_OFFSET = 12;
    /** The smallest body that carries a time, a stream and a sequence number. */
    static final int MIN_BODY = SEQUENCE_OFFSET + 8;

    private final BitSet[] seen;
    private final long[] received;
    private final AtomicLong duplicates = new AtomicLong();
    private final AtomicLong foreign = new AtomicLong();

    SequenceTally(int streams) {
        seen = new BitSet[streams];
        received = new long[streams];
        for (int i = 0; i < streams; i++) {
            seen[i] = new BitSet();
        }
    }

    /** Writes the stream and sequence number of a message in its body. */
    static void put(byte[] body, int stream, long sequence) {
        for (int i = 3; i >= 0; i--) {
            body[STREAM_OFFSET + i] = (byte) stream;
            stream >>>= 8;
        }
        for (int i = 7; i >= 0; i--) {
            body[SEQUENCE_OFFSET + i] = (byte) sequence;
            sequence >>>= 8;
        }
    }

    /** Counts the message whose body is {@code length} bytes of {@code array} from {@code offset}. */
    void record(byte[] array, int offset, int length) {
        if (length < MIN_BODY) {
            foreign.incrementAndGet();
            return;
        }
        int stream = (int) read(array, offset + STREAM_OFFSET, 4);
        long sequence = read(array, offset + SEQUENCE_OFFSET, 8);
        if (stream < 0 || stream >= seen.length || sequence < 0 || sequence > Integer.MAX_VALUE) {
            foreign.incrementAndGet();
            return;
        }
        synchronized (seen[stream]) {
            if (seen[stream].get((int) sequence)) {
                duplicates.incrementAndGet();
            } else {
                seen[stream].set((int) sequence);
                received[stream]++;
            }
        }
    }

    private static long read(byte[] array, int offset, int bytes) {
        long value = 0;
        for (int i = 0; i < bytes; i++) {
            value = value << 8 | (array[offset + i] & 0xFF);
        }
        return value;
    }

    /** The distinct messages of stream {@code stream} received so far. */
    long received(int stream) {
        synchronized (seen[stream]) {
            return received[stream];
        }
    }

    /** Messages received a second time. */
    long duplicates() {
        return duplicates.get();
    }

    /**
     * Messages that no sender of this loop sent: too short, of an unknown stream, or with a sequence number at or
     * beyond the count its stream sent ({@code sent[stream]}).
     */
    long outOfRange(long[] sent) {
        long count = foreign.get();
        for (int stream = 0; stream < seen.length; stream++) {
            synchronized (seen[stream]) {
                int from = (int) Math.min(sent[stream], Integer.MAX_VALUE);
                count += seen[stream]
                        .get(from, Math.max(from, seen[stream].length()))
                        .cardinality();
            }
        }
        return count;
    }
}

package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * What a receiver's recorder counts: stamped messages of its own run, not priming messages nor messages of another
 * run; and that every message is activity for a drain.
 */
class ReceiveRecorderTest {
    private static final int RUN = MessageStamp.runTag("run-b");
    private static final int EARLIER_RUN = MessageStamp.runTag("run-a");

    private static byte[] prepared(byte[] name, int connection) {
        return prepared(name, connection, 0);
    }

    private static byte[] prepared(byte[] name, int connection, int runTag) {
        byte[] body = new byte[64];
        MessageStamp.writeFixed(body, name, connection, runTag);
        return body;
    }

    @Test
    void ignoresPrimingMessages() {
        byte[] name = MessageStamp.nameBytes("sender-1");
        ReceiveRecorder recorder =
                new ReceiveRecorder(new SingleWriterLatencyRecorder(), new SingleWriterLatencyRecorder());
        byte[] body = prepared(name, 0);
        for (long i = 0; i < 3; i++) {
            MessageStamp.writePriming(body, i, 1_000);
            recorder.record(body.clone(), 2_000);
        }
        MessageStamp.writeMessage(body, 0, 5_000, 5_000, false);
        recorder.record(body.clone(), 6_000);
        MessageStamp.writePriming(body, 3, 8_000);
        recorder.record(body.clone(), 9_000);

        assertEquals(1, recorder.received(), "only the test's message");
        assertEquals(0, recorder.errors(), "a priming message is not a foreign message");
        assertEquals(9_000, recorder.lastReceiveMicros(), "priming messages are no arrivals, but activity");
        var streams = recorder.streams();
        assertEquals(1, streams.size());
        StreamSequences stream = streams.values().iterator().next();
        assertEquals(0, stream.duplicates(), "priming numbers do not collide with the test's sequence numbers");
    }

    @Test
    void countsMessagesOfAnotherRunAsStaleAndNothingElse() {
        SingleWriterLatencyRecorder response = new SingleWriterLatencyRecorder();
        ReceiveRecorder recorder =
                new ReceiveRecorder(response, new SingleWriterLatencyRecorder(), null, new JitterRecorder(), RUN);
        byte[] name = MessageStamp.nameBytes("sender-1@host");
        byte[] earlier = prepared(name, 0, EARLIER_RUN);
        for (long i = 0; i < 5; i++) { // the earlier run's test messages, same sender and sequences
            MessageStamp.writeMessage(earlier, i, 1_000, 1_000, false);
            recorder.record(earlier.clone(), 2_000);
        }
        MessageStamp.writePriming(earlier, 0, 1_000);
        recorder.record(earlier.clone(), 2_100);
        byte[] older = prepared(name, 0, 0);
        older[1] = MessageStamp.VERSION_WITHOUT_RUN; // a header without run tag: always another run's
        recorder.record(older, 2_200);
        byte[] own = prepared(name, 0, RUN);
        for (long i = 0; i < 3; i++) {
            MessageStamp.writeMessage(own, i, 3_000, 3_000, false);
            recorder.record(own.clone(), 3_500);
        }
        MessageStamp.writePriming(own, 0, 3_000);
        recorder.record(own.clone(), 4_000);

        assertEquals(7, recorder.stale(), "5 test messages, 1 priming message, 1 older header");
        assertEquals(3, recorder.received());
        assertEquals(0, recorder.errors());
        assertEquals(4_000, recorder.lastReceiveMicros());
        StreamSequences stream = recorder.streams().values().iterator().next();
        assertEquals(3, stream.seen().getLongCardinality());
        assertEquals(0, stream.duplicates(), "sequences 0-2 of the earlier run are no duplicates");
        Histogram measured = SingleWriterLatencyRecorder.newHistogram();
        response.drainInto(measured, SingleWriterLatencyRecorder.newHistogram());
        assertEquals(3, measured.getTotalCount(), "only the run's own messages are measured");
        assertEquals(500, measured.getMaxValue(), "none of the earlier run's 1000 µs latencies");
    }

    @Test
    void primingMessagesAreMarkedAsWarmUpForOlderReceivers() {
        byte[] body = prepared(MessageStamp.nameBytes("s"), 1);
        MessageStamp.writePriming(body, 7, 42);
        assertEquals(true, MessageStamp.priming(body));
        assertEquals(true, MessageStamp.warmUp(body));
        assertEquals(7, MessageStamp.sequence(body));
        MessageStamp.writeMessage(body, 8, 50, 51, false);
        assertEquals(false, MessageStamp.priming(body), "a test message written over a priming one");
    }
}

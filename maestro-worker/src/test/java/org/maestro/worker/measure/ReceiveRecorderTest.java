package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** What a receiver's recorder counts: stamped messages of the test, not priming messages. */
class ReceiveRecorderTest {

    private static byte[] prepared(byte[] name, int connection) {
        byte[] body = new byte[64];
        MessageStamp.writeFixed(body, name, connection);
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
        assertEquals(6_000, recorder.lastReceiveMicros(), "priming messages do not count as arrivals");
        var streams = recorder.streams();
        assertEquals(1, streams.size());
        StreamSequences stream = streams.values().iterator().next();
        assertEquals(0, stream.duplicates(), "priming numbers do not collide with the test's sequence numbers");
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

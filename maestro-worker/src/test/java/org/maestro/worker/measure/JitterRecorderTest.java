package org.maestro.worker.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.worker.HistogramLogs;

/** Inter-arrival jitter of known arrivals, through a receive recorder into the two interval logs. */
class JitterRecorderTest {
    private static final long T = 10_000; // 100 messages/s
    private static final long START = 1_732_262_400_000_000L;

    @TempDir
    Path directory;

    @Test
    void recordsLateAndEarlyJitterPerStreamAgainstTheIntendedInterval() throws Exception {
        LatencyLog late = new LatencyLog(directory.resolve(JitterRecorder.LATE + ".hlog"), START / 1000);
        LatencyLog early = new LatencyLog(directory.resolve(JitterRecorder.EARLY + ".hlog"), START / 1000);
        JitterRecorder jitter = new JitterRecorder(late.newRecorder(), early.newRecorder());
        ReceiveRecorder recorder = new ReceiveRecorder(
                new SingleWriterLatencyRecorder(), new SingleWriterLatencyRecorder(), null, jitter, 0);
        Sender a = new Sender("sender-a", 0);
        Sender b = new Sender("sender-b", 3);

        // stream a: on time, 300 µs late, a 2 s stall, then a burst of three messages 1 ms apart
        recorder.record(a.message(0, true), START + 500);
        recorder.record(a.message(1, true), START + T + 500); // J = 0, warm-up
        recorder.record(a.message(2, false), START + 2 * T + 800); // J = +300
        recorder.record(a.message(3, false), START + 3 * T + 2_000_000); // J = +2 s − 800 µs
        recorder.record(a.message(4, false), START + 3 * T + 2_001_000); // J = 1 ms − T = −9 ms
        recorder.record(a.message(5, false), START + 3 * T + 2_002_000); // J = −9 ms
        // stream b, interleaved: messages 0 and 1, then 3 (2 went elsewhere: its interval is not jitter)
        recorder.record(b.message(0, false), START + 100);
        recorder.record(b.message(1, false), START + T + 100); // J = 0
        recorder.record(b.message(3, false), START + 3 * T + 50); // J = −50
        // a message without a Maestro header is an error, not an arrival
        recorder.record(new byte[] {1, 2, 3}, START + 4 * T);
        late.writeInterval(START / 1000, START / 1000 + 3000);
        early.writeInterval(START / 1000, START / 1000 + 3000);
        late.close();
        early.close();

        Histogram[] lateParts = HistogramLogs.measuredAndWarmUp(directory.resolve("jitter-late.hlog"));
        Histogram[] earlyParts = HistogramLogs.measuredAndWarmUp(directory.resolve("jitter-early.hlog"));
        // one value per arrival after the first of each stream: 9 stamped messages, 2 streams
        assertEquals(
                9 - 2,
                lateParts[0].getTotalCount()
                        + lateParts[1].getTotalCount()
                        + earlyParts[0].getTotalCount()
                        + earlyParts[1].getTotalCount());
        assertEquals(1, lateParts[1].getTotalCount(), "the warm-up value is tagged");
        assertEquals(0, lateParts[1].getMaxValue());
        // measured late: 300 µs, the stall (message 3 received 2 s after its intended time, its predecessor 800 µs
        // after its own) and 0 (stream b)
        assertEquals(3, lateParts[0].getTotalCount());
        long stall = 2_000_000 + 3 * T - (2 * T + 800) - T;
        assertTrue(
                lateParts[0].valuesAreEquivalent(stall, lateParts[0].getMaxValue()),
                "max " + lateParts[0].getMaxValue() + " is the stall's " + stall);
        assertEquals(1, lateParts[0].getCountAtValue(300));
        assertEquals(1, lateParts[0].getCountAtValue(0));
        // measured early: the burst (9 ms twice) and stream b's 50 µs
        assertEquals(3, earlyParts[0].getTotalCount());
        assertEquals(2, earlyParts[0].getCountAtValue(9_000));
        assertEquals(1, earlyParts[0].getCountAtValue(50));
        assertEquals(0, earlyParts[1].getTotalCount());
        assertEquals(1, recorder.errors());
    }

    /** Message bodies of one sender connection at 100 messages/s from {@link #START}. */
    private static final class Sender {
        private final byte[] name;
        private final int connection;

        Sender(String name, int connection) {
            this.name = MessageStamp.nameBytes(name);
            this.connection = connection;
        }

        byte[] message(long sequence, boolean warmUp) {
            byte[] body = new byte[MessageStamp.headerSize(name) + 16];
            MessageStamp.writeFixed(body, name, connection, 0);
            long intended = START + sequence * T;
            MessageStamp.writeMessage(body, sequence, intended, intended, warmUp);
            return body;
        }
    }
}

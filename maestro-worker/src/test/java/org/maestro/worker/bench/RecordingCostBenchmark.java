package org.maestro.worker.bench;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Recorder;
import org.maestro.worker.measure.JitterRecorder;
import org.maestro.worker.measure.MessageStamp;
import org.maestro.worker.measure.ReceiveRecorder;
import org.maestro.worker.measure.SingleWriterLatencyRecorder;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost per message of Maestro's measuring, in ns: on the receiving side reading the header, recording response
 * and service time and tracking the sequence number (and, at a fixed rate, the jitter); on the sending side stamping the header and recording the send
 * delay; and, for scale, one bare HdrHistogram record. Run by {@code bench/worker-overhead.sh}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RecordingCostBenchmark {
    private static final int STREAMS = 2;

    private ReceiveRecorder receiver;
    private ReceiveRecorder fixedRateReceiver;
    private SingleWriterLatencyRecorder sendDelay;
    private Recorder bare;
    private byte[][] bodies;
    private long sequence;
    private long clock;

    @Setup
    public void setUp() {
        receiver = new ReceiveRecorder(new SingleWriterLatencyRecorder(), new SingleWriterLatencyRecorder());
        fixedRateReceiver = new ReceiveRecorder(
                new SingleWriterLatencyRecorder(), new SingleWriterLatencyRecorder(), null, new JitterRecorder(), 0);
        sendDelay = new SingleWriterLatencyRecorder();
        bare = new Recorder(SingleWriterLatencyRecorder.HIGHEST_MICROS, SingleWriterLatencyRecorder.DIGITS);
        bodies = new byte[STREAMS][256];
        for (int i = 0; i < STREAMS; i++) {
            MessageStamp.writeFixed(bodies[i], MessageStamp.nameBytes("sender-1@bench-host"), i, 0);
        }
        clock = 1_732_262_400_000_000L;
    }

    /** Receiving side: header, two latencies, sequence tracking (messages of two interleaved streams). */
    @Benchmark
    public long receiveRecording() {
        long n = sequence++;
        byte[] body = bodies[(int) (n & 1)];
        clock += 50;
        MessageStamp.writeMessage(body, n >>> 1, clock - 700 - (n & 1023), clock - 300, false);
        receiver.record(body, clock);
        return receiver.received();
    }

    /** Receiving side at a fixed rate: the same, plus the inter-arrival jitter of each stream. */
    @Benchmark
    public long receiveRecordingWithJitter() {
        long n = sequence++;
        byte[] body = bodies[(int) (n & 1)];
        clock += 50 + (n & 7);
        MessageStamp.writeMessage(body, n >>> 1, clock - 700 - (n & 1023), clock - 300, false);
        fixedRateReceiver.record(body, clock);
        return fixedRateReceiver.received();
    }

    /** Sending side: stamping the header and recording the send delay. */
    @Benchmark
    public byte[] sendStamping() {
        long n = sequence++;
        byte[] body = bodies[0];
        clock += 50;
        MessageStamp.writeMessage(body, n, clock - (n & 1023), clock, false);
        sendDelay.record(n & 1023, false);
        return body;
    }

    /** For scale: one value into an HdrHistogram {@link Recorder}. */
    @Benchmark
    public void hdrRecordOnly() {
        bare.recordValue(sequence++ & 1023);
    }
}

package org.maestro.worker.measure;

/**
 * Records the inter-arrival jitter of the streams one receiver connection gets, in microseconds: late values
 * (J ≥ 0, a gap longer than intended) and early values (J &lt; 0, recorded as −J) in two
 * {@link SingleWriterLatencyRecorder}s, each keeping warm-up values apart. Single writer (the connection's delivery
 * thread); the interval writer drains the two recorders from its own thread.
 *
 * <p>For two messages of one stream (sender + connection) received one after the other on this connection,
 * {@code J = (t'_n − t'_p) − (i_n − i_p)}, where {@code t'} is the receive time and {@code i} the intended send
 * time the message carries. At a fixed rate the intended times of consecutive messages are {@code T = 1 / RATE}
 * apart, so this is {@code J_n = t'_n − t'_{n−1} − T}; when messages in between went missing or to another
 * receiver, their intended interval is subtracted too, so a gap in the sequence is not taken for jitter.
 *
 * <pre>{@code
 * JitterRecorder jitter = new JitterRecorder(lateLog.newRecorder(), earlyLog.newRecorder());
 * ReceiveRecorder recorder = new ReceiveRecorder(response, service, silences, jitter, runTag);
 * }</pre>
 */
public final class JitterRecorder {
    /** The log of late values (J ≥ 0), without {@code .hlog}. */
    public static final String LATE = "jitter-late";
    /** The log of early values (−J for J &lt; 0), without {@code .hlog}. */
    public static final String EARLY = "jitter-early";

    private final SingleWriterLatencyRecorder late;
    private final SingleWriterLatencyRecorder early;

    public JitterRecorder(SingleWriterLatencyRecorder late, SingleWriterLatencyRecorder early) {
        this.late = late;
        this.early = early;
    }

    /** A recorder with recorders of its own, to add to the logs with {@link LatencyLog#add}. */
    public JitterRecorder() {
        this(new SingleWriterLatencyRecorder(), new SingleWriterLatencyRecorder());
    }

    /** Records one jitter value in µs, late or early by its sign. */
    public void record(long jitterMicros, boolean duringWarmUp) {
        if (jitterMicros >= 0) {
            late.record(jitterMicros, duringWarmUp);
        } else {
            early.record(-jitterMicros, duringWarmUp);
        }
    }

    /** The recorder of late values (J ≥ 0). */
    public SingleWriterLatencyRecorder late() {
        return late;
    }

    /** The recorder of early values (−J for J &lt; 0). */
    public SingleWriterLatencyRecorder early() {
        return early;
    }

    /**
     * The last arrival of one stream on one connection: its receive and intended send time. Single writer, like
     * the recorder that owns it.
     */
    static final class StreamArrival {
        private boolean seen;
        private long receiveMicros;
        private long intendedMicros;

        /** Records this arrival; from the second arrival on, also the jitter against the one before. */
        void arrive(JitterRecorder jitter, long receive, long intended, boolean duringWarmUp) {
            if (seen) {
                jitter.record((receive - receiveMicros) - (intended - intendedMicros), duringWarmUp);
            }
            seen = true;
            receiveMicros = receive;
            intendedMicros = intended;
        }
    }
}

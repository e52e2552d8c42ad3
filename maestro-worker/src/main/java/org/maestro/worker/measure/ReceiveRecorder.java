package org.maestro.worker.measure;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures each message one receiver connection gets: response time (receive − intended send time) and service
 * time (receive − actual send time) into {@link SingleWriterLatencyRecorder}s, the sequence numbers per stream
 * into {@link StreamSequences} and, at a fixed rate, the inter-arrival jitter per stream into a
 * {@link JitterRecorder}. Only messages of its own run count: a message whose run tag is another run's is counted
 * as stale and nothing else. Every message, of whatever kind, is activity ({@link #lastReceiveMicros()}), so that a
 * drain does not end while the receiver is still working through a backlog. Single writer (the connection's
 * delivery thread); {@link #received()}, {@link #stale()}, {@link #errors()} and {@link #lastReceiveMicros()} may be
 * read from any thread, the streams only after the writer stopped.
 *
 * <pre>{@code
 * ReceiveRecorder recorder = new ReceiveRecorder(responseLog.newRecorder(), serviceLog.newRecorder());
 * connection.createConsumer(recorder::record);
 * }</pre>
 */
public final class ReceiveRecorder {
    /** A stream's sender and connection index. */
    public record StreamId(String sender, int connection) {}

    /** The streams of one sender, by connection index. */
    private static final class SenderStreams {
        final String sender;
        final byte[] nameBytes;
        StreamSequences[] byConnection = new StreamSequences[8];
        JitterRecorder.StreamArrival[] arrivals;

        SenderStreams(String sender) {
            this.sender = sender;
            this.nameBytes = sender.getBytes(StandardCharsets.UTF_8);
        }

        StreamSequences get(int connection) {
            if (connection >= byConnection.length) {
                byConnection = Arrays.copyOf(byConnection, Math.max(connection + 1, byConnection.length * 2));
            }
            StreamSequences stream = byConnection[connection];
            if (stream == null) {
                stream = new StreamSequences();
                byConnection[connection] = stream;
            }
            return stream;
        }

        /** The last arrival of that connection; {@link #get} has made room for its index. */
        JitterRecorder.StreamArrival arrival(int connection) {
            if (arrivals == null || arrivals.length < byConnection.length) {
                arrivals = arrivals == null
                        ? new JitterRecorder.StreamArrival[byConnection.length]
                        : Arrays.copyOf(arrivals, byConnection.length);
            }
            JitterRecorder.StreamArrival arrival = arrivals[connection];
            if (arrival == null) {
                arrival = new JitterRecorder.StreamArrival();
                arrivals[connection] = arrival;
            }
            return arrival;
        }
    }

    private final SingleWriterLatencyRecorder responseTime;
    private final SingleWriterLatencyRecorder serviceTime;
    private final Map<String, SenderStreams> senders = new LinkedHashMap<>();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong stale = new AtomicLong();
    private final AtomicLong consumed = new AtomicLong();
    private final AtomicLong lastReceiveMicros = new AtomicLong();
    private final AtomicLong firstReceiveMicros = new AtomicLong();
    private final ByteCount bytes = new ByteCount();
    private final SilenceLog silences;
    private final JitterRecorder jitter;
    private final int runTag;
    private SenderStreams lastSender;
    // the writer's; read once it stopped
    private long firstMeasuredMicros;
    private long lastMeasuredMicros;

    /** A recorder of messages without a run tag (sent without RUN_ID). */
    public ReceiveRecorder(SingleWriterLatencyRecorder responseTime, SingleWriterLatencyRecorder serviceTime) {
        this(responseTime, serviceTime, null);
    }

    /** A recorder that also tells {@code silences} of every message. */
    public ReceiveRecorder(
            SingleWriterLatencyRecorder responseTime, SingleWriterLatencyRecorder serviceTime, SilenceLog silences) {
        this(responseTime, serviceTime, silences, null, 0);
    }

    /**
     * A recorder that also tells {@code silences} of every message (when not null) and records the inter-arrival
     * jitter of each stream into {@code jitter} (when not null: receivers at a fixed rate), counting only messages
     * whose run tag is {@code runTag} ({@link MessageStamp#runTag(String)} of the run's RUN_ID).
     */
    public ReceiveRecorder(
            SingleWriterLatencyRecorder responseTime,
            SingleWriterLatencyRecorder serviceTime,
            SilenceLog silences,
            JitterRecorder jitter,
            int runTag) {
        this.runTag = runTag;
        this.responseTime = responseTime;
        this.serviceTime = serviceTime;
        this.silences = silences;
        this.jitter = jitter;
    }

    /** Connection indexes above this are not believed (PARALLEL_COUNT is at most 10000). */
    static final int MAX_CONNECTION = 100_000;

    /**
     * Records one message; a body without a Maestro header counts as an error. A message of another run (another
     * run tag, or a header without one) counts as stale and nothing else. A priming message of this run (sent
     * before its sender's timeline) is not counted, measured or tracked. Each is activity.
     */
    public void record(byte[] body, long receiveMicros) {
        lastReceiveMicros.lazySet(receiveMicros);
        consumed.lazySet(consumed.get() + 1);
        if (MessageStamp.isStamped(body)) {
            if (MessageStamp.runTag(body) != runTag) {
                stale.lazySet(stale.get() + 1);
                return;
            }
            if (MessageStamp.priming(body)) {
                return;
            }
        } else if (MessageStamp.isWithoutRun(body)) {
            stale.lazySet(stale.get() + 1);
            return;
        }
        if (firstReceiveMicros.get() == 0) {
            firstReceiveMicros.lazySet(receiveMicros);
        }
        if (silences != null) {
            silences.onMessage(receiveMicros);
        }
        if (!MessageStamp.isStamped(body)
                || MessageStamp.connection(body) < 0
                || MessageStamp.connection(body) > MAX_CONNECTION) {
            errors.lazySet(errors.get() + 1);
            return;
        }
        boolean warmUp = MessageStamp.warmUp(body);
        if (!warmUp) {
            if (firstMeasuredMicros == 0) {
                firstMeasuredMicros = receiveMicros;
            }
            lastMeasuredMicros = receiveMicros;
        }
        long intended = MessageStamp.intendedMicros(body);
        responseTime.record(receiveMicros - intended, warmUp);
        serviceTime.record(receiveMicros - MessageStamp.actualMicros(body), warmUp);
        SenderStreams streams = sender(body);
        int connection = MessageStamp.connection(body);
        streams.get(connection).record(MessageStamp.sequence(body));
        if (jitter != null) {
            streams.arrival(connection).arrive(jitter, receiveMicros, intended, warmUp);
        }
        bytes.add(body.length, !warmUp);
        received.lazySet(received.get() + 1);
    }

    /** The body bytes of the messages received so far, as {@link #received()} counts them. */
    public ByteCount bytes() {
        return bytes;
    }

    private SenderStreams sender(byte[] body) {
        SenderStreams last = lastSender;
        if (last != null && MessageStamp.nameEquals(body, last.nameBytes)) {
            return last;
        }
        String name = MessageStamp.sender(body);
        SenderStreams streams = senders.computeIfAbsent(name, SenderStreams::new);
        lastSender = streams;
        return streams;
    }

    /** Messages with a Maestro header recorded so far. */
    public long received() {
        return received.get();
    }

    /** Every message recorded so far, of whatever kind (this run's, priming, stale, unreadable). */
    public long consumed() {
        return consumed.get();
    }

    /** Messages of another run so far (priming ones included): neither received nor measured. */
    public long stale() {
        return stale.get();
    }

    /** Messages without a Maestro header so far. */
    public long errors() {
        return errors.get();
    }

    /** When the last message (of any kind) arrived, or 0. */
    public long lastReceiveMicros() {
        return lastReceiveMicros.get();
    }

    /** When the first message (of any kind) arrived, or 0. */
    public long firstReceiveMicros() {
        return firstReceiveMicros.get();
    }

    /** When the first measured message arrived (epoch µs), 0 when none did; read once the writer stopped. */
    public long firstMeasuredMicros() {
        return firstMeasuredMicros;
    }

    /** When the last measured message arrived (epoch µs), 0 when none did; read once the writer stopped. */
    public long lastMeasuredMicros() {
        return lastMeasuredMicros;
    }

    /** Copies of a message this connection had received already; read once the writer stopped. */
    public long duplicates() {
        long sum = 0;
        for (StreamSequences stream : streams().values()) {
            sum += stream.duplicates();
        }
        return sum;
    }

    /**
     * Sequence numbers below the highest this connection saw on each stream and that it did not get: lost when it is
     * its subscription's only consumer, else taken by another consumer. Read once the writer stopped.
     */
    public long missingBySequence() {
        long sum = 0;
        for (StreamSequences stream : streams().values()) {
            if (!stream.seen().isEmpty()) {
                sum += Integer.toUnsignedLong(stream.seen().last())
                        + 1
                        - stream.seen().getLongCardinality();
            }
        }
        return sum;
    }

    /** The streams seen, to read once the writer has stopped. */
    public Map<StreamId, StreamSequences> streams() {
        Map<StreamId, StreamSequences> streams = new LinkedHashMap<>();
        for (SenderStreams sender : senders.values()) {
            for (int i = 0; i < sender.byConnection.length; i++) {
                if (sender.byConnection[i] != null) {
                    streams.put(new StreamId(sender.sender, i), sender.byConnection[i]);
                }
            }
        }
        return streams;
    }
}

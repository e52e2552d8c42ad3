package org.maestro.worker.measure;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Measures each message one receiver connection gets: response time (receive − intended send time) and service
 * time (receive − actual send time) into {@link SingleWriterLatencyRecorder}s, and the sequence numbers per stream
 * into {@link StreamSequences}. Single writer (the connection's delivery thread); {@link #received()},
 * {@link #errors()} and {@link #lastReceiveMicros()} may be read from any thread, the streams only after the writer
 * stopped.
 *
 * <pre>{@code
 * ReceiveRecorder recorder = new ReceiveRecorder(responseLog.newRecorder(), serviceLog.newRecorder());
 * connection.createConsumer(recorder::record);
 * }</pre>
 */
public final class ReceiveRecorder {
    /** A stream's sender and connection index. */
    public record StreamId(String sender, int connection) {
    }

    /** The streams of one sender, by connection index. */
    private static final class SenderStreams {
        final String sender;
        final byte[] nameBytes;
        StreamSequences[] byConnection = new StreamSequences[8];

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
    }

    private final SingleWriterLatencyRecorder responseTime;
    private final SingleWriterLatencyRecorder serviceTime;
    private final Map<String, SenderStreams> senders = new LinkedHashMap<>();
    private final AtomicLong received = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final AtomicLong lastReceiveMicros = new AtomicLong();
    private final SilenceLog silences;
    private SenderStreams lastSender;

    public ReceiveRecorder(SingleWriterLatencyRecorder responseTime, SingleWriterLatencyRecorder serviceTime) {
        this(responseTime, serviceTime, null);
    }

    /** A recorder that also tells {@code silences} of every message. */
    public ReceiveRecorder(SingleWriterLatencyRecorder responseTime, SingleWriterLatencyRecorder serviceTime,
            SilenceLog silences) {
        this.responseTime = responseTime;
        this.serviceTime = serviceTime;
        this.silences = silences;
    }

    /** Connection indexes above this are not believed (PARALLEL_COUNT is at most 10000). */
    static final int MAX_CONNECTION = 100_000;

    /**
     * Records one message; a body without a Maestro header counts as an error. A priming message (sent before its
     * sender's timeline) is ignored: not counted, measured or tracked.
     */
    public void record(byte[] body, long receiveMicros) {
        if (MessageStamp.isStamped(body) && MessageStamp.priming(body)) {
            return;
        }
        lastReceiveMicros.lazySet(receiveMicros);
        if (silences != null) {
            silences.onMessage(receiveMicros);
        }
        if (!MessageStamp.isStamped(body) || MessageStamp.connection(body) < 0
                || MessageStamp.connection(body) > MAX_CONNECTION) {
            errors.lazySet(errors.get() + 1);
            return;
        }
        boolean warmUp = MessageStamp.warmUp(body);
        responseTime.record(receiveMicros - MessageStamp.intendedMicros(body), warmUp);
        serviceTime.record(receiveMicros - MessageStamp.actualMicros(body), warmUp);
        sender(body).get(MessageStamp.connection(body)).record(MessageStamp.sequence(body));
        received.lazySet(received.get() + 1);
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

    /** Messages without a Maestro header so far. */
    public long errors() {
        return errors.get();
    }

    /** When the last message (of any kind) arrived, or 0. */
    public long lastReceiveMicros() {
        return lastReceiveMicros.get();
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

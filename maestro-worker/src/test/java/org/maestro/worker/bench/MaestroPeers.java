package org.maestro.worker.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.DrainMode;
import org.maestro.common.protocol.Note;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.worker.RunOptions;
import org.maestro.worker.measure.LatencyLog;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** Runs one Maestro sender and one receiver in this JVM against a URL, driven as the client drives them. */
final class MaestroPeers {
    /** Response times of the measured messages received, and the messages sent in all (warm-up included). */
    record Measured(Histogram responseTime, long sent) {}

    private final RecordingPeerContext senderContext;
    private final RecordingPeerContext receiverContext;
    private final SenderRole sender = SenderRole.builder().build();
    private final ReceiverRole receiver = ReceiverRole.builder().build();

    private MaestroPeers(Map<String, String> options) throws IOException {
        Path root = Files.createTempDirectory("maestro-bench-");
        senderContext = new RecordingPeerContext("sender-1", "sender", root).set(options);
        receiverContext = new RecordingPeerContext("receiver-1", "receiver", root).set(options);
    }

    /** Starts the receiver, then the sender, with the options, their results in a new temporary directory. */
    static MaestroPeers start(Map<String, String> options) throws Exception {
        MaestroPeers peers = new MaestroPeers(options);
        peers.receiver.handle(Note.request(Command.START_RECEIVER), peers.receiverContext);
        peers.sender.handle(Note.request(Command.START_SENDER), peers.senderContext);
        return peers;
    }

    /** Waits for the sender's outcome. */
    RecordingPeerContext.Notification senderOutcome(Duration timeout) throws InterruptedException {
        return senderContext.awaitOutcome(timeout);
    }

    /** Stops the sender and waits for its outcome. */
    RecordingPeerContext.Notification stopSender(Duration timeout) throws Exception {
        sender.handle(Note.request(Command.STOP_SENDER), senderContext);
        return senderOutcome(timeout);
    }

    /** Drains the receiver and waits for its outcome. */
    RecordingPeerContext.Notification drain(Duration timeout) throws Exception {
        receiver.handle(Note.request(Command.DRAIN, DrainMode.QUIET.payload()), receiverContext);
        return receiverContext.awaitOutcome(timeout);
    }

    /**
     * Starts the receiver, then the sender, with {@code connections} connections each, {@code rate} msg/s per
     * connection (0: unbounded) and messages of {@code size} bytes, for {@code warmUp} s of warm-up and
     * {@code seconds} s measured; drains the receiver and reads both peers' histogram logs.
     */
    static Measured run(String url, int connections, int rate, int size, int warmUp, int seconds) throws Exception {
        Map<String, String> options = RunOptions.of(url, connections, rate, seconds + "s", "bench");
        options.put("MESSAGE_SIZE", Integer.toString(size));
        options.put("WARM_UP", warmUp + "s");
        MaestroPeers peers = start(options);
        report("sender", peers.senderOutcome(Duration.ofSeconds(warmUp + seconds + 120)));
        report("receiver", peers.drain(Duration.ofSeconds(180)));
        Histogram response = sum(peers.receiverContext.resultDirectory().resolve("response-time.hlog"), false);
        long sent = sum(peers.senderContext.resultDirectory().resolve("send-delay.hlog"), true)
                .getTotalCount();
        return new Measured(response, sent);
    }

    private static void report(String peer, RecordingPeerContext.Notification outcome) {
        if (outcome.command() == Command.NOTIFY_FAIL) {
            System.err.println("the Maestro " + peer + " failed: " + outcome.message());
        }
    }

    /** The sum of a log's measured intervals, or of all of them. */
    private static Histogram sum(Path log, boolean withWarmUp) throws IOException {
        Histogram total = new Histogram(3_600_000_000L, 3);
        HistogramLogReader reader = new HistogramLogReader(log.toFile());
        while (reader.hasNext()) {
            var interval = reader.nextIntervalHistogram();
            if (interval != null
                    && !LatencyLog.TOTAL_TAG.equals(interval.getTag())
                    && (withWarmUp || !LatencyLog.WARMUP_TAG.equals(interval.getTag()))) {
                total.add((Histogram) interval);
            }
        }
        return total;
    }
}

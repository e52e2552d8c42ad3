package org.maestro.worker.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.maestro.common.protocol.Command;
import org.maestro.common.protocol.Note;
import org.maestro.common.testing.RecordingPeerContext;
import org.maestro.worker.measure.LatencyLog;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/** Runs one Maestro sender and one receiver in this JVM against a URL, driven as the client drives them. */
final class MaestroPeers {
    /** Response times of the measured messages received, and the messages sent in all (warm-up included). */
    record Measured(Histogram responseTime, long sent) {}

    private MaestroPeers() {}

    /**
     * Starts the receiver, then the sender, with {@code connections} connections each, {@code rate} msg/s per
     * connection (0: unbounded) and messages of {@code size} bytes, for {@code warmUp} s of warm-up and
     * {@code seconds} s measured; drains the receiver and reads both peers' histogram logs.
     */
    static Measured run(String url, int connections, int rate, int size, int warmUp, int seconds) throws Exception {
        Path root = Files.createTempDirectory("maestro-bench-");
        Map<String, String> options = Map.of(
                "SEND_RECEIVE_URL",
                url,
                "PARALLEL_COUNT",
                Integer.toString(connections),
                "RATE",
                Integer.toString(rate),
                "MESSAGE_SIZE",
                Integer.toString(size),
                "TEST_DURATION",
                seconds + "s",
                "WARM_UP",
                warmUp + "s",
                "TEST_NAME",
                "bench");
        RecordingPeerContext senderContext = new RecordingPeerContext("sender-1", "sender", root).set(options);
        RecordingPeerContext receiverContext = new RecordingPeerContext("receiver-1", "receiver", root).set(options);
        SenderRole sender = SenderRole.builder().build();
        ReceiverRole receiver = ReceiverRole.builder().build();
        receiver.handle(Note.request(Command.START_RECEIVER), receiverContext);
        sender.handle(Note.request(Command.START_SENDER), senderContext);
        report("sender", senderContext.awaitOutcome(Duration.ofSeconds(warmUp + seconds + 120)));
        receiver.handle(Note.request(Command.DRAIN), receiverContext);
        report("receiver", receiverContext.awaitOutcome(Duration.ofSeconds(180)));
        Histogram response = sum(receiverContext.resultDirectory().resolve("response-time.hlog"), false);
        long sent = sum(senderContext.resultDirectory().resolve("send-delay.hlog"), true)
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
            if (interval != null && (withWarmUp || !LatencyLog.WARMUP_TAG.equals(interval.getTag()))) {
                total.add((Histogram) interval);
            }
        }
        return total;
    }
}

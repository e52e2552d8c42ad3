package org.maestro.reporter.fault;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.maestro.common.files.agent.AgentActions;
import org.maestro.common.files.agent.AgentActionsWriter;
import org.maestro.common.files.gaps.ReceiveGaps;
import org.maestro.common.files.gaps.ReceiveGapsWriter;
import org.maestro.common.files.rate.RateLog;
import org.maestro.common.files.rate.RateLogWriter;
import org.maestro.common.measure.OutcomeCounts;
import org.maestro.common.measure.PeerResult;
import org.maestro.reporter.SyntheticPeerResult;
import org.roaringbitmap.RoaringBitmap;

/**
 * A test iteration written second by second from arrays, with the writers the peers use: one sender, one receiver
 * and one agent. Second {@code i} is the rate row and latency interval that end at {@code T0 + (i + 1) s}; the test
 * starts at {@code T0}, warms up for {@link #WARMUP_SECONDS} and its measured part ends after the last second.
 */
final class FaultScenario {
    static final long T0 = 1_732_262_400_000L;
    static final int WARMUP_SECONDS = 2;
    /** Response times recorded per second. */
    static final int LATENCY_VALUES = 100;

    final long[] accepted;
    final long[] refused;
    final long[] received;
    /** The response time of every message of a second, µs; 0 records none. */
    final long[] latencyMicros;

    List<ReceiveGaps.Gap> gaps;
    final List<AgentActions.Row> actions = new ArrayList<>();
    /** Messages the receiver never got (the first ones); negative writes no peer-result.json (loss unknown). */
    long vanished = -1;

    long duplicates;

    FaultScenario(int seconds, long rate, long latency) {
        accepted = filled(seconds, rate);
        refused = new long[seconds];
        received = filled(seconds, rate);
        latencyMicros = filled(seconds, latency);
    }

    private static long[] filled(int length, long value) {
        long[] values = new long[length];
        Arrays.fill(values, value);
        return values;
    }

    int seconds() {
        return received.length;
    }

    /** Epoch ms of the end of second {@code i}. */
    static long endOf(int i) {
        return T0 + (i + 1) * 1000L;
    }

    /** The measured end: the end of the last second. */
    long measuredEnd() {
        return endOf(seconds() - 1);
    }

    FaultScenario set(long[] series, int from, int to, long value) {
        Arrays.fill(series, from, to, value);
        return this;
    }

    FaultScenario action(String command, long start, long end) {
        actions.add(new AgentActions.Row(
                Integer.toString(actions.size() + 1), command, start, end, "success", command + " done"));
        return this;
    }

    /** Writes {@code <root>/faults/0} and returns it. */
    Path write(Path root) throws IOException {
        return write(root, 0);
    }

    /** Writes {@code <root>/faults/<number>} and returns it. */
    Path write(Path root, int number) throws IOException {
        Path iteration = Files.createDirectories(root.resolve("faults/" + number));
        Path sender = peer(iteration, "sender-1@alpha", "sender");
        Path receiver = peer(iteration, "receiver-1@alpha", "receiver");
        Path agent = peer(iteration, "agent-1@sut", "agent");
        try (RateLogWriter rate = RateLogWriter.create(sender.resolve(RateLog.FILE_NAME))) {
            for (int i = 0; i < seconds(); i++) {
                boolean warmup = i < WARMUP_SECONDS;
                long count = accepted[i] + refused[i];
                rate.write(
                        endOf(i),
                        1000,
                        count,
                        warmup ? 0 : count,
                        0,
                        warmup,
                        new OutcomeCounts(accepted[i], refused[i], 0, 0, 0));
            }
        }
        try (RateLogWriter rate = RateLogWriter.create(receiver.resolve(RateLog.FILE_NAME))) {
            for (int i = 0; i < seconds(); i++) {
                boolean warmup = i < WARMUP_SECONDS;
                rate.write(endOf(i), 1000, received[i], warmup ? 0 : received[i], 0, warmup, null);
            }
        }
        if (gaps != null) {
            ReceiveGapsWriter.write(receiver.resolve(ReceiveGaps.FILE_NAME), 200, 0, gaps);
        }
        latencyLog(receiver.resolve("response-time.hlog"));
        AgentActionsWriter.write(agent, actions);
        if (vanished >= 0) {
            long sent = Arrays.stream(accepted).sum();
            SyntheticPeerResult.sender("sender-1@alpha", new OutcomeCounts(sent, 0, 0, 0, 0))
                    .times(T0, measuredEnd(), T0 + WARMUP_SECONDS * 1000L)
                    .stream(new PeerResult.Stream(
                            "sender-1@alpha", 0, sent, 0, 0, 0, null, new OutcomeCounts(sent, 0, 0, 0, 0), null))
                    .verdict(PeerResult.SUCCESS, "sent")
                    .writeIn(sender);
            RoaringBitmap got = new RoaringBitmap();
            got.add(vanished, sent);
            SyntheticPeerResult.receiver("receiver-1@alpha")
                    .times(T0, measuredEnd(), T0 + WARMUP_SECONDS * 1000L)
                    .stream(new PeerResult.Stream(
                            "sender-1@alpha", 0, sent - vanished, 0, duplicates, 0, PeerResult.Stream.encode(got)))
                    .counts(0, duplicates, 0)
                    .verdict(PeerResult.SUCCESS, "received")
                    .writeIn(receiver);
        }
        return iteration;
    }

    private Path peer(Path iteration, String name, String role) throws IOException {
        Path dir = Files.createDirectories(iteration.resolve(name));
        Files.writeString(
                dir.resolve("test.properties"),
                "peer.name=" + name + "\npeer.role=" + role + "\npeer.host=alpha\ntest.start=" + T0 + "\ntest.end="
                        + measuredEnd() + "\nwarmup.end=" + (T0 + WARMUP_SECONDS * 1000L) + "\nmeasured.end="
                        + measuredEnd() + "\nSEND_RECEIVE_URL=amqp://sut:5672/orders\nRATE=100\n",
                StandardCharsets.UTF_8);
        return dir;
    }

    private void latencyLog(Path file) throws IOException {
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8)) {
            // no start or base time: the intervals' times are absolute, as HdrHistogram's reader takes them
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputLegend();
            for (int i = 0; i < seconds(); i++) {
                if (latencyMicros[i] <= 0) {
                    continue;
                }
                Histogram histogram = new Histogram(3_600_000_000L, 3);
                histogram.setStartTimeStamp(endOf(i) - 1000);
                histogram.setEndTimeStamp(endOf(i));
                histogram.recordValueWithCount(latencyMicros[i], LATENCY_VALUES);
                if (i < WARMUP_SECONDS) {
                    histogram.setTag("warmup");
                }
                writer.outputIntervalHistogram(histogram);
            }
        }
    }
}

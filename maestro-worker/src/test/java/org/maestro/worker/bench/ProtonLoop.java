package org.maestro.worker.bench;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Recorder;

/**
 * A bare Proton-J loop, the anchor of the Proton-J driver: {@code connections} connections to the broker's AMQP
 * port, each with one sender and one receiver link on one queue (anycast), sending non-durable messages of
 * {@code size} bytes on a fixed timeline of {@code rate} msg/s per connection (0: as fast as credit allows), the
 * intended send time, the connection and a sequence number in the body. Sends are unsettled, so the broker's outcome
 * of each one is counted; receivers accept and settle each message. Once a second it checks progress: a connection
 * that sent nothing (and heard no outcome) for {@value #STALL_SECONDS} s while it had work, or receivers that got
 * nothing for as long with messages in flight, end the run as stalled. After the timeline it drains until every
 * message sent was received (at most 60 s).
 */
final class ProtonLoop {
    /** Seconds without progress that end a run as stalled. */
    static final int STALL_SECONDS = 5;

    private static final long ATTACH_MILLIS = 30_000;
    private static final long DRAIN_MICROS = 60_000_000;

    private final InetSocketAddress address;
    private final String queue;
    private final int size;

    /** A loop on {@code queue} of the broker at 127.0.0.1:{@code port}, with bodies of {@code size} bytes. */
    ProtonLoop(int port, String queue, int size) {
        this.address = new InetSocketAddress("127.0.0.1", port);
        this.queue = queue;
        this.size = size;
    }

    /** Runs {@code warmUp} s not measured and {@code seconds} measured, drains, closes, and says what happened. */
    ProtonLoopOutcome run(int connections, int rate, int warmUp, int seconds) throws Exception {
        SequenceTally tally = new SequenceTally(connections);
        Recorder responseTime = new Recorder(3_600_000_000L, 3);
        ProtonLoopConnection.Setup setup =
                new ProtonLoopConnection.Setup(address, queue, rate, size, tally, responseTime);
        List<ProtonLoopConnection> opened = new ArrayList<>();
        List<long[]> eachSecond = new ArrayList<>();
        String failure;
        try {
            for (int i = 0; i < connections; i++) {
                ProtonLoopConnection connection = new ProtonLoopConnection(i, setup);
                opened.add(connection);
                connection.start();
            }
            for (ProtonLoopConnection connection : opened) {
                connection.awaitAttached(ATTACH_MILLIS);
            }
            long start = BareStamp.nowMicros();
            long windowStart = start + warmUp * 1_000_000L;
            long end = windowStart + seconds * 1_000_000L;
            for (ProtonLoopConnection connection : opened) {
                connection.begin(start, windowStart, end);
            }
            failure = watch(opened, start, end, eachSecond);
        } finally {
            for (ProtonLoopConnection connection : opened) {
                connection.close();
            }
        }
        return ProtonLoopOutcome.of(opened, tally, responseTime.getIntervalHistogram(), eachSecond, failure);
    }

    /**
     * Checks progress once a second until every message sent was received, a connection failed or stalled, or the
     * drain took too long; keeps the totals sent and received of each second of the timeline. Null when all went
     * well, else why not.
     */
    private static String watch(List<ProtonLoopConnection> connections, long start, long end, List<long[]> eachSecond) {
        StallWatch stalls = new StallWatch(connections.size() + 1, STALL_SECONDS);
        long tick = start;
        while (true) {
            tick += 1_000_000;
            BareStamp.awaitTime(tick);
            long sent = 0;
            long received = 0;
            boolean sending = false;
            for (int i = 0; i < connections.size(); i++) {
                ProtonLoopConnection connection = connections.get(i);
                if (connection.failure() != null) {
                    return connection.failure();
                }
                long settled = connection.accepted() + connection.refused();
                boolean busy = !connection.sendingDone() || settled < connection.sent();
                if (stalls.stalled(i, connection.sent() + settled, busy)) {
                    return "connection " + i + " stalled: nothing sent and no outcome for " + stalls.limitSeconds()
                            + " s while it had messages " + (connection.sendingDone() ? "unsettled" : "due") + " ("
                            + connection.linkState() + ")";
                }
                sent += connection.sent();
                received += connection.received();
                sending |= !connection.sendingDone();
            }
            if (sending || tick <= end) {
                eachSecond.add(new long[] {sent, received});
            }
            if (stalls.stalled(connections.size(), received, received < sent)) {
                return "the receivers stalled: nothing received for " + stalls.limitSeconds() + " s with "
                        + (sent - received) + " messages sent and not received" + states(connections);
            }
            if (!sending && received >= sent && settledAll(connections)) {
                return null;
            }
            if (tick > end + DRAIN_MICROS) {
                return "not drained 60 s after the timeline: " + received + " of " + sent + " messages received"
                        + states(connections);
            }
        }
    }

    private static boolean settledAll(List<ProtonLoopConnection> connections) {
        return connections.stream().allMatch(c -> c.accepted() + c.refused() >= c.sent());
    }

    private static String states(List<ProtonLoopConnection> connections) {
        StringBuilder states = new StringBuilder();
        for (int i = 0; i < connections.size(); i++) {
            states.append("; connection ")
                    .append(i)
                    .append(": ")
                    .append(connections.get(i).linkState());
        }
        return states.toString();
    }
}

package org.maestro.worker.bench;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * What a run of {@link ProtonLoop} did, per sending connection (stream): messages sent (and of those, sent before
 * the timeline's end by the clock), accepted or refused by the broker, received; duplicates and messages no sender
 * sent; totals sent and received at each second of the timeline; response times of the measured messages; and why
 * the run ended early, if it did.
 */
record ProtonLoopOutcome(
        long[] sent,
        long[] sentByEnd,
        long[] accepted,
        long[] refused,
        long[] received,
        long duplicates,
        long outOfRange,
        List<long[]> eachSecond,
        Histogram responseTime,
        String failure) {

    static ProtonLoopOutcome of(
            List<ProtonLoopConnection> connections,
            SequenceTally tally,
            Histogram responseTime,
            List<long[]> eachSecond,
            String failure) {
        int n = connections.size();
        long[] sent = new long[n];
        long[] sentByEnd = new long[n];
        long[] accepted = new long[n];
        long[] refused = new long[n];
        long[] received = new long[n];
        for (int i = 0; i < n; i++) {
            ProtonLoopConnection connection = connections.get(i);
            sent[i] = connection.sent();
            sentByEnd[i] = connection.sentByEnd();
            accepted[i] = connection.accepted();
            refused[i] = connection.refused();
            received[i] = tally.received(i);
        }
        return new ProtonLoopOutcome(
                sent,
                sentByEnd,
                accepted,
                refused,
                received,
                tally.duplicates(),
                tally.outOfRange(sent),
                List.copyOf(eachSecond),
                responseTime,
                failure);
    }

    /** The messages sent by all connections. */
    long totalSent() {
        long total = 0;
        for (long count : sent) {
            total += count;
        }
        return total;
    }

    /** Everything that went wrong: empty when each message sent was accepted and received once, and none stalled. */
    List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (failure != null) {
            problems.add(failure);
        }
        for (int i = 0; i < sent.length; i++) {
            if (received[i] != sent[i]) {
                problems.add("connection " + i + " sent " + sent[i] + " messages and " + received[i]
                        + " distinct ones of them were received");
            }
            if (accepted[i] != sent[i] || refused[i] != 0) {
                problems.add("connection " + i + " sent " + sent[i] + " messages, the broker accepted " + accepted[i]
                        + " and refused " + refused[i]);
            }
        }
        if (duplicates != 0) {
            problems.add(duplicates + " messages were received twice");
        }
        if (outOfRange != 0) {
            problems.add(outOfRange + " messages received carry a connection or sequence number no sender sent");
        }
        return problems;
    }
}

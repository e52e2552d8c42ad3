package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;

/**
 * One subscription of one destination of a flow (fan-out: each subscription is expected to receive every message sent
 * to its destination), from its receiver connections' {@code connections.csv} rows.
 *
 * @param expected   messages sent to the destination; null when a sender's files are missing
 * @param received   messages its connections received, copies a connection had already received left out
 * @param lost       {@code expected − received} (not below 0); null when expected is unknown
 * @param duplicates copies a connection had already received
 * @param latency    its connections' measured response time; null when they measured nothing (unknown counts and
 *                   latencies are written as null)
 */
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonPropertyOrder({"destination", "subscription", "name", "expected", "received", "lost", "duplicates", "latency"})
public record SubscriptionFigures(
        int destination,
        int subscription,
        String name,
        Long expected,
        long received,
        Long lost,
        long duplicates,
        DestinationLatency latency) {

    /** "subscription 2 of orders-3 received 120 of 1000 expected (880 lost)". */
    public String describe() {
        return "subscription " + subscription + " of " + name + " received " + received + " of "
                + (expected == null ? "an unknown number of" : expected.toString()) + " expected"
                + (lost == null ? "" : " (" + lost + " lost)");
    }
}

package org.maestro.reporter.study;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.LatencyStats;
import org.maestro.reporter.TestSummary;

/**
 * The figures of one run of a study, taken from its iteration's summary: throughput, response time percentiles in
 * ms, lost messages and the offered load.
 *
 * @param repeat      the repeat (1-based)
 * @param iteration   the iteration of the test it ran as
 * @param outcome     success, failure or unknown
 * @param reason      why it failed, or ""
 * @param throughput  the measured receive rate, msg/s; null when the run's results could not be read
 * @param p50Ms       p50 of response time, ms; null when no receiver recorded it
 * @param p99Ms       p99 of response time, ms
 * @param maxMs       the largest response time, ms
 * @param lost        messages lost; null when unknown
 * @param lostPercent lost as a percentage of sent; null when unknown or nothing was sent
 * @param jitterMaxMs the maximum jitter, ms: the longest gap between two arrivals beyond the intended period
 *                    (the largest late J), over every receiver; null without a fixed rate
 * @param offered     the offered load, msg/s: RATE × PARALLEL_COUNT × sender peers; 0 at unbounded rate; null when
 *                    the parameters are not known
 * @param generatorBound why the run was generator-bound (its senders or receivers were themselves saturated): its
 *                    throughput is then not the system's capacity; null when it was not
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record RunFigures(
        int repeat,
        int iteration,
        String outcome,
        String reason,
        Double throughput,
        Double p50Ms,
        Double p99Ms,
        Double maxMs,
        Long lost,
        Double lostPercent,
        Double jitterMaxMs,
        Double offered,
        String generatorBound) {

    /** The figures of a run from its summary. */
    public static RunFigures of(int repeat, TestSummary summary) {
        LatencyStats response =
                summary.latency() == null ? null : summary.latency().responseTime();
        Long lost = summary.messages().lost();
        Long sent = summary.messages().sent();
        Double lostPercent = lost == null || sent == null || sent == 0 ? null : 100.0 * lost / sent;
        return new RunFigures(
                repeat,
                summary.iteration(),
                summary.outcome().jsonName(),
                summary.reason(),
                summary.throughput(),
                response == null ? null : response.p50() / 1000.0,
                response == null ? null : response.p99() / 1000.0,
                response == null ? null : response.max() / 1000.0,
                lost,
                lostPercent,
                summary.latency() == null || summary.latency().jitter() == null
                        ? null
                        : summary.latency().jitter().lateMax() / 1000.0,
                offered(summary),
                summary.generatorBound() ? summary.generator().reason() : null);
    }

    /** A finished run whose summary could not be read: only its outcome is known. */
    public static RunFigures unreadable(StudyState.Run run, String why) {
        return new RunFigures(
                run.repeat(),
                run.iteration(),
                run.outcome(),
                why,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null,
                null);
    }

    /** The statistic by name: throughput, p50Ms, p99Ms, maxMs, lost, lostPercent or jitterMaxMs. */
    public Double statistic(String name) {
        return switch (name) {
            case "throughput" -> throughput;
            case "p50Ms" -> p50Ms;
            case "p99Ms" -> p99Ms;
            case "maxMs" -> maxMs;
            case "lost" -> lost == null ? null : lost.doubleValue();
            case "lostPercent" -> lostPercent;
            case "jitterMaxMs" -> jitterMaxMs;
            default ->
                throw new IllegalArgumentException("unknown statistic '" + name
                        + "'; use throughput, p50Ms, p99Ms, maxMs, lost, lostPercent or jitterMaxMs");
        };
    }

    private static Double offered(TestSummary summary) {
        Map<String, String> parameters = summary.parameters() == null ? Map.of() : summary.parameters();
        Long rate = number(parameters.get("RATE"));
        Long connections = number(parameters.get("PARALLEL_COUNT"));
        long senders = summary.peers() == null
                ? 0
                : summary.peers().stream().filter(p -> Role.SENDER.is(p.role())).count();
        if (rate == null || connections == null || senders == 0) {
            return null;
        }
        return (double) rate * connections * senders;
    }

    private static Long number(String text) {
        if (text == null || !text.trim().matches("\\d{1,12}")) {
            return null;
        }
        return Long.parseLong(text.trim());
    }
}

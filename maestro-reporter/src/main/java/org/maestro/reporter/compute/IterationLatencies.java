package org.maestro.reporter.compute;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.maestro.common.protocol.Role;
import org.maestro.reporter.TestSummary;
import org.maestro.reporter.out.PercentileDistribution;
import org.maestro.reporter.read.IterationFiles;
import org.maestro.reporter.read.PeerDirectory;

/**
 * The latencies of one test iteration: each metric's interval logs of every peer merged ({@link LatencyAggregation},
 * {@link JitterAggregation}); a metric no peer logged is null.
 *
 * @param response response time (receive − intended send)
 * @param service service time (receive − actual send)
 * @param sendDelay send delay (actual − intended send)
 * @param jitter the receivers' inter-arrival jitter; null without a fixed rate
 */
public record IterationLatencies(
        LatencyAggregation.Result response,
        LatencyAggregation.Result service,
        LatencyAggregation.Result sendDelay,
        JitterAggregation.Result jitter) {

    /**
     * Merges the logs of the iteration's peers; warns (in {@code files}) about what could not be read, about logs
     * without a measured interval, and about latencies measured across hosts or clock sources.
     */
    public static IterationLatencies of(IterationFiles files) {
        IterationLatencies latencies = new IterationLatencies(
                merged(files, PeerDirectory.RESPONSE_TIME),
                merged(files, PeerDirectory.SERVICE_TIME),
                merged(files, PeerDirectory.SEND_DELAY),
                jitter(files));
        warnAboutClocks(files, latencies);
        return latencies;
    }

    /** The figures of each metric, as summary.json shows them. */
    public TestSummary.Latencies stats() {
        return new TestSummary.Latencies(
                response == null ? null : response.stats(),
                service == null ? null : service.stats(),
                sendDelay == null ? null : sendDelay.stats(),
                jitter == null ? null : jitter.stats());
    }

    /**
     * The measured values of each latency metric, all peers merged, by file name ({@code response-time.hgrm} …); only
     * the metrics that were recorded.
     */
    public Map<String, Histogram> distributions() {
        Map<String, Histogram> distributions = new LinkedHashMap<>();
        put(distributions, PercentileDistribution.RESPONSE_TIME, response);
        put(distributions, PercentileDistribution.SERVICE_TIME, service);
        put(distributions, PercentileDistribution.SEND_DELAY, sendDelay);
        if (jitter != null && jitter.magnitude().getTotalCount() > 0) {
            distributions.put(PercentileDistribution.JITTER, jitter.magnitude());
        }
        return distributions;
    }

    private static void put(Map<String, Histogram> into, String name, LatencyAggregation.Result result) {
        if (result != null && result.measured().getTotalCount() > 0) {
            into.put(name, result.measured());
        }
    }

    private static LatencyAggregation.Result merged(IterationFiles files, String fileName) {
        List<Path> logs = files(files, fileName);
        if (logs.isEmpty()) {
            return null;
        }
        LatencyAggregation.Result result = LatencyAggregation.aggregate(logs);
        files.warnAll(result.problems());
        if (result.measured().getTotalCount() == 0) {
            files.warn(fileName + ": no measured (non-warm-up) interval in " + logs.size() + " log(s)");
        }
        return result;
    }

    /** The receivers' jitter logs merged, or null when no receiver wrote one (unbounded rate). */
    private static JitterAggregation.Result jitter(IterationFiles files) {
        List<Path> late = files(files, PeerDirectory.JITTER_LATE);
        List<Path> early = files(files, PeerDirectory.JITTER_EARLY);
        if (late.isEmpty() && early.isEmpty()) {
            return null;
        }
        JitterAggregation.Result result = JitterAggregation.aggregate(late, early);
        files.warnAll(result.problems());
        return result;
    }

    private static List<Path> files(IterationFiles files, String fileName) {
        return files.peers().stream()
                .map(p -> p.file(fileName))
                .flatMap(Optional::stream)
                .toList();
    }

    private static void warnAboutClocks(IterationFiles files, IterationLatencies latencies) {
        TestSummary.Latencies stats = latencies.stats();
        if (stats.responseTime() == null && stats.serviceTime() == null) {
            return;
        }
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> clocks = new LinkedHashSet<>();
        for (PeerDirectory peer : files.peers()) {
            if (peer.role() == Role.SENDER || peer.role() == Role.RECEIVER) {
                if (!peer.host().isEmpty()) {
                    hosts.add(peer.host());
                }
                String clock = peer.systemProperties().get("clock.source");
                if (clock != null) {
                    clocks.add(clock);
                }
            }
        }
        if (hosts.size() > 1) {
            files.warn("Senders and receivers ran on " + hosts.size() + " hosts (" + String.join(", ", hosts)
                    + "): response and service times include the clock offset between them"
                    + (files.clocks().peers().isEmpty()
                            ? ""
                            : " (estimated per peer from PING round trips: the Clocks table, clocks.json)")
                    + "; keep the clocks synchronised (chrony/PTP).");
        }
        if (clocks.size() > 1) {
            files.warn("Peers used different clock sources: " + String.join(" / ", clocks));
        }
    }
}

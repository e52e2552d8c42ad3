package org.maestro.cli.metrics;

import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import java.io.IOException;
import java.net.BindException;
import java.util.List;
import org.maestro.client.api.LiveStatistics;
import org.maestro.client.api.Progress;
import org.maestro.common.cli.CommandException;
import org.maestro.common.protocol.Role;

/**
 * Serves the statistics of the running test as Prometheus/OpenMetrics text on {@code http://host:port/metrics}: per
 * peer and in total, the count, the rate, errors and the response time of the last second.
 */
public final class MetricsServer implements LiveStatistics, AutoCloseable {
    /** The address served on unless told otherwise: this host only, since the metrics name the tests and peers. */
    public static final String DEFAULT_HOST = "127.0.0.1";

    private static final String[] PEER = {"test", "peer", "role"};
    private static final String[] TEST = {"test"};

    /** Held while a test's series change, and by every scrape: a scrape never sees half of an update. */
    private final Object lock = new Object();

    private final PrometheusRegistry registry = new ConsistentRegistry(lock);
    private final Gauge iteration = gauge("maestro_test_iteration", "iteration of the test running", TEST);
    private final Gauge elapsed =
            gauge("maestro_test_elapsed_seconds", "time since the test started, warm-up included", TEST);
    private final Gauge sent = gauge(
            "maestro_test_sent_messages", "messages the senders sent in this test so far, warm-up included", TEST);
    private final Gauge received = gauge(
            "maestro_test_received_messages",
            "messages the receivers received in this test so far, warm-up included",
            TEST);
    private final Gauge outstanding = gauge(
            "maestro_test_outstanding_messages",
            "sent but not received yet: in flight while the test runs, lost if still outstanding at its end",
            TEST);
    private final Gauge errors = gauge("maestro_test_errors", "errors the peers counted in this test so far", TEST);
    private final Gauge rate = gauge(
            "maestro_test_rate_messages_per_second", "messages the receivers received in their last second", TEST);
    private final Gauge p50 = gauge(
            "maestro_test_response_time_p50_seconds",
            "median response time of the receivers' last second (the largest of the receivers')",
            TEST);
    private final Gauge p99 = gauge(
            "maestro_test_response_time_p99_seconds",
            "99th percentile response time of the receivers' last second (the largest of the receivers')",
            TEST);
    private final Gauge max = gauge(
            "maestro_test_response_time_max_seconds", "maximum response time of the receivers' last second", TEST);
    private final Gauge warmUp = gauge(
            "maestro_test_warm_up_latency",
            "1 while the response times are of warm-up messages (no receiver measured one in its last second), else 0",
            TEST);
    private final Gauge peerCount = gauge(
            "maestro_peer_messages",
            "messages this peer sent (sender) or received (receiver) in this test so far, warm-up included",
            PEER);
    private final Gauge peerRate = gauge(
            "maestro_peer_rate_messages_per_second", "messages this peer sent or received in its last second", PEER);
    private final Gauge peerErrors = gauge("maestro_peer_errors", "errors this peer counted in this test so far", PEER);
    private final Gauge peerP50 = gauge(
            "maestro_peer_response_time_p50_seconds", "median response time of this receiver's last second", PEER);
    private final Gauge peerP99 = gauge(
            "maestro_peer_response_time_p99_seconds",
            "99th percentile response time of this receiver's last second",
            PEER);
    private final Gauge peerMax = gauge(
            "maestro_peer_response_time_max_seconds", "maximum response time of this receiver's last second", PEER);
    private final HTTPServer server;

    private MetricsServer(String host, int port) throws IOException {
        server = HTTPServer.builder()
                .hostname(host)
                .port(port)
                .registry(registry)
                .buildAndStart();
    }

    /**
     * Starts serving on the port of the host (every interface for {@code 0.0.0.0}).
     *
     * @throws CommandException naming the port when it is taken or cannot be bound
     */
    public static MetricsServer start(String host, int port) {
        try {
            return new MetricsServer(host, port);
        } catch (BindException e) {
            throw CommandException.usage("--metrics-port " + port + ": the port is in use or not allowed ("
                    + e.getMessage() + "); choose a free one");
        } catch (IOException e) {
            throw CommandException.infrastructure("cannot serve metrics on " + host + ":" + port + ": " + e);
        }
    }

    /** The port the server listens on. */
    public int port() {
        return server.getPort();
    }

    private Gauge gauge(String name, String help, String[] labels) {
        return Gauge.builder().name(name).help(help).labelNames(labels).register(registry);
    }

    @Override
    public void started(String test, int iterationNumber) {
        synchronized (lock) {
            clearFor(test, iterationNumber);
        }
    }

    private void clearFor(String test, int iterationNumber) {
        for (Gauge gauge : List.of(peerCount, peerRate, peerErrors, peerP50, peerP99, peerMax)) {
            gauge.clear();
        }
        for (Gauge gauge : List.of(elapsed, sent, received, outstanding, errors, rate, p50, p99, max, warmUp)) {
            gauge.remove(test);
        }
        iteration.labelValues(test).set(iterationNumber);
    }

    @Override
    public void update(String test, int iterationNumber, List<PeerStatistics> peers, Progress.Snapshot total) {
        synchronized (lock) {
            set(test, iterationNumber, peers, total);
        }
    }

    private void set(String test, int iterationNumber, List<PeerStatistics> peers, Progress.Snapshot total) {
        iteration.labelValues(test).set(iterationNumber);
        elapsed.labelValues(test).set(total.elapsed().toMillis() / 1000.0);
        sent.labelValues(test).set(total.sent());
        received.labelValues(test).set(total.received());
        outstanding.labelValues(test).set(Math.max(0, total.sent() - total.received()));
        errors.labelValues(test).set(total.errors());
        rate.labelValues(test).set(total.rate());
        setSeconds(p50, total.p50Ms(), test);
        setSeconds(p99, total.p99Ms(), test);
        setSeconds(max, total.maxMs(), test);
        warmUp.labelValues(test).set(total.warmUpLatency() ? 1 : 0);
        for (PeerStatistics peer : peers) {
            String[] labels = {test, peer.peer(), peer.role()};
            peerCount.labelValues(labels).set(peer.count());
            peerRate.labelValues(labels).set(peer.rate());
            peerErrors.labelValues(labels).set(peer.errors());
            if (Role.RECEIVER.is(peer.role())) {
                setSeconds(peerP50, peer.p50Ms(), labels);
                setSeconds(peerP99, peer.p99Ms(), labels);
                setSeconds(peerMax, peer.maxMs(), labels);
            }
        }
    }

    /** Sets a latency in seconds, or leaves the series out when the peers did not report it (negative). */
    private static void setSeconds(Gauge gauge, double millis, String... labels) {
        if (millis >= 0) {
            gauge.labelValues(labels).set(millis / 1000.0);
        }
    }

    @Override
    public void close() {
        server.close();
    }
}

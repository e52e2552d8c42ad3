package org.maestro.cli.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.maestro.client.api.LiveStatistics.PeerStatistics;
import org.maestro.client.api.Progress;

/**
 * A scrape sees a test's series all or not at all: while one thread starts iterations and updates them as fast as it
 * can, no scrape holds the sent count without the counts and figures set with it.
 */
class MetricsScrapeConsistencyTest {
    private static final List<String> SET_TOGETHER = List.of(
            "maestro_test_sent_messages{",
            "maestro_test_received_messages{",
            "maestro_test_outstanding_messages{",
            "maestro_test_errors{",
            "maestro_test_rate_messages_per_second{",
            "maestro_test_response_time_p99_seconds{");

    @Test
    void aScrapeNeverSeesHalfAnUpdate() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        try (MetricsServer server = MetricsServer.start(MetricsServer.DEFAULT_HOST, 0)) {
            Thread updating = new Thread(() -> {
                List<PeerStatistics> peers = List.of(new PeerStatistics("sender-1@h", "sender", 10, 100, 0, 1, 2, 3));
                for (long n = 1; !stop.get(); n++) {
                    server.started("t", (int) (n % 3));
                    server.update(
                            "t",
                            (int) (n % 3),
                            peers,
                            new Progress.Snapshot(
                                    "t", Duration.ofSeconds(n), Duration.ofSeconds(60), 100, 2.0, n, n - 1, 0));
                }
            });
            updating.start();
            HttpClient http = HttpClient.newHttpClient();
            HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + "/metrics"))
                    .build();
            int withTheTest = 0;
            try {
                for (int i = 0; i < 100; i++) {
                    String text = http.send(request, HttpResponse.BodyHandlers.ofString())
                            .body();
                    long present = SET_TOGETHER.stream().filter(text::contains).count();
                    assertTrue(
                            present == 0 || present == SET_TOGETHER.size(),
                            "a scrape with " + present + " of the " + SET_TOGETHER.size() + " series set together:\n"
                                    + text);
                    withTheTest += present > 0 ? 1 : 0;
                }
            } finally {
                stop.set(true);
                updating.join(5_000);
            }
            assertTrue(withTheTest > 0, "some scrapes saw the test's series");
            assertEquals(false, updating.isAlive());
        }
    }
}

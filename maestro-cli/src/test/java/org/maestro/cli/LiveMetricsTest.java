package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.cli.testing.PeerDirectories;
import org.maestro.common.cli.ExitCode;
import org.maestro.testing.RequiredServer;

/**
 * {@code run --metrics-port} serves the running test's statistics as Prometheus text: scraped during a real embedded
 * run and parsed with the Prometheus client library's own parser (Python's {@code prometheus_client}), the series
 * exist per peer and in total, grow while the test runs, and agree with the results written at its end.
 */
class LiveMetricsTest {
    /** Prints every sample of the text on standard input as JSON: [name, labels, value]. */
    private static final String PARSER = String.join(
            "\n",
            "import json, sys",
            "from prometheus_client.parser import text_string_to_metric_families",
            "samples = []",
            "for family in text_string_to_metric_families(sys.stdin.read()):",
            "    for s in family.samples:",
            "        samples.append([s.name, s.labels, s.value])",
            "print(json.dumps(samples))");

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Debian's Python, where python3-prometheus-client installs the parser (another python3 may come first). */
    private static final String PYTHON =
            Files.isExecutable(Path.of("/usr/bin/python3")) ? "/usr/bin/python3" : "python3";

    @TempDir
    Path work;

    /** Skips outside CI when Python's Prometheus client is missing; CI installs it. */
    @BeforeAll
    static void requireParser() throws Exception {
        Process probe = new ProcessBuilder(PYTHON, "-c", "import prometheus_client")
                .redirectErrorStream(true)
                .start();
        RequiredServer.require(
                probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0,
                "python3 with prometheus_client is needed to parse the metrics",
                "apt-get install python3-prometheus-client");
    }

    /** One scrape, parsed: metric name and labels to value. */
    private record Scrape(List<JsonNode> samples) {
        double value(String name, Map<String, String> labels) {
            return find(name, labels)
                    .orElseThrow(() -> new AssertionError("no sample " + name + labels + " in " + samples))
                    .get(2)
                    .asDouble();
        }

        java.util.Optional<JsonNode> find(String name, Map<String, String> labels) {
            return samples.stream()
                    .filter(s -> s.get(0).asText().equals(name))
                    .filter(s -> labels.entrySet().stream()
                            .allMatch(l -> l.getValue()
                                    .equals(s.get(1).path(l.getKey()).asText(null))))
                    .findFirst();
        }

        List<String> peers(String role) {
            List<String> names = new ArrayList<>();
            samples.stream()
                    .filter(s -> s.get(0).asText().equals("maestro_peer_messages"))
                    .filter(s -> role.equals(s.get(1).path("role").asText()))
                    .forEach(s -> names.add(s.get(1).path("peer").asText()));
            return names;
        }
    }

    private static Scrape scrape(HttpClient http, int port) throws Exception {
        HttpResponse<String> response = http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/metrics"))
                        .timeout(Duration.ofSeconds(5))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        Process parser = new ProcessBuilder(PYTHON, "-c", PARSER).start();
        parser.getOutputStream().write(response.body().getBytes(StandardCharsets.UTF_8));
        parser.getOutputStream().close();
        String parsed = new String(parser.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(parser.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(
                parser.waitFor(30, TimeUnit.SECONDS) && parser.exitValue() == 0,
                "the Prometheus parser refused the text: " + errors + "\n" + response.body());
        List<JsonNode> samples = new ArrayList<>();
        JSON.readTree(parsed).forEach(samples::add);
        return new Scrape(samples);
    }

    @Test
    void aRunningTestIsScrapedPerPeerAndInTotalAndAgreesWithItsResults() throws Exception {
        Path script = Files.writeString(work.resolve("Live.groovy"), """
                maestro.fixedRate { name "live"; rate 100; parallelCount 2; duration "8s"; warmUp "1s"; maximumLatency 0 }
                """);
        int port = FreePorts.next();
        Path results = work.resolve("results");
        CompletableFuture<CliRun> run = CompletableFuture.supplyAsync(() -> CliRun.of(
                "run",
                script.toString(),
                "--results",
                results.toString(),
                "--no-report",
                "--metrics-port",
                String.valueOf(port),
                "--metrics-host",
                "127.0.0.1"));

        HttpClient http =
                HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        List<Scrape> during = new ArrayList<>();
        long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
        while (!run.isDone() && System.nanoTime() < deadline) {
            try {
                Scrape scrape = scrape(http, port);
                if (scrape.find("maestro_test_sent_messages", Map.of("test", "live"))
                        .isPresent()) {
                    during.add(scrape);
                }
            } catch (java.net.ConnectException e) {
                // not serving yet, or the run has ended
            }
            Thread.sleep(500); // the scrape interval: a sample every half second while the run lasts
        }
        CliRun outcome = run.get(2, TimeUnit.MINUTES);
        assertEquals(ExitCode.OK.code(), outcome.exitCode(), outcome.out() + outcome.err());
        assertTrue(outcome.out().contains("metrics: http://127.0.0.1:" + port + "/metrics"), outcome.out());
        assertTrue(during.size() >= 3, "scrapes with the test's series: " + during.size());

        Scrape first = during.get(0);
        Scrape last = during.get(during.size() - 1);
        Map<String, String> test = Map.of("test", "live");
        assertTrue(
                last.value("maestro_test_sent_messages", test) > first.value("maestro_test_sent_messages", test),
                "the sent count grows while the test runs");
        List<Double> outstanding = new ArrayList<>();
        for (Scrape scrape : during) {
            double sent = scrape.value("maestro_test_sent_messages", test);
            double received = scrape.value("maestro_test_received_messages", test);
            assertTrue(received <= sent, "received " + received + " > sent " + sent);
            assertEquals(sent - received, scrape.value("maestro_test_outstanding_messages", test), 0.0);
            outstanding.add(sent - received);
            assertEquals(0.0, scrape.value("maestro_test_errors", test), 0.0);
        }
        // sent and received are counted at one instant: what is outstanding is in flight, not a second's 200
        java.util.Collections.sort(outstanding);
        assertTrue(outstanding.get(outstanding.size() / 2) < 100, "outstanding while running: " + outstanding);

        // per peer: one sender and one receiver in embedded mode, whose counts add up to the totals
        List<String> senders = last.peers("sender");
        List<String> receivers = last.peers("receiver");
        assertEquals(1, senders.size(), last.samples().toString());
        assertEquals(1, receivers.size(), last.samples().toString());
        assertEquals(
                last.value("maestro_test_sent_messages", test),
                last.value("maestro_peer_messages", Map.of("test", "live", "peer", senders.get(0))),
                0.0);
        assertEquals(
                last.value("maestro_test_received_messages", test),
                last.value("maestro_peer_messages", Map.of("test", "live", "peer", receivers.get(0))),
                0.0);

        // a scrape in the steady part: 2 connections × 100 msg/s, and a response time that is there and sane
        Scrape steady = during.get(during.size() / 2);
        double rate = steady.value("maestro_test_rate_messages_per_second", test);
        assertTrue(rate > 100 && rate < 300, "rate of the last second " + rate + " for 200 msg/s planned");
        double p99 = steady.value("maestro_test_response_time_p99_seconds", test);
        double max = steady.value("maestro_test_response_time_max_seconds", test);
        double p50 = steady.value("maestro_test_response_time_p50_seconds", test);
        assertTrue(p50 > 0 && p50 <= p99 && p99 <= max && max < 60, p50 + " " + p99 + " " + max);
        assertEquals(0.0, steady.value("maestro_test_warm_up_latency", test), 0.0, "measured latencies by then");

        // never more than the test's own results
        JsonNode sender = JSON.readTree(PeerDirectories.find(results.resolve("live/0"), "sender-")
                .resolve("peer-result.json")
                .toFile());
        assertTrue(
                last.value("maestro_test_sent_messages", test)
                        <= sender.get("count").asLong(),
                "scraped " + last.value("maestro_test_sent_messages", test) + " > sent " + sender.get("count"));
        assertEquals(2 * 100 * 9, sender.get("count").asLong(), "2 connections × 100 msg/s × 9 s");
        assertFalse(outcome.err().contains("Exception"), outcome.err());

        // the Grafana dashboard shipped in docs/ asks only for series the run served
        String dashboard =
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("docs/grafana/maestro-live.json"));
        java.util.regex.Matcher metric =
                java.util.regex.Pattern.compile("maestro_[a-z0-9_]+").matcher(dashboard);
        int asked = 0;
        while (metric.find()) {
            String name = metric.group();
            asked++;
            assertTrue(
                    last.samples().stream()
                            .anyMatch(sample -> sample.get(0).asText().equals(name)),
                    "the dashboard asks for " + name + ", which is not served");
        }
        assertTrue(asked >= 10, "metrics the dashboard asks for: " + asked);
    }

    @Test
    void aPortInUseIsRefusedNamingIt() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            Path script = Files.writeString(work.resolve("Any.groovy"), "maestro.fixedRate { rate 1 }\n");
            CliRun run = CliRun.of(
                    "run",
                    script.toString(),
                    "--metrics-port",
                    String.valueOf(taken.getLocalPort()),
                    "--metrics-host",
                    "127.0.0.1",
                    "--results",
                    work.resolve("r").toString());
            assertEquals(ExitCode.USAGE.code(), run.exitCode(), run.err());
            assertTrue(
                    run.err().contains("--metrics-port " + taken.getLocalPort() + ": the port is in use"), run.err());
        }
    }
}

package org.maestro.reporter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.inspector.InspectorCsvWriter;
import org.maestro.reporter.build.Reporter;

/**
 * An inspector peer that inspected three named systems ({@code systems/<name>/}): the page groups their charts by
 * system, each titled with its name, and lines up the queue depth and the connections of every system on one chart,
 * each system's value the sum over its queues or links at each poll.
 */
class InspectedSystemsPageTest {
    private static final int POLLS = 6;
    private static final long FIRST_POLL = SyntheticResults.T0 + 2000L;

    @TempDir
    Path results;

    private Path system(Path peer, String name, String inspector, String url) throws IOException {
        Path directory = Files.createDirectories(peer.resolve("systems").resolve(name));
        Files.writeString(
                directory.resolve("inspector.properties"),
                "# maestro-inspector v1\ninspector.name=" + inspector + "\ninspector.system=" + name
                        + "\ninspector.url=" + url.replace(":", "\\:") + "\nsut.name=" + name + "-id\n");
        return directory;
    }

    /** A router's links: three links whose undelivered counts are (router + link) × poll. */
    private static Map<Long, Long> routerLinks(Path directory, int router) throws IOException {
        Map<Long, Long> depth = new TreeMap<>();
        try (InspectorCsvWriter links = InspectorCsvWriter.create(
                        directory, "dispatch-links", List.of("identity", "linkType", "undeliveredCount"));
                InspectorCsvWriter general =
                        InspectorCsvWriter.create(directory, "dispatch-router", List.of("id", "connectionCount"))) {
            for (int poll = 0; poll < POLLS; poll++) {
                long at = FIRST_POLL + poll * 1000L;
                for (int link = 1; link <= 3; link++) {
                    long undelivered = (long) (router + link) * poll;
                    links.row(at, List.of("link-" + link, "endpoint", undelivered));
                    depth.merge(at, undelivered, Long::sum);
                }
                general.row(at, List.of("router" + router, 3 + router + poll % 2));
            }
        }
        return depth;
    }

    /** A broker's queues: its own {@code $sys} queue (left out) and two queues of 10 × poll and poll messages. */
    private static Map<Long, Long> brokerQueues(Path directory) throws IOException {
        Map<Long, Long> depth = new TreeMap<>();
        try (InspectorCsvWriter queues = InspectorCsvWriter.create(
                directory, "artemis-queues", List.of("address", "queue", "routingType", "messageCount"))) {
            for (int poll = 0; poll < POLLS; poll++) {
                long at = FIRST_POLL + poll * 1000L;
                queues.row(at, List.of("$sys.mqtt.sessions", "$sys.mqtt.sessions", "ANYCAST", 1000 + poll));
                queues.row(at, List.of("orders", "orders", "ANYCAST", 10L * poll));
                queues.row(at, List.of("audit", "audit", "ANYCAST", (long) poll));
                depth.put(at, 11L * poll);
            }
        }
        return depth;
    }

    @Test
    void chartsAreGroupedBySystemAndTheQueueDepthOfEverySystemIsLinedUpOnOneChart() throws IOException {
        new SyntheticResults(11, 1.0, 1.0).fixedRate(results.resolve("systems/0"), SyntheticResults.T0, true);
        Path peer = results.resolve("systems/0/inspector-1@sut");
        try (var files = Files.list(peer)) {
            for (Path csv : files.filter(f -> f.toString().endsWith(".csv")).toList()) {
                Files.delete(csv); // the synthetic single system's data sets: only the named systems remain
            }
        }
        Map<String, Map<Long, Long>> expected = new TreeMap<>();
        expected.put("router2", routerLinks(system(peer, "router2", "dispatch", "amqp://127.0.0.1:5674"), 2));
        expected.put("router1", routerLinks(system(peer, "router1", "dispatch", "amqp://127.0.0.1:5673"), 1));
        expected.put(
                "broker",
                brokerQueues(system(peer, "broker", "artemis", "http://admin:***@127.0.0.1:8161/console/jolokia")));

        Reporter.build(results);

        Document page = Jsoup.parse(results.resolve("systems/iteration-0.html").toFile());
        List<String> titles = page.select("div.chart[id^=chart-inspector-]").eachAttr("data-title");
        List<String> systems = new ArrayList<>();
        for (String title : titles) {
            String system = title.substring(0, title.indexOf(' '));
            if (systems.isEmpty() || !systems.get(systems.size() - 1).equals(system)) {
                systems.add(system);
            }
        }
        assertEquals(List.of("broker", "router1", "router2"), systems, "grouped by system, in name order: " + titles);
        assertTrue(titles.contains("router1 (amqp://127.0.0.1:5673) — links: undeliveredCount"), titles.toString());

        JsonNode depth = chart(page, "Queue depth of each system (messages waiting)");
        assertEquals(3, depth.get("series").size(), depth.toString());
        for (JsonNode series : depth.get("series")) {
            Map<Long, Long> want = expected.get(series.get("name").asText());
            Map<Long, Long> drawn = new TreeMap<>();
            series.get("points")
                    .forEach(p -> drawn.put(p.get(0).asLong(), p.get(1).asLong()));
            assertEquals(want, drawn, series.get("name").asText());
        }
        JsonNode connections = chart(page, "Connections of each system");
        List<String> names = new ArrayList<>();
        connections.get("series").forEach(s -> names.add(s.get("name").asText()));
        assertEquals(List.of("router1", "router2"), names, "the broker's data sets have no connection count");
    }

    private static JsonNode chart(Document page, String title) throws IOException {
        for (JsonNode spec : Chromium.chartSpecs(page)) {
            if (spec.get("title").asText().equals(title)) {
                return spec;
            }
        }
        throw new AssertionError("no chart titled " + title + " on the page");
    }
}

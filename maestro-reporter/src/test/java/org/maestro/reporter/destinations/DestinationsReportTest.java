package org.maestro.reporter.destinations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.common.files.csv.CsvTable;
import org.maestro.reporter.build.Reporter;
import org.roaringbitmap.RoaringBitmap;

/**
 * The per-destination and per-subscription figures of a report, each recomputed here from the raw files the fixture
 * wrote (sent and received sequence numbers, receiver histograms), and compared with summary.json, the page, the CSV
 * beside it and junit.xml.
 */
class DestinationsReportTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final double WINDOW_SECONDS = (FlowFixture.MEASURED_END - FlowFixture.WARMUP_END) / 1000.0;

    @TempDir
    Path results;

    @Test
    void eachDestinationAndTheSpreadMatchTheRawFiles() throws Exception {
        FlowFixture flow = new FlowFixture(results.resolve("spread/0"), "orders", 4, 1);
        flow.sender("s1", 0, 1000, 1000);
        flow.sender("s2", 2, 1000, 800);
        flow.receiver(
                "r1",
                0,
                new String[] {"s1#0", "s1#1"},
                new RoaringBitmap[] {FlowFixture.range(1000), FlowFixture.range(1000)},
                new long[] {0, 3},
                new long[] {1_000, 2_000});
        RoaringBitmap partial = FlowFixture.range(400);
        flow.receiver(
                "r2",
                2,
                new String[] {"s2#0", "s2#1"},
                new RoaringBitmap[] {partial, FlowFixture.range(800)},
                new long[] {0, 0},
                new long[] {5_000, 3_000});
        Reporter.build(results);

        JsonNode iteration = summary("spread");
        JsonNode orders = iteration.path("destinations").path("orders");
        assertEquals(4, orders.path("count").asInt());
        Map<Integer, Double> rates = new TreeMap<>();
        long sentTotal = 0;
        long receivedTotal = 0;
        for (JsonNode each : orders.path("each")) {
            int d = each.path("destination").asInt();
            List<FlowFixture.ReceiverConnection> own =
                    flow.received.stream().filter(c -> c.destination() == d).toList();
            long sent = flow.sent.get(d);
            RoaringBitmap union = new RoaringBitmap();
            long duplicates = 0;
            long measured = 0;
            Histogram merged = new Histogram(3_600_000_000L, 3);
            for (FlowFixture.ReceiverConnection c : own) {
                union.or(c.got());
                duplicates += c.duplicates();
                measured += c.latency().getTotalCount();
                merged.add(c.latency());
            }
            double rate = measured / WINDOW_SECONDS;
            rates.put(d, rate);
            assertEquals("orders-" + d, each.path("name").asText());
            assertEquals(sent, each.path("sent").asLong(), "sent to orders-" + d);
            assertEquals(union.getLongCardinality(), each.path("received").asLong(), "received at orders-" + d);
            assertEquals(0, each.path("refused").asLong());
            assertEquals(
                    sent - union.getLongCardinality(), each.path("vanished").asLong(), "vanished, orders-" + d);
            assertEquals(duplicates, each.path("duplicates").asLong());
            assertEquals(rate, each.path("rate").asDouble(), 1e-9, "rate of orders-" + d);
            assertEquals(
                    merged.getValueAtPercentile(99.0),
                    each.path("latency").path("p99").asLong());
            assertEquals(
                    merged.getValueAtPercentile(50.0),
                    each.path("latency").path("p50").asLong());
            assertEquals(merged.getMaxValue(), each.path("latency").path("max").asLong());
            sentTotal += sent;
            receivedTotal += union.getLongCardinality();
        }
        assertEquals(4, rates.size());
        assertEquals(sentTotal, iteration.path("messages").path("sent").asLong(), "destinations add up to the total");
        assertEquals(receivedTotal, iteration.path("messages").path("received").asLong());

        double sum = rates.values().stream().mapToDouble(Double::doubleValue).sum();
        double squares = rates.values().stream().mapToDouble(x -> x * x).sum();
        double jain = sum * sum / (rates.size() * squares);
        JsonNode spread = orders.path("spread");
        assertEquals(jain, spread.path("jain").asDouble(), 1e-12);
        assertTrue(jain < 0.95, "one slow destination lowers the index: " + jain);
        assertEquals(400 / WINDOW_SECONDS, spread.path("min").asDouble(), 1e-9);
        assertEquals(1000 / WINDOW_SECONDS, spread.path("max").asDouble(), 1e-9);
        assertEquals("orders-2", spread.path("slowest").asText());

        String page = Files.readString(results.resolve("spread/iteration-0.html"), StandardCharsets.UTF_8);
        int table = page.indexOf("<table id=\"destinations-orders\">");
        assertTrue(table > 0, "the page has the destinations table");
        String line =
                String.format(java.util.Locale.ROOT, "4 destinations: 40–100 msg/s, Jain %.3f, slowest orders-2", jain);
        assertTrue(page.contains(line), "the page shows the spread: " + line);
        assertTrue(page.indexOf("orders-2", table) < page.indexOf("orders-3", table), "slowest first");
        CsvTable csv = CsvTable.read(results.resolve("spread/iteration-0-destinations.csv"));
        assertEquals(4, csv.rows().size());
        assertEquals("destinations", csv.kind());
        String junit = Files.readString(results.resolve("spread/junit.xml"), StandardCharsets.UTF_8);
        assertTrue(junit.contains("name=\"spread #0 destinations of flow orders\""), junit);
        assertTrue(junit.contains("<property name=\"slowest\" value=\"orders-2\""), junit);
        String destinationsCase = junit.substring(junit.indexOf("name=\"spread #0 destinations"));
        assertFalse(destinationsCase.contains("<failure"), "no destination starved: " + destinationsCase);
        assertTrue(junit.contains("tests=\"2\""), junit);
    }

    @Test
    void aDestinationThatReceivedNothingFailsItsCaseNamingIt() throws Exception {
        FlowFixture flow = new FlowFixture(results.resolve("starved/0"), "", 2, 1);
        flow.sender("s1", 0, 500, 500);
        flow.receiver(
                "r1",
                0,
                new String[] {"s1#0", "s1#1"},
                new RoaringBitmap[] {FlowFixture.range(500), new RoaringBitmap()},
                new long[] {0, 0},
                new long[] {1_000, 1_000});
        Reporter.build(results);

        JsonNode iteration = summary("starved");
        JsonNode each = iteration.path("destinations").path("").path("each");
        assertEquals(0, each.get(1).path("received").asLong());
        assertEquals(500, each.get(1).path("vanished").asLong());
        assertEquals(
                "orders-1",
                iteration
                        .path("destinations")
                        .path("")
                        .path("spread")
                        .path("slowest")
                        .asText());
        assertTrue(
                warnings(iteration).contains("destination orders-1 received nothing while its senders sent 500"),
                warnings(iteration).toString());
        String junit = Files.readString(results.resolve("starved/junit.xml"), StandardCharsets.UTF_8);
        assertTrue(junit.contains("message=\"orders-1 received nothing while its senders sent 500\""), junit);
        assertTrue(junit.contains("type=\"maestro.DestinationStarved\""), junit);
    }

    @Test
    void oneStarvingSubscriptionIsNamed() throws Exception {
        // 2 destinations × 2 subscriptions: receiver connections 0..3 are (d0,s0) (d1,s0) (d0,s1) (d1,s1)
        FlowFixture flow = new FlowFixture(results.resolve("fanout/0"), "", 2, 2);
        flow.sender("s1", 0, 500, 500);
        flow.receiver(
                "ra",
                0,
                new String[] {"s1#0", "s1#1"},
                new RoaringBitmap[] {FlowFixture.range(500), FlowFixture.range(500)},
                new long[] {0, 0},
                new long[] {1_000, 1_000});
        flow.receiver(
                "rb",
                2,
                new String[] {"s1#0", "s1#1"},
                new RoaringBitmap[] {FlowFixture.range(500), FlowFixture.range(200)},
                new long[] {2, 0},
                new long[] {1_000, 9_000});
        Reporter.build(results);

        JsonNode iteration = summary("fanout");
        JsonNode subscriptions = iteration.path("subscriptions").path("");
        assertEquals(4, subscriptions.size());
        for (JsonNode s : subscriptions) {
            int d = s.path("destination").asInt();
            FlowFixture.ReceiverConnection own = flow.received.stream()
                    .filter(c -> c.destination() == d
                            && c.subscription() == s.path("subscription").asInt())
                    .findFirst()
                    .orElseThrow();
            long expected = flow.sent.get(d);
            assertEquals(expected, s.path("expected").asLong());
            assertEquals(own.got().getLongCardinality(), s.path("received").asLong());
            assertEquals(
                    expected - own.got().getLongCardinality(), s.path("lost").asLong());
            assertEquals(own.duplicates(), s.path("duplicates").asLong());
            assertEquals(
                    own.latency().getValueAtPercentile(99.0),
                    s.path("latency").path("p99").asLong());
        }
        assertTrue(
                warnings(iteration).contains("subscription 1 of orders-1 received 200 of 500 expected (300 lost)"),
                warnings(iteration).toString());
        String page = Files.readString(results.resolve("fanout/iteration-0.html"), StandardCharsets.UTF_8);
        int table = page.indexOf("<table id=\"subscriptions\">");
        assertTrue(table > 0, "the page has the subscriptions table");
        assertTrue(page.indexOf("<td class=\"num\">300</td>", table) > 0, "the lost messages are shown");
        assertEquals(
                4,
                CsvTable.read(results.resolve("fanout/iteration-0-subscriptions.csv"))
                        .rows()
                        .size());
    }

    @Test
    void oneDestinationAndOneSubscriptionAddNothing() throws Exception {
        FlowFixture flow = new FlowFixture(results.resolve("single/0"), "", 1, 1);
        flow.sender("s1", 0, 300);
        flow.receiver(
                "r1",
                0,
                new String[] {"s1#0"},
                new RoaringBitmap[] {FlowFixture.range(300)},
                new long[] {0},
                new long[] {1_000});
        Reporter.build(results);

        JsonNode iteration = summary("single");
        assertEquals(300, iteration.path("messages").path("received").asLong());
        assertFalse(iteration.has("destinations"));
        assertFalse(iteration.has("subscriptions"));
        assertFalse(Files.exists(results.resolve("single/iteration-0-destinations.csv")));
        assertFalse(Files.readString(results.resolve("single/iteration-0.html")).contains("<h2>Destinations"));
        assertTrue(Files.readString(results.resolve("single/junit.xml")).contains("tests=\"1\""));
    }

    @Test
    void refusesWhatAPeerMustNotSendAndReportsTheRest() throws Exception {
        FlowFixture flow = new FlowFixture(results.resolve("bad/0"), "", 2, 1);
        flow.sender("s1", 0, 100, 100);
        flow.receiver(
                "r1",
                0,
                new String[] {"s1#0", "s1#1"},
                new RoaringBitmap[] {FlowFixture.range(100), FlowFixture.range(100)},
                new long[] {0, 0},
                new long[] {1_000, 1_000});
        // a histogram asking for 5 significant digits over a huge range: the decoder would allocate much
        Path receiverFile = results.resolve("bad/0/r1@alpha/connections.csv");
        Histogram one = new Histogram(1L << 40, 5);
        one.recordValue(7);
        String wide = FlowFixture.encode(one);
        List<String> lines = new ArrayList<>(Files.readAllLines(receiverFile));
        String last = lines.get(lines.size() - 1);
        lines.set(lines.size() - 1, last.substring(0, last.lastIndexOf(',') + 1) + wide);
        Files.write(receiverFile, lines);
        // a sender file that is not numeric where a count belongs
        Path senderFile = results.resolve("bad/0/s1@alpha/connections.csv");
        Files.writeString(senderFile, Files.readString(senderFile).replace(",100,0,0,", ",lots,0,0,"));
        Reporter.build(results);

        JsonNode iteration = summary("bad");
        List<String> warnings = warnings(iteration);
        assertTrue(
                warnings.stream()
                        .anyMatch(w -> w.contains("s1@alpha/connections.csv: data row 1, column 'sent'")
                                && w.contains("not a whole number")),
                warnings.toString());
        assertTrue(warnings.stream().anyMatch(w -> w.contains("histogram's range is refused")), warnings.toString());
        JsonNode each = iteration.path("destinations").path("").path("each");
        assertEquals(2, each.size());
        assertTrue(each.get(0).path("sent").isNull(), "sent is unknown without the sender's file");
        assertEquals(100, each.get(0).path("received").asLong(), "the receivers' counts are kept");
        assertFalse(each.get(1).has("latency"), "the refused histogram is left out");
    }

    private JsonNode summary(String test) throws Exception {
        return JSON.readTree(results.resolve(test).resolve("summary.json").toFile())
                .path("iterations")
                .get(0);
    }

    private static List<String> warnings(JsonNode iteration) {
        List<String> warnings = new ArrayList<>();
        iteration.path("warnings").forEach(w -> warnings.add(w.asText()));
        return warnings;
    }
}

package org.maestro.cli.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.maestro.common.files.connections.ConnectionsCsv;
import org.maestro.common.measure.PeerResult;

/**
 * A run's {@code summary.json} checked against the peers' own files: per flow (their {@code peer-result.json}), per
 * destination and per subscription (their {@code connections.csv}), and {@code sent = received + refused + vanished}
 * in each.
 */
final class PeerAccounting {
    private static final ObjectMapper JSON = new ObjectMapper();

    private PeerAccounting() {}

    /** The first iteration of a test's {@code summary.json}. */
    static JsonNode firstIteration(Path test) throws IOException {
        return JSON.readTree(test.resolve("summary.json").toFile())
                .get("iterations")
                .get(0);
    }

    /** {@code sent = received + refused + vanished} in these figures, with none lost. */
    static void assertAddsUpWithoutLoss(String what, JsonNode messages) {
        assertNotNull(messages, what + " has no figures");
        assertAddsUp(what, messages);
        assertEquals(0, messages.get("lost").asLong(), what + " lost nothing: " + messages);
    }

    /** {@code sent = received + refused + vanished} in these figures, and something was sent. */
    private static void assertAddsUp(String what, JsonNode figures) {
        assertEquals(
                figures.get("sent").asLong(),
                figures.get("received").asLong()
                        + figures.get("refused").asLong()
                        + figures.get("vanished").asLong(),
                what + ": sent = received + refused + vanished: " + figures);
        assertTrue(figures.get("sent").asLong() > 0, what + " was sent something: " + figures);
    }

    /**
     * The totals of a test of one flow in its first iteration against its peers' own counts, adding up with nothing
     * lost; returns the peers and their counts.
     */
    static OneFlow assertTotalsMatchThePeers(Path test) throws IOException {
        JsonNode iteration = firstIteration(test);
        List<Path> peers = peersByFlow(test.resolve("0")).get("");
        Counts counts = count(peers);
        JsonNode messages = iteration.get("messages");
        assertEquals(counts.sent(), messages.get("sent").asLong(), "sent, by the senders' own count: " + messages);
        assertEquals(counts.received(), messages.get("received").asLong(), "received, by the receivers': " + messages);
        assertAddsUpWithoutLoss("the test", messages);
        return new OneFlow(iteration, peers, counts);
    }

    /** A test of one flow: its first iteration in summary.json, its peers' directories and their counts. */
    record OneFlow(JsonNode iteration, List<Path> peers, Counts counts) {}

    /** The peer directories of an iteration by their {@code FLOW} property ("" for none). */
    static Map<String, List<Path>> peersByFlow(Path iteration) throws IOException {
        Map<String, List<Path>> flows = new TreeMap<>();
        try (Stream<Path> list = Files.list(iteration)) {
            for (Path peer : list.filter(p -> Files.isRegularFile(p.resolve("test.properties")))
                    .sorted()
                    .toList()) {
                Properties properties = new Properties();
                try (Reader reader = Files.newBufferedReader(peer.resolve("test.properties"))) {
                    properties.load(reader);
                }
                flows.computeIfAbsent(properties.getProperty("FLOW", ""), f -> new ArrayList<>())
                        .add(peer);
            }
        }
        return flows;
    }

    /** The peers' own counts: sent by the senders, and received (copies excluded) by the receivers. */
    record Counts(int senders, int receivers, long sent, long received, long duplicates) {}

    /** What these peers' {@code peer-result.json} files count. */
    static Counts count(List<Path> peers) throws IOException {
        int senders = 0;
        int receivers = 0;
        long sent = 0;
        long received = 0;
        long duplicates = 0;
        for (Path peer : peers) {
            PeerResult result = PeerResult.read(peer.resolve(PeerResult.FILE_NAME));
            if (result.isSender()) {
                senders++;
                sent += result.count();
            } else if (result.isReceiver()) {
                receivers++;
                received += result.count() - result.duplicates();
                duplicates += result.duplicates();
            }
        }
        return new Counts(senders, receivers, sent, received, duplicates);
    }

    /** A flow of summary.json against its peers' own counts, with nothing lost. */
    static void assertFlowMatchesItsPeers(String name, JsonNode flow, List<Path> peers) throws IOException {
        Counts counts = count(peers);
        JsonNode messages = flow.get("messages");
        assertEquals(counts.sent(), messages.get("sent").asLong(), "flow " + name + " sent: " + messages);
        assertEquals(counts.received(), messages.get("received").asLong(), "flow " + name + " received: " + messages);
        assertAddsUpWithoutLoss("flow " + name, messages);
    }

    /** The rows of every {@code connections.csv} of these peers. */
    static List<ConnectionsCsv.Row> connections(List<Path> peers) throws IOException {
        List<ConnectionsCsv.Row> rows = new ArrayList<>();
        for (Path peer : peers) {
            Path file = peer.resolve(ConnectionsCsv.FILE_NAME);
            if (Files.isRegularFile(file)) { // senders and receivers write one; the inspector and agent none
                rows.addAll(ConnectionsCsv.read(file));
            }
        }
        return rows;
    }

    /**
     * A flow's destinations section: {@code count} of them, a spread with Jain's index in [0, 1] and the slowest named,
     * each destination's figures adding up and equal to what its connections counted, and their sums the flow's.
     */
    static void assertDestinations(JsonNode destinations, int count, List<Path> peers, JsonNode totals)
            throws IOException {
        assertNotNull(destinations, "no destinations section");
        assertEquals(count, destinations.get("count").asInt(), destinations.toString());
        JsonNode spread = destinations.get("spread");
        double jain = spread.get("jain").asDouble(-1);
        assertTrue(jain >= 0 && jain <= 1, "Jain's index within [0, 1]: " + spread);
        assertTrue(spread.get("slowest").asText().matches(".+-\\d+"), "the slowest destination named: " + spread);
        long[] sentBy = new long[count];
        long[] receivedBy = new long[count];
        for (ConnectionsCsv.Row row : connections(peers)) {
            if (row.sent() != null) {
                sentBy[row.destination()] += row.sent();
            } else {
                receivedBy[row.destination()] += row.received() - row.duplicates();
            }
        }
        long sent = 0;
        long received = 0;
        long refused = 0;
        long vanished = 0;
        JsonNode each = destinations.get("each");
        assertEquals(count, each.size(), "a row per destination");
        for (JsonNode destination : each) {
            int d = destination.get("destination").asInt();
            String what = "destination " + destination.get("name").asText();
            assertEquals(sentBy[d], destination.get("sent").asLong(), what + " sent, by its senders: " + destination);
            assertEquals(
                    receivedBy[d],
                    destination.get("received").asLong(),
                    what + " received, by its receivers: " + destination);
            assertAddsUp(what, destination);
            sent += destination.get("sent").asLong();
            received += destination.get("received").asLong();
            refused += destination.get("refused").asLong();
            vanished += destination.get("vanished").asLong();
        }
        assertEquals(totals.get("sent").asLong(), sent, "the destinations' sent add up to the total: " + totals);
        assertEquals(totals.get("received").asLong(), received, "received add up to the total: " + totals);
        assertEquals(totals.get("refused").asLong(), refused, "refused add up to the total: " + totals);
        assertEquals(totals.get("vanished").asLong(), vanished, "vanished add up to the total: " + totals);
    }

    /**
     * A flow's subscriptions section: {@code count} subscriptions, each expecting every message its senders sent,
     * each receiving (copies excluded) what its connections counted, which is all of them: none lost.
     */
    static void assertEverySubscriptionGotEverything(JsonNode subscriptions, int count, List<Path> peers)
            throws IOException {
        assertNotNull(subscriptions, "no subscriptions section");
        assertEquals(count, subscriptions.size(), subscriptions.toString());
        long sent = 0;
        Map<Integer, Long> receivedBy = new TreeMap<>();
        for (ConnectionsCsv.Row row : connections(peers)) {
            if (row.sent() != null) {
                sent += row.sent();
            } else {
                receivedBy.merge(row.subscription(), row.received() - row.duplicates(), Long::sum);
            }
        }
        assertEquals(count, receivedBy.size(), "receiver connections in each subscription: " + receivedBy);
        for (JsonNode subscription : subscriptions) {
            int s = subscription.get("subscription").asInt();
            String what = "subscription " + s;
            assertEquals(sent, subscription.get("expected").asLong(), what + " expects every message: " + subscription);
            assertEquals(
                    receivedBy.get(s),
                    subscription.get("received").asLong(),
                    what + " received what its connections counted: " + subscription);
            assertEquals(
                    subscription.get("expected").asLong(),
                    subscription.get("received").asLong(),
                    what + " received every message: " + subscription);
            assertEquals(0, subscription.get("lost").asLong(), what + " lost nothing: " + subscription);
        }
    }
}

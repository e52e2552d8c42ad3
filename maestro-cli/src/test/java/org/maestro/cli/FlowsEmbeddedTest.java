package org.maestro.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.cli.embedded.EmbeddedCluster;
import org.maestro.cli.embedded.EmbeddedSut;
import org.maestro.common.cli.ExitCode;
import org.maestro.common.measure.PeerResult;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.worker.receiver.ReceiverRole;
import org.maestro.worker.sender.SenderRole;

/**
 * A test of two flows to two queues of an embedded Artemis, run by maestro-cli over a control broker with four
 * senders and two receivers in this JVM: "orders" takes 2 senders and 1 receiver by count, "audit" its sender by name
 * and 1 receiver; the fourth sender takes no part. Each flow's figures in summary.json, junit.xml, the page and the
 * final table are checked against the peers' own files.
 */
class FlowsEmbeddedTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** Messages per second per connection of each flow, and the test's seconds (warm-up included). */
    private static final int ORDERS_RATE = 100;

    private static final int AUDIT_RATE = 40;
    private static final int SECONDS = 4;

    @TempDir
    Path work;

    private static List<EmbeddedCluster.PeerSpec> peers() {
        List<EmbeddedCluster.PeerSpec> specs = new ArrayList<>();
        for (int i = 1; i <= 4; i++) {
            specs.add(new EmbeddedCluster.PeerSpec(
                    "sender-" + i, () -> SenderRole.builder().build()));
        }
        for (int i = 1; i <= 2; i++) {
            specs.add(new EmbeddedCluster.PeerSpec(
                    "receiver-" + i, () -> ReceiverRole.builder().build()));
        }
        return specs;
    }

    private static Map<String, String> properties(Path peer) throws IOException {
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(peer.resolve("test.properties"))) {
            properties.load(reader);
        }
        Map<String, String> map = new java.util.TreeMap<>();
        properties.stringPropertyNames().forEach(k -> map.put(k, properties.getProperty(k)));
        return map;
    }

    private static List<String> peerDirectories(Path iteration) throws IOException {
        try (Stream<Path> list = Files.list(iteration)) {
            return list.filter(Files::isDirectory)
                    .map(p -> p.getFileName().toString())
                    .map(n -> n.substring(0, n.indexOf('@')))
                    .sorted()
                    .toList();
        }
    }

    private static PeerResult result(Path iteration, String peer) throws IOException {
        return PeerResult.read(find(iteration, peer).resolve(PeerResult.FILE_NAME));
    }

    private static Path find(Path iteration, String peer) throws IOException {
        return org.maestro.cli.testing.PeerDirectories.find(iteration, peer + "@");
    }

    /** Runs a script with maestro-cli against the cluster's control broker, with these test parameters. */
    private CliRun run(EmbeddedCluster cluster, Path script, Map<String, String> environment) {
        String results = work.resolve("results").toString();
        return CliRun.runWithEnvironment(
                environment, "run", script.toString(), "--maestro-url", cluster.controlUrl(), "--results", results);
    }

    private static EmbeddedArtemis sut(String name) throws Exception {
        return EmbeddedArtemis.builder().amqp().name(name).withoutJmx().start();
    }

    private static EmbeddedCluster cluster() throws Exception {
        return EmbeddedCluster.start(peers(), EmbeddedSut.onFreePort(false, note -> {}));
    }

    @Test
    void twoFlowsRunOnTheirOwnPeersAndTheirFiguresAddUpToTheTests() throws Exception {
        try (EmbeddedArtemis sut = sut("flows");
                EmbeddedCluster cluster = cluster()) {
            Path script = Files.writeString(
                    work.resolve("Flows.groovy"), """
                    maestro.test {
                        name "orders-audit"; duration "%ds"; warmUp "1s"; maximumLatency 5000
                        option "PRIMING_MESSAGES", 0
                        flow("orders") { sut maestro.env("ORDERS_URL", ""); senders 2; receivers 1; rate %d }
                        flow("audit") {
                            sut maestro.env("AUDIT_URL", ""); senders "sender-3"; receivers 1; rate %d
                            messageSize 1024
                        }
                    }
                    """.formatted(SECONDS - 1, ORDERS_RATE, AUDIT_RATE));

            CliRun run = run(
                    cluster,
                    script,
                    Map.of("ORDERS_URL", sut.amqpUrl("flows.orders"), "AUDIT_URL", sut.amqpUrl("flows.audit")));

            String printed = run.out() + run.err();
            assertEquals(ExitCode.OK.code(), run.exitCode(), printed);
            Path test = work.resolve("results/orders-audit");
            Path iteration = test.resolve("0");
            assertEquals(
                    List.of("receiver-1", "receiver-2", "sender-1", "sender-2", "sender-3"),
                    peerDirectories(iteration),
                    "sender-4, which no flow took, has no files");

            // each flow's peers used their URL and rate: by their test.properties, their counts and the queues
            Map<String, String> audit = properties(find(iteration, "sender-3"));
            assertEquals("audit", audit.get("FLOW"));
            assertEquals(sut.amqpUrl("flows.audit"), audit.get("SEND_RECEIVE_URL"));
            assertEquals(Integer.toString(AUDIT_RATE), audit.get("RATE"));
            assertEquals("1024", audit.get("MESSAGE_SIZE"));
            assertEquals("0", audit.get("CONNECTION_OFFSET"));
            Map<String, String> second = properties(find(iteration, "sender-2"));
            assertEquals("orders", second.get("FLOW"));
            assertEquals(sut.amqpUrl("flows.orders"), second.get("SEND_RECEIVE_URL"));
            assertEquals(Integer.toString(ORDERS_RATE), second.get("RATE"));
            assertEquals("1", second.get("CONNECTION_OFFSET"), "the second connection of the orders senders");
            assertEquals("orders", properties(find(iteration, "receiver-1")).get("FLOW"));
            assertEquals("audit", properties(find(iteration, "receiver-2")).get("FLOW"));
            long ordersSent = result(iteration, "sender-1").count()
                    + result(iteration, "sender-2").count();
            long auditSent = result(iteration, "sender-3").count();
            assertEquals(2L * ORDERS_RATE * SECONDS, ordersSent, "2 senders × 100 msg/s × 4 s");
            assertEquals((long) AUDIT_RATE * SECONDS, auditSent, "1 sender × 40 msg/s × 4 s");
            assertEquals(ordersSent, sut.messagesAdded("flows.orders").orElse(-1));
            assertEquals(auditSent, sut.messagesAdded("flows.audit").orElse(-1));

            // each flow's figures against its peers' own peer-result.json, and the flows against the total
            JsonNode summary = JSON.readTree(test.resolve("summary.json").toFile())
                    .get("iterations")
                    .get(0);
            JsonNode flows = summary.get("flows");
            assertEquals(List.of("audit", "orders"), names(flows));
            checkFlow(flows.get("orders"), ordersSent, result(iteration, "receiver-1"));
            checkFlow(flows.get("audit"), auditSent, result(iteration, "receiver-2"));
            for (String figure : List.of("sent", "received", "lost", "refused", "vanished", "duplicates", "errors")) {
                assertEquals(
                        summary.get("messages").get(figure).asLong(),
                        flows.get("orders").get("messages").get(figure).asLong()
                                + flows.get("audit").get("messages").get(figure).asLong(),
                        figure + " of the flows adds up to the test's");
            }
            for (String role : List.of("sender", "receiver")) {
                double total = summary.get("rate").get(role).get("mean").asDouble();
                double sum = flows.get("orders")
                                .get("rate")
                                .get(role)
                                .get("mean")
                                .asDouble()
                        + flows.get("audit").get("rate").get(role).get("mean").asDouble();
                assertEquals(total, sum, 1e-6, role + " rates of the flows add up to the test's");
                double bytes = flows.get("orders")
                                .get("rate")
                                .get(role)
                                .get("megabytesPerSecond")
                                .asDouble()
                        + flows.get("audit")
                                .get("rate")
                                .get(role)
                                .get("megabytesPerSecond")
                                .asDouble();
                assertEquals(
                        bytes,
                        summary.get("rate").get(role).get("megabytesPerSecond").asDouble(),
                        1e-9,
                        "of 256 and 1024-byte messages, the test's MB/s is the flows' sum");
            }
            double ordersRate =
                    flows.get("orders").get("rate").get("sender").get("mean").asDouble();
            double auditRate =
                    flows.get("audit").get("rate").get("sender").get("mean").asDouble();
            assertEquals(
                    (double) ORDERS_RATE / AUDIT_RATE * 2,
                    ordersRate / auditRate,
                    0.1,
                    "orders sends 5 times the audit's rate: " + ordersRate + " vs " + auditRate);
            assertTrue(
                    flows.get("audit")
                                    .get("latency")
                                    .get("responseTime")
                                    .get("count")
                                    .asLong()
                            > 0,
                    flows.toString());

            String junit = Files.readString(test.resolve("junit.xml"));
            assertTrue(junit.contains("name=\"orders-audit.orders #0\""), junit);
            assertTrue(junit.contains("name=\"orders-audit.audit #0\""), junit);
            assertTrue(junit.contains("tests=\"3\""), junit);
            String page = Files.readString(test.resolve("iteration-0.html"));
            assertTrue(page.contains("id=\"flow-orders\""), "a section per flow");
            assertTrue(page.contains("id=\"flow-audit\""), "a section per flow");
            assertTrue(
                    page.contains(String.format(java.util.Locale.ROOT, "%,d", auditSent)),
                    "the audit flow's count on the page");
            assertTableRow(run.out(), "orders-audit.orders", ordersSent);
            assertTableRow(run.out(), "orders-audit.audit", auditSent);
        }
    }

    private static List<String> names(JsonNode object) {
        List<String> names = new ArrayList<>();
        object.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A flow's counts: its senders' and its receiver's own counts, and sent = received + refused + vanished. */
    private static void checkFlow(JsonNode flow, long sent, PeerResult receiver) {
        JsonNode messages = flow.get("messages");
        assertEquals(sent, messages.get("sent").asLong(), flow.toString());
        assertEquals(
                receiver.count() - receiver.duplicates(),
                messages.get("received").asLong(),
                flow.toString());
        assertEquals(receiver.duplicates(), messages.get("duplicates").asLong(), flow.toString());
        assertEquals(
                messages.get("sent").asLong(),
                messages.get("received").asLong()
                        + messages.get("refused").asLong()
                        + messages.get("vanished").asLong(),
                "sent = received + refused + vanished: " + messages);
        assertEquals(0, messages.get("lost").asLong(), messages.toString());
        assertTrue(flow.get("lossHeld").asBoolean(), flow.toString());
    }

    /** The final table has a row for the flow, with its count of messages sent. */
    private static void assertTableRow(String output, String name, long sent) {
        String row = output.lines()
                .filter(line -> line.startsWith(name + " "))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no row " + name + " in\n" + output));
        String[] cells = row.trim().split("\\s+");
        assertEquals("PASS", cells[2], row);
        assertEquals(String.format(java.util.Locale.ROOT, "%,d", sent), cells[3], row);
    }

    @Test
    void aTestAskingForMoreSendersThanAnsweredFailsBeforeAnyLoad() throws Exception {
        try (EmbeddedArtemis sut = sut("flows-short");
                EmbeddedCluster cluster = cluster()) {
            Path script = Files.writeString(work.resolve("TooMany.groovy"), """
                    maestro.test {
                        name "too-many"; duration "2s"; sut maestro.env("URL", "")
                        flow("orders") { senders 3; receivers 1 }
                        flow("audit") { senders 2; receivers 1 }
                    }
                    """);

            CliRun run = run(cluster, script, Map.of("URL", sut.amqpUrl("flows.short")));

            String printed = run.out() + run.err();
            assertEquals(ExitCode.INFRASTRUCTURE.code(), run.exitCode(), printed);
            assertTrue(
                    printed.contains("flow 'audit' asks for 2 sender(s) but 4 answered and 1 of them were free"),
                    printed);
            assertTrue(printed.contains("maestro-cli worker --role sender --maestro-url"), printed);
            assertTrue(sut.messagesAdded("flows.short").isEmpty(), "nothing was sent");
            Path iteration = work.resolve("results/too-many/0");
            assertFalse(
                    Files.isDirectory(iteration) && !peerDirectories(iteration).isEmpty(),
                    "no peer ran, so none has files");
        }
    }
}

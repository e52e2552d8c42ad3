package org.maestro.inspector.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.nats.client.Connection;
import io.nats.client.JetStream;
import io.nats.client.Message;
import io.nats.client.Nats;
import io.nats.client.Options;
import io.nats.client.Subscription;
import io.nats.client.api.StorageType;
import io.nats.client.api.StreamConfiguration;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.TickedInspection;
import org.maestro.inspector.role.Inspectors;
import org.maestro.testing.NatsServerProcess;

/** The nats inspector against a real nats-server of the test's own, through its monitoring port. */
class NatsInspectorTest {
    private static final int CORE_MESSAGES = 25;
    private static final int STREAM_MESSAGES = 10;
    private static final int SIZE = 100;

    @TempDir
    Path results;

    private static Connection connect(NatsServerProcess server, String name) throws Exception {
        return Nats.connect(new Options.Builder()
                .server(server.url())
                .connectionName(name)
                .connectionTimeout(Duration.ofSeconds(5))
                .build());
    }

    @Test
    void countersGrowByWhatWasSentAndTheStreamHoldsWhatWasStored() throws Exception {
        String id = UUID.randomUUID().toString().substring(0, 8);
        String subject = "maestro.inspector.test." + id;
        String stream = "maestro-inspector-test-" + id;
        try (NatsServerProcess server = NatsServerProcess.startMonitored()) {
            NatsInspector inspector =
                    new NatsInspector(ManagementUrl.parse(server.monitorUrl()), Duration.ofSeconds(5));
            inspector.connect();
            assertEquals("NATS", inspector.facts().get("sut.product"));
            assertEquals("true", inspector.facts().get("nats.jetstream"));
            try (TickedInspection inspection = new TickedInspection(inspector, results);
                    Connection publisher = connect(server, "pub-" + id);
                    Connection subscriber = connect(server, "sub-" + id);
                    Connection storer = connect(server, "store-" + id)) {
                long inBefore = Long.parseLong(
                        inspection.pollOnce("nats-server.csv").last().get("inMsgs"));
                Subscription subscription = subscriber.subscribe(subject);
                subscriber.flush(Duration.ofSeconds(5));
                for (int i = 0; i < CORE_MESSAGES; i++) {
                    publisher.publish(subject, new byte[SIZE]);
                }
                publisher.flush(Duration.ofSeconds(5));
                for (int i = 0; i < CORE_MESSAGES; i++) {
                    Message message = subscription.nextMessage(Duration.ofSeconds(5));
                    assertNotNull(message, "message " + i + " received");
                }
                storer.jetStreamManagement()
                        .addStream(StreamConfiguration.builder()
                                .name(stream)
                                .subjects(subject + ".stored")
                                .storageType(StorageType.Memory)
                                .build());
                JetStream jetStream = storer.jetStream();
                for (int i = 0; i < STREAM_MESSAGES; i++) {
                    jetStream.publish(subject + ".stored", new byte[SIZE]);
                }

                CsvTable connections = inspection.pollUntil(
                        "nats-connections.csv",
                        "the publisher's and the " + "subscriber's counters",
                        Duration.ofSeconds(15),
                        table -> String.valueOf(CORE_MESSAGES)
                                        .equals(lastOf(table, "pub-" + id).get("inMsgs"))
                                && String.valueOf(CORE_MESSAGES)
                                        .equals(lastOf(table, "sub-" + id).get("outMsgs")));
                Map<String, String> pub = lastOf(connections, "pub-" + id);
                assertEquals(String.valueOf(CORE_MESSAGES * SIZE), pub.get("inBytes"), pub.toString());
                assertEquals("0", pub.get("outMsgs"), pub.toString());
                Map<String, String> sub = lastOf(connections, "sub-" + id);
                assertEquals(String.valueOf(CORE_MESSAGES * SIZE), sub.get("outBytes"), sub.toString());
                assertEquals("1", sub.get("subscriptions"), sub.toString());
                assertEquals("127.0.0.1", sub.get("ip"));

                Map<String, String> varz =
                        CsvTable.read(results.resolve("nats-server.csv")).last();
                long inAfter = Long.parseLong(varz.get("inMsgs"));
                assertTrue(inAfter - inBefore >= CORE_MESSAGES + STREAM_MESSAGES, inBefore + " → " + inAfter);
                assertEquals("3", varz.get("connections"), varz.toString());
                assertTrue(Long.parseLong(varz.get("mem")) > 1_000_000, varz.toString());

                Map<String, String> stored =
                        CsvTable.read(results.resolve("nats-streams.csv")).lastWhere("stream", stream);
                assertEquals(String.valueOf(STREAM_MESSAGES), stored.get("messages"), stored.toString());
                assertEquals("0", stored.get("consumers"), stored.toString());
                assertTrue(Long.parseLong(stored.get("bytes")) >= (long) STREAM_MESSAGES * SIZE, stored.toString());
                Map<String, String> jetStreamTotals =
                        CsvTable.read(results.resolve("nats-jetstream.csv")).last();
                assertEquals("1", jetStreamTotals.get("streams"), jetStreamTotals.toString());
                assertEquals(String.valueOf(STREAM_MESSAGES), jetStreamTotals.get("messages"));
                assertEquals(0, inspection.stats().errors(), inspection.stats().lastError());
            }
        }
    }

    private static Map<String, String> lastOf(CsvTable connections, String name) {
        return connections.rows().stream()
                .filter(row -> row.get("connection").startsWith(name + "#"))
                .reduce((first, second) -> second)
                .orElse(Map.of());
    }

    @Test
    void aNatsMonitoringUrlChoosesTheNatsInspector() {
        assertEquals("nats", Inspectors.forUrl(ManagementUrl.parse("nats+http://host:8222")));
        assertEquals(
                "http://host:8222",
                NatsInspector.monitorBase(ManagementUrl.parse("nats+http://host:8222/"))
                        .toString());
    }
}

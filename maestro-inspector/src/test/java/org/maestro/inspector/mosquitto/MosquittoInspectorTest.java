package org.maestro.inspector.mosquitto;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.FreePorts;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.TickedInspection;
import org.maestro.inspector.role.Inspectors;
import org.maestro.testing.MosquittoProcess;

/** The mosquitto inspector against a real mosquitto of the test's own, publishing $SYS every second. */
class MosquittoInspectorTest {
    private static final int MESSAGES = 20;
    private static final int SIZE = 50;

    @TempDir
    Path results;

    private static MqttClient client(MosquittoProcess broker, String name) throws Exception {
        MqttClient client = new MqttClient(broker.serverUri(), name, new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setConnectionTimeout(5);
        // room for every publish of the test at once: Paho refuses more than its window (10) in flight
        options.setMaxInflight(MESSAGES + 10);
        client.connect(options);
        return client;
    }

    @Test
    void countersGrowByWhatWasPublishedAndClientsAndRetainedMessagesAreCounted() throws Exception {
        String topic = "maestro/inspector/test/" + UUID.randomUUID();
        try (MosquittoProcess broker = MosquittoProcess.start("sys_interval 1")) {
            MosquittoInspector inspector =
                    new MosquittoInspector(ManagementUrl.parse(broker.url()), Duration.ofSeconds(5));
            inspector.connect();
            assertTrue(
                    inspector.facts().get("sut.version").matches("\\d+\\.\\d+.*"),
                    inspector.facts().toString());
            try (TickedInspection inspection = new TickedInspection(inspector, results)) {
                long retainedBefore = Long.parseLong(inspection
                        .pollUntil(
                                "mosquitto-broker.csv",
                                "the first " + "figures",
                                Duration.ofSeconds(10),
                                table -> !table.last()
                                        .getOrDefault("retainedMessages", "")
                                        .isEmpty())
                        .last()
                        .get("retainedMessages"));
                MqttClient subscriber = client(broker, "sub-" + UUID.randomUUID());
                MqttClient publisher = client(broker, "pub-" + UUID.randomUUID());
                try {
                    CountDownLatch received = new CountDownLatch(MESSAGES);
                    subscriber.subscribe(topic, 1, (t, m) -> received.countDown());
                    publisher.publish(topic + "/retained", new byte[SIZE], 1, true);
                    Map<String, String> state = inspection
                            .pollUntil(
                                    "mosquitto-broker.csv",
                                    "3 clients connected " + "and one more retained message",
                                    Duration.ofSeconds(10),
                                    table -> "3".equals(table.last().get("clientsConnected"))
                                            // $SYS topics are retained too, so the count may also grow by new ones of
                                            // those
                                            && Long.parseLong(table.last().get("retainedMessages"))
                                                    >= retainedBefore + 1
                                            // each figure is a $SYS topic of its own, published one after the other:
                                            // wait for all
                                            && !table.last()
                                                    .getOrDefault("subscriptions", "")
                                                    .isEmpty()
                                            && Long.parseLong(table.last().get("subscriptions")) >= 2)
                            .last();
                    assertTrue(Long.parseLong(state.get("subscriptions")) >= 2, "$SYS/# and the test's: " + state);
                    assertTrue(Long.parseLong(state.get("uptimeSeconds")) >= 0, state.toString());
                    // $SYS figures of one interval are published together: these counters include the retained one
                    Map<String, String> before = CsvTable.read(results.resolve("mosquitto-traffic.csv"))
                            .last();
                    long receivedBefore = Long.parseLong(before.get("publishReceived"));
                    long bytesBefore = Long.parseLong(before.get("publishBytesReceived"));

                    for (int i = 0; i < MESSAGES; i++) {
                        publisher.publish(topic, new byte[SIZE], 1, false);
                    }
                    assertTrue(received.await(10, TimeUnit.SECONDS), "the subscriber got every message");
                    CsvTable traffic = inspection.pollUntil(
                            "mosquitto-traffic.csv",
                            MESSAGES + " more PUBLISH " + "received",
                            Duration.ofSeconds(15),
                            table -> Long.parseLong(table.last().get("publishReceived")) - receivedBefore == MESSAGES);
                    Map<String, String> after = traffic.last();
                    assertEquals(
                            (long) MESSAGES * SIZE,
                            Long.parseLong(after.get("publishBytesReceived")) - bytesBefore,
                            after.toString());
                    assertTrue(Long.parseLong(after.get("publishSent")) >= MESSAGES, after.toString());
                    List<String> windows = CsvTable.read(results.resolve("mosquitto-load.csv")).rows().stream()
                            .map(row -> row.get("window"))
                            .distinct()
                            .toList();
                    assertEquals(List.of("1min", "5min", "15min"), windows);
                    assertEquals(
                            0, inspection.stats().errors(), inspection.stats().lastError());
                } finally {
                    publisher.disconnect();
                    publisher.close();
                    subscriber.disconnect();
                    subscriber.close();
                }
            }
        }
    }

    @Test
    void aBrokerThatIsNotRunningIsUnreachable() {
        MosquittoInspector inspector = new MosquittoInspector(
                ManagementUrl.parse("mqtt://127.0.0.1:" + FreePorts.next()), Duration.ofSeconds(2));
        InspectionException error = assertThrows(InspectionException.class, inspector::connect);
        assertEquals(InspectionException.Kind.UNREACHABLE, error.kind(), error.getMessage());
        assertTrue(error.getMessage().startsWith("cannot connect to mqtt://127.0.0.1:"), error.getMessage());
        inspector.close();
    }

    @Test
    void aBrokerThatPublishesNoSysTopicsIsRefusedSayingWhy() throws Exception {
        try (MosquittoProcess broker = MosquittoProcess.start("sys_interval 0")) {
            MosquittoInspector inspector =
                    new MosquittoInspector(ManagementUrl.parse(broker.url()), Duration.ofSeconds(1));
            InspectionException error = assertThrows(InspectionException.class, inspector::connect);
            assertEquals(InspectionException.Kind.BAD_REPLY, error.kind(), error.getMessage());
            assertEquals(
                    broker.url() + " sent no $SYS/broker/version within 1000 ms of subscribing to $SYS/#; is it "
                            + "Mosquitto, with sys_interval above 0 and $SYS readable by this user?",
                    error.getMessage());
            inspector.close();
        }
    }

    @Test
    void anMqttUrlChoosesTheMosquittoInspector() {
        assertEquals("mosquitto", Inspectors.forUrl(ManagementUrl.parse("mqtt://broker:1883")));
    }
}

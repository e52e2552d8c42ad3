package org.maestro.inspector.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.ManagementUrl;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.TickedInspection;
import org.maestro.inspector.role.Inspectors;
import org.maestro.testing.LocalRabbitMq;

/** The rabbitmq inspector against the real broker of this machine, through its management HTTP API. */
class RabbitMqInspectorTest {

    @TempDir
    Path results;

    @Test
    void queueDepthAndCountersFollowWhatWasPublishedAndConsumed() throws Exception {
        LocalRabbitMq.assumeManagement();
        String queue = LocalRabbitMq.uniqueName();
        LocalRabbitMq.declareQueue(queue);
        try {
            RabbitMqInspector inspector = new RabbitMqInspector(
                    ManagementUrl.parse("rabbitmq+http://guest:guest@127.0.0.1:15672"), Duration.ofSeconds(5));
            inspector.connect();
            assertEquals("RabbitMQ", inspector.facts().get("sut.product"));
            assertTrue(
                    inspector.facts().get("sut.version").matches("\\d+\\.\\d+\\.\\d+.*"),
                    inspector.facts().toString());
            try (TickedInspection inspection = new TickedInspection(inspector, results)) {
                CsvTable first = inspection.pollOnce("rabbitmq-queues.csv");
                Map<String, String> fresh = first.lastWhere("queue", queue);
                // a queue the management API has not sampled yet has no figures: empty cells, not zeros
                assertTrue(Set.of("", "0").contains(fresh.get("messages")), fresh.toString());
                assertTrue(Set.of("", "0").contains(fresh.get("messagesPublished")), fresh.toString());
                try (Connection connection = amqpConnection();
                        Channel channel = connection.createChannel()) {
                    for (int i = 0; i < 7; i++) {
                        channel.basicPublish("", queue, null, ("message " + i).getBytes(StandardCharsets.UTF_8));
                    }
                    for (int i = 0; i < 3; i++) {
                        channel.basicAck(
                                channel.basicGet(queue, false).getEnvelope().getDeliveryTag(), false);
                    }
                    assertTrue(channel.basicGet(queue, false) != null, "a fourth message is held unacknowledged");
                    // the management API refreshes queue figures every 5 s (collect_statistics_interval)
                    CsvTable queues = inspection.pollUntil(
                            "rabbitmq-queues.csv",
                            "4 messages left of 7 " + "published, 3 acknowledged, 1 held, no consumer",
                            Duration.ofSeconds(25),
                            table -> {
                                Map<String, String> row = table.lastWhere("queue", queue);
                                return "4".equals(row.get("messages"))
                                        && "7".equals(row.get("messagesPublished"))
                                        && "3".equals(row.get("messagesAcknowledged"))
                                        && "1".equals(row.get("messagesUnacknowledged"))
                                        // sampled apart from the message figures: empty until the API has it
                                        && "0".equals(row.get("consumers"));
                            });
                    Map<String, String> row = queues.lastWhere("queue", queue);
                    assertEquals("/", row.get("vhost"));
                    assertEquals("3", row.get("messagesReady"));
                    assertEquals("4", row.get("messagesDelivered"));
                    assertEquals("0", row.get("consumers"));
                    assertTrue(Long.parseLong(row.get("memory")) > 0, row.toString());
                }
                assertEquals(0, inspection.stats().errors(), inspection.stats().lastError());
            }
        } finally {
            LocalRabbitMq.deleteQueue(queue);
        }
        CsvTable overview = CsvTable.read(results.resolve("rabbitmq-overview.csv"));
        Map<String, String> broker = overview.last();
        assertTrue(Long.parseLong(broker.get("messagesPublished")) >= 7, broker.toString());
        assertTrue(Long.parseLong(broker.get("queues")) >= 1, broker.toString());
        CsvTable nodes = CsvTable.read(results.resolve("rabbitmq-nodes.csv"));
        Map<String, String> node = nodes.last();
        assertEquals("true", node.get("running"));
        assertTrue(
                Long.parseLong(node.get("memUsed")) > 0
                        && Long.parseLong(node.get("memUsed")) < Long.parseLong(node.get("memLimit")) * 10,
                node.toString());
        assertFalse(Files.readString(results.resolve("rabbitmq-overview.csv")).contains("guest:guest"));
    }

    @Test
    void wrongCredentialsAreRefusedAsUnauthorizedWithoutShowingThePassword() throws Exception {
        LocalRabbitMq.assumeManagement();
        RabbitMqInspector inspector = new RabbitMqInspector(
                ManagementUrl.parse("http://guest:not-the-password@127.0.0.1:15672/api"), Duration.ofSeconds(5));
        InspectionException refused = assertThrows(InspectionException.class, inspector::connect);
        assertEquals(InspectionException.Kind.UNAUTHORIZED, refused.kind());
        assertEquals(
                "http://guest:***@127.0.0.1:15672/api refused the credentials of user 'guest' (HTTP 401); "
                        + "check the user and password in MANAGEMENT_INTERFACE",
                refused.getMessage());
    }

    /** An AMQP 0-9-1 connection to the broker (guest/guest), for traffic. */
    private static Connection amqpConnection() throws Exception {
        ConnectionFactory factory = new ConnectionFactory();
        factory.setHost(LocalRabbitMq.HOST);
        factory.setPort(LocalRabbitMq.PORT);
        return factory.newConnection("maestro-inspector-test");
    }

    @Test
    void theManagementApiUrlChoosesTheRabbitmqInspectorAndAJolokiaUrlStillTheArtemisOne() {
        assertEquals("rabbitmq", Inspectors.forUrl(ManagementUrl.parse("http://guest:guest@host:15672/api")));
        assertEquals("rabbitmq", Inspectors.forUrl(ManagementUrl.parse("rabbitmq+https://host:15671")));
        assertEquals("artemis", Inspectors.forUrl(ManagementUrl.parse("http://admin:admin@host:8161/console/jolokia")));
        assertEquals(
                "http://host:15672/api",
                RabbitMqInspector.apiBase(ManagementUrl.parse("rabbitmq+http://host:15672"))
                        .toString());
    }
}

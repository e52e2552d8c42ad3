package org.maestro.inspector.artemis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.management.OperatingSystemMXBean;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.qpid.jms.JmsConnectionFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.base.net.ManagementUrl;
import org.maestro.base.time.MicroClock;
import org.maestro.embedded.EmbeddedArtemis;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionPoller;
import org.maestro.inspector.ManualTicker;
import org.maestro.inspector.TickedInspection;
import org.maestro.inspector.csv.DataSetFiles;

/** The Artemis inspector against an embedded broker with Jolokia: queue figures, credentials, brokers told apart. */
class ArtemisInspectorTest {
    private static final String USER = "inspector";
    private static final String PASSWORD = "s3cret-pw";
    private static EmbeddedArtemis broker;
    private static EmbeddedJolokia jolokia;

    @BeforeAll
    static void startBrokerAndAgent() throws Exception {
        broker = EmbeddedArtemis.builder().amqp().name("inspected-broker").start();
        jolokia = EmbeddedJolokia.start(USER, PASSWORD);
    }

    @AfterAll
    static void stop() throws Exception {
        if (jolokia != null) {
            jolokia.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    void queueMessageCountGrowsOverPollsWhileAProducerLoadsAQueueWithoutConsumer(@TempDir Path results)
            throws Exception {
        String queue = "inspected.load";
        ArtemisInspector inspector = new ArtemisInspector(ManagementUrl.parse(jolokia.url()), Duration.ofSeconds(5));
        inspector.connect();
        assertEquals(
                broker.server().getVersion().getFullVersion(), inspector.facts().get("sut.version"));
        assertEquals("inspected-broker", inspector.facts().get("sut.name"));

        ManualTicker ticker = new ManualTicker();
        List<Integer> sentBeforePoll = new ArrayList<>();
        try (DataSetFiles files = DataSetFiles.create(results, inspector.dataSets());
                Connection connection =
                        new JmsConnectionFactory("amqp://127.0.0.1:" + broker.amqpPort()).createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(session.createQueue(queue));
            producer.setDeliveryMode(DeliveryMode.PERSISTENT); // each send waits for the broker's acceptance
            InspectionPoller poller =
                    new InspectionPoller(inspector, files, Duration.ofSeconds(1), ticker, MicroClock.system());
            poller.start();
            int sent = 0;
            for (int batch = 1; batch <= 3; batch++) {
                for (int i = 0; i < 40 * batch; i++) {
                    producer.send(session.createTextMessage("load " + sent++));
                }
                sentBeforePoll.add(sent);
                ticker.tick();
                TickedInspection.awaitPolls(poller, batch);
            }
            poller.stop(Duration.ofSeconds(5));
            assertEquals(0, poller.stats().errors(), poller.stats().lastError());
        } finally {
            inspector.close();
        }

        CsvTable queues = CsvTable.read(results.resolve("artemis-queues.csv"));
        assertEquals("# maestro-inspector v1", queues.formatLine());
        assertEquals(
                List.of(
                        "timestamp",
                        "address",
                        "queue",
                        "routingType",
                        "messageCount",
                        "messagesAdded",
                        "messagesAcknowledged",
                        "messagesExpired",
                        "messagesKilled",
                        "consumerCount",
                        "deliveringCount"),
                queues.header());
        List<Map<String, String>> rows = queues.where("queue", queue);
        assertEquals(3, rows.size(), "one row per poll: " + rows);
        for (int poll = 0; poll < 3; poll++) {
            Map<String, String> row = rows.get(poll);
            assertEquals(queue, row.get("address"));
            assertEquals("ANYCAST", row.get("routingType"));
            assertEquals(sentBeforePoll.get(poll), Integer.valueOf(row.get("messageCount")), "poll " + poll);
            assertEquals(sentBeforePoll.get(poll), Integer.valueOf(row.get("messagesAdded")), "poll " + poll);
            assertEquals("0", row.get("consumerCount"));
            assertEquals("0", row.get("messagesAcknowledged"));
        }
        assertTrue(Long.parseLong(rows.get(0).get("timestamp"))
                <= Long.parseLong(rows.get(2).get("timestamp")));

        CsvTable heap = CsvTable.read(results.resolve("artemis-jvm-heap.csv"));
        assertEquals(3, heap.rows().size());
        long jvmMax = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getMax();
        for (Map<String, String> row : heap.rows()) {
            long used = Long.parseLong(row.get("used"));
            long committed = Long.parseLong(row.get("committed"));
            long max = Long.parseLong(row.get("max"));
            assertTrue(used > 0 && committed > 0, row.toString());
            assertTrue(used <= committed, row.toString());
            assertEquals(jvmMax, max);
            if (max >= 0) {
                assertTrue(committed <= max && used <= max, row.toString());
            }
        }

        CsvTable pools = CsvTable.read(results.resolve("artemis-memory-pools.csv"));
        List<String> poolNames = ManagementFactory.getMemoryPoolMXBeans().stream()
                .filter(pool -> pool.isValid())
                .map(pool -> pool.getName())
                .sorted()
                .toList();
        assertEquals(
                poolNames,
                pools.rows().stream()
                        .filter(r -> r.get("timestamp").equals(heap.timestamps().get(0)))
                        .map(r -> r.get("pool"))
                        .toList());
        assertEquals("NON_HEAP", pools.where("pool", "Metaspace").get(0).get("type"));

        CsvTable os = CsvTable.read(results.resolve("artemis-os.csv"));
        OperatingSystemMXBean system = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (Map<String, String> row : os.rows()) {
            long open = Long.parseLong(row.get("openFileDescriptors"));
            assertTrue(open > 0 && open <= Long.parseLong(row.get("maxFileDescriptors")), row.toString());
            assertEquals(system.getTotalMemorySize(), Long.parseLong(row.get("totalPhysicalMemory")));
            assertEquals(Runtime.getRuntime().availableProcessors(), Integer.parseInt(row.get("availableProcessors")));
        }
    }

    @Test
    void aWrongPasswordIsRefusedWithAMessageSayingSoAndWithoutThePassword() {
        String url = jolokia.urlWithoutCredentials().replace("http://", "http://" + USER + ":wrong-pw@");
        ArtemisInspector inspector = new ArtemisInspector(ManagementUrl.parse(url), Duration.ofSeconds(5));
        InspectionException refused = assertThrows(InspectionException.class, inspector::connect);
        assertTrue(
                refused.getMessage().contains("refused the credentials of user 'inspector' (HTTP 401)"),
                refused.getMessage());
        assertFalse(refused.getMessage().contains("wrong-pw"), refused.getMessage());
        InspectionException pollRefused = assertThrows(InspectionException.class, inspector::poll);
        assertTrue(pollRefused.getMessage().contains("HTTP 401"), pollRefused.getMessage());
        inspector.close();
    }

    @Test
    void theEmbeddedAgentReadsButRefusesToWriteAnAttributeOrRunAnOperation() throws Exception {
        boolean verbose = ManagementFactory.getMemoryMXBean().isVerbose();
        String read = "{\"type\":\"read\",\"mbean\":\"java.lang:type=Memory\",\"attribute\":\"Verbose\"}";
        String write = "{\"type\":\"write\",\"mbean\":\"java.lang:type=Memory\",\"attribute\":\"Verbose\","
                + "\"value\":" + !verbose + "}";
        String exec = "{\"type\":\"exec\",\"mbean\":\"java.lang:type=Memory\",\"operation\":\"gc\"}";

        assertEquals(200, jolokiaStatus(read), "a read is allowed");
        assertEquals(403, jolokiaStatus(write), "a write is refused");
        assertEquals(403, jolokiaStatus(exec), "an operation is refused");
        assertEquals(verbose, ManagementFactory.getMemoryMXBean().isVerbose(), "the attribute was not written");
    }

    /** The status Jolokia gives a request: the HTTP status, or the status in its answer when HTTP says 200. */
    private static int jolokiaStatus(String request) throws Exception {
        java.net.http.HttpResponse<String> response = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(jolokia.urlWithoutCredentials()))
                                .header(
                                        "Authorization",
                                        "Basic "
                                                + java.util.Base64.getEncoder()
                                                        .encodeToString((USER + ":" + PASSWORD)
                                                                .getBytes(java.nio.charset.StandardCharsets.UTF_8)))
                                .POST(java.net.http.HttpRequest.BodyPublishers.ofString(request))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            return response.statusCode();
        }
        return new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(response.body())
                .path("status")
                .asInt();
    }

    @Test
    void missingCredentialsAreAskedFor() {
        ArtemisInspector inspector =
                new ArtemisInspector(ManagementUrl.parse(jolokia.urlWithoutCredentials()), Duration.ofSeconds(5));
        InspectionException refused = assertThrows(InspectionException.class, inspector::connect);
        assertTrue(refused.getMessage().contains("asks for credentials (HTTP 401)"), refused.getMessage());
    }

    @Test
    void withTwoBrokersInTheJvmOnlyTheNamedBrokersQueuesAreListed() throws Exception {
        try (EmbeddedArtemis other =
                EmbeddedArtemis.builder().amqp().name("other-broker").start()) {
            other.server()
                    .createQueue(org.apache.activemq.artemis.api.core.QueueConfiguration.of("other.queue")
                            .setRoutingType(org.apache.activemq.artemis.api.core.RoutingType.ANYCAST));
            broker.server()
                    .createQueue(org.apache.activemq.artemis.api.core.QueueConfiguration.of("inspected.queue")
                            .setRoutingType(org.apache.activemq.artemis.api.core.RoutingType.ANYCAST));

            ArtemisInspector unnamed = new ArtemisInspector(ManagementUrl.parse(jolokia.url()), Duration.ofSeconds(5));
            InspectionException refused = assertThrows(InspectionException.class, unnamed::connect);
            assertTrue(refused.getMessage().contains("serves 2 Artemis brokers"), refused.getMessage());
            assertTrue(refused.getMessage().contains("?broker=<name>"), refused.getMessage());
            unnamed.close();

            ArtemisInspector misnamed =
                    new ArtemisInspector(ManagementUrl.parse(jolokia.url() + "?broker=nope"), Duration.ofSeconds(5));
            InspectionException unknown = assertThrows(InspectionException.class, misnamed::connect);
            assertTrue(unknown.getMessage().startsWith("no Artemis broker named 'nope'"), unknown.getMessage());
            misnamed.close();

            ArtemisInspector named = new ArtemisInspector(
                    ManagementUrl.parse(jolokia.url() + "?broker=inspected-broker"), Duration.ofSeconds(5));
            named.connect();
            assertEquals("inspected-broker", named.facts().get("sut.name"));
            List<List<Object>> queues = named.poll().rows(ArtemisDataSets.QUEUES);
            named.close();
            List<Object> names = queues.stream().map(row -> row.get(1)).toList();
            assertTrue(names.contains("inspected.queue"), names.toString());
            assertFalse(names.contains("other.queue"), names.toString());
        }
    }
}

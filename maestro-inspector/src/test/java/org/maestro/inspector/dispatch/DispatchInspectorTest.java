package org.maestro.inspector.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maestro.amqp.management.AmqpManagementClient;
import org.maestro.amqp.management.ManagementReply;
import org.maestro.base.net.FreePorts;
import org.maestro.base.net.ManagementUrl;
import org.maestro.base.time.MicroClock;
import org.maestro.common.testing.DispatchFixture;
import org.maestro.common.testing.ManagementResponder;
import org.maestro.inspector.CsvTable;
import org.maestro.inspector.InspectionException;
import org.maestro.inspector.InspectionPoller;
import org.maestro.inspector.ManualTicker;
import org.maestro.inspector.Sample;
import org.maestro.inspector.TickedInspection;
import org.maestro.inspector.csv.DataSet;
import org.maestro.inspector.csv.DataSetFiles;

/** The Qpid Dispatch router inspector over real AMQP management: data sets, router errors, restarts and timeouts. */
class DispatchInspectorTest {
    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private final DispatchFixture fixture = DispatchFixture.load();

    @Test
    void writesTheFiveDataSetsWithTheRecordedRouterValuesOverRealAmqp(@TempDir Path results) throws Exception {
        try (ManagementResponder router = ManagementResponder.start()) {
            DispatchInspector inspector = new DispatchInspector(ManagementUrl.parse(router.url()), TIMEOUT);
            inspector.connect();
            assertEquals("1.19.0", inspector.facts().get("sut.version"));
            assertEquals("R1", inspector.facts().get("sut.name"));
            ManualTicker ticker = new ManualTicker();
            try (DataSetFiles files = DataSetFiles.create(results, inspector.dataSets())) {
                InspectionPoller poller = new InspectionPoller(
                        inspector, files, Duration.ofSeconds(5), ticker, () -> 1_732_262_400_000_000L);
                poller.start();
                ticker.tick();
                TickedInspection.awaitPolls(poller, 1);
                ticker.tick();
                TickedInspection.awaitPolls(poller, 2);
                poller.stop(TIMEOUT);
                assertEquals(0, poller.stats().errors(), poller.stats().lastError());
            } finally {
                inspector.close();
            }
            assertEquals(List.of(), router.mismatches(), "requests differ from the recorded ones");
            assertEquals(1, router.connections(), "one connection kept open between polls");
            assertEquals(1 + 2 * 5, router.requests().size(), "one request to connect, five per poll");
        }

        for (DataSet dataSet : DispatchDataSets.ALL) {
            CsvTable table = CsvTable.read(results.resolve(dataSet.fileName()));
            assertEquals("# maestro-inspector v1", table.formatLine());
            String entityType = DispatchDataSets.entityType(dataSet);
            int entities = fixture.entityCount(entityType);
            assertEquals(2 * entities, table.rows().size(), dataSet.name());
            for (int row = 0; row < table.rows().size(); row++) {
                Map<String, String> cells = table.rows().get(row);
                assertEquals("1732262400000", cells.get("timestamp"));
                for (String column : dataSet.columns()) {
                    assertEquals(
                            text(fixture.value(entityType, row % entities, column)),
                            cells.get(column),
                            dataSet.name() + " row " + row + " column " + column);
                }
            }
        }

        // a few numbers of the recorded router, read from the fixture file by hand
        Map<String, String> router =
                CsvTable.read(results.resolve("dispatch-router.csv")).rows().get(0);
        assertEquals("4", router.get("linkCount"));
        assertEquals("6", router.get("addrCount"));
        assertEquals("1", router.get("connectionCount"));
        assertEquals("100", router.get("presettledDeliveries"));
        assertEquals("101", router.get("deliveriesIngress"));
        assertEquals("333234176", router.get("memoryUsage"));
        CsvTable links = CsvTable.read(results.resolve("dispatch-links.csv"));
        List<Map<String, String>> fixtureLinks = links.where("owningAddr", "M0closest/fixture");
        assertEquals(4, fixtureLinks.size(), "the sender's and the receiver's link, in two polls");
        fixtureLinks.forEach(link -> assertEquals("100", link.get("deliveryCount")));
        assertEquals("250", links.where("identity", "6").get(0).get("capacity"));
        Map<String, String> closest = CsvTable.read(results.resolve("dispatch-addresses.csv"))
                .where("identity", "M0closest/fixture")
                .get(0);
        assertEquals("100", closest.get("deliveriesEgress"));
        Map<String, String> buffers = CsvTable.read(results.resolve("dispatch-allocator.csv"))
                .where("typeName", "qd_buffer_t")
                .get(0);
        assertEquals("536", buffers.get("typeSize"));
        assertEquals("192", buffers.get("totalAllocFromHeap"));
        Map<String, String> connection = CsvTable.read(results.resolve("dispatch-connections.csv"))
                .rows()
                .get(0);
        assertEquals("127.0.0.1:42382", connection.get("host"));
        assertEquals("true", connection.get("isAuthenticated"));
    }

    private static String text(JsonNode value) {
        return value == null || value.isNull() || value.isMissingNode() ? "" : value.asText();
    }

    @Test
    void anErrorStatusOfTheRouterIsAnsweredAsSuchNotAsAFailure() throws Exception {
        try (ManagementResponder router = ManagementResponder.start();
                AmqpManagementClient client = AmqpManagementClient.to(ManagementUrl.parse(router.url()))
                        .timeout(TIMEOUT)
                        .connect()) {
            ManagementReply reply = client.query("org.apache.qpid.dispatch.address");
            assertEquals(400, reply.statusCode());
            assertEquals(
                    fixture.responseProperties("org.apache.qpid.dispatch.address")
                            .get("statusDescription"),
                    reply.statusDescription());
            assertEquals(Collections.emptyList(), reply.results());
            assertTrue(client.usable());
            ManagementReply listeners = client.query("org.apache.qpid.dispatch.listener");
            assertEquals(200, listeners.statusCode());
            assertEquals("36299", listeners.entities().get(0).get("port"));
        }
    }

    @Test
    void pollsOnAfterTheRouterRestartedOnItsPort(@TempDir Path results) throws Exception {
        int port;
        DispatchInspector inspector;
        ManualTicker ticker = new ManualTicker();
        try (ManagementResponder router = ManagementResponder.start();
                DataSetFiles files = DataSetFiles.create(results, DispatchDataSets.ALL)) {
            port = router.port();
            inspector = new DispatchInspector(ManagementUrl.parse(router.url()), TIMEOUT);
            inspector.connect();
            InspectionPoller poller =
                    new InspectionPoller(inspector, files, Duration.ofSeconds(1), ticker, MicroClock.system());
            poller.start();
            ticker.tick();
            TickedInspection.awaitPolls(poller, 1);
            router.close();

            ticker.tick();
            TickedInspection.awaitPolls(poller, 2);
            assertEquals(1, poller.stats().errors(), "the poll while the router is down fails");

            try (ManagementResponder restarted = ManagementResponder.start(port)) {
                ticker.tick();
                TickedInspection.awaitPolls(poller, 3);
                assertEquals(1, poller.stats().errors(), poller.stats().lastError());
                assertEquals(1, restarted.connections(), "connected again");
            }
            poller.stop(TIMEOUT);
            inspector.close();
        }
        assertEquals(
                2 * 4,
                CsvTable.read(results.resolve("dispatch-links.csv")).rows().size(),
                "two good polls of four links");
    }

    @Test
    void anUnreachableRouterIsReportedClearly() {
        int port = FreePorts.next();
        DispatchInspector inspector = new DispatchInspector(ManagementUrl.parse("amqp://127.0.0.1:" + port), TIMEOUT);
        InspectionException error = assertThrows(InspectionException.class, inspector::connect);
        assertTrue(error.getMessage().startsWith("cannot connect to amqp://127.0.0.1:" + port), error.getMessage());
        assertTrue(
                error.getMessage().contains("is the router running and is MANAGEMENT_INTERFACE right?"),
                error.getMessage());
    }

    @Test
    void aRouterAnsweringTooLateTimesOutAndTheNextPollStartsAFreshConnection() throws Exception {
        try (ManagementResponder router = ManagementResponder.start()) {
            DispatchInspector inspector =
                    new DispatchInspector(ManagementUrl.parse(router.url()), Duration.ofMillis(1500));
            inspector.connect();
            router.delayReplies(4_000);
            InspectionException late = assertThrows(InspectionException.class, inspector::poll);
            assertTrue(
                    late.getMessage()
                            .contains(
                                    "did not answer the QUERY of org.apache.qpid.dispatch.router " + "within 1500 ms"),
                    late.getMessage());
            router.delayReplies(0);
            Sample sample = inspector.poll();
            assertEquals(List.of(), sample.failures());
            assertEquals(4, sample.rows(DispatchDataSets.LINKS).size());
            assertEquals(2, router.connections());
            inspector.close();
        }
    }
}

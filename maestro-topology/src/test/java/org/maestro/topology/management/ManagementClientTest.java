package org.maestro.topology.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maestro.amqp.management.AmqpManagementException;
import org.maestro.amqp.management.ManagementReply;
import org.maestro.base.net.FreePorts;
import org.maestro.common.testing.DispatchFixture;
import org.maestro.common.testing.ManagementResponder;

/** The AMQP management client against a test double answering with replies recorded from Qpid Dispatch 1.19.0. */
class ManagementClientTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private static ManagementResponder router;

    @BeforeAll
    static void start() throws Exception {
        router = ManagementResponder.start();
    }

    @AfterAll
    static void stop() throws Exception {
        router.close();
    }

    @Test
    void readsTheRouterEntityAsRecorded() throws Exception {
        JsonNode recorded = DispatchFixture.load()
                .exchange("org.apache.qpid.dispatch.router")
                .get("response_body");
        try (ManagementClient client = ManagementClient.connect(router.url(), TIMEOUT)) {
            ManagementReply result = client.query("org.apache.qpid.dispatch.router", TIMEOUT);
            List<String> names = new ArrayList<>();
            recorded.get("attributeNames").forEach(n -> names.add(n.asText()));
            assertEquals(names, result.attributeNames());
            Map<String, Object> router = result.entities().get(0);
            assertEquals("R1", router.get("id"));
            assertEquals("1.19.0", router.get("version"));
            assertEquals(100, ((Number) router.get("presettledDeliveries")).intValue());
        }
    }

    @Test
    void readsEveryLinkRow() throws Exception {
        try (ManagementClient client = ManagementClient.connect(router.url(), TIMEOUT)) {
            ManagementReply links = client.query("org.apache.qpid.dispatch.router.link", TIMEOUT);
            assertEquals(4, links.results().size());
            assertEquals("M0closest/fixture", links.entities().get(0).get("owningAddr"));
        }
    }

    @Test
    void sendsTheRequestPropertiesTheRouterExpects() throws Exception {
        try (ManagementClient client = ManagementClient.connect(router.url(), TIMEOUT)) {
            client.query("org.apache.qpid.dispatch.connection", TIMEOUT);
        }
        Map<String, Object> sent = router.requests().get(router.requests().size() - 1);
        JsonNode recorded = DispatchFixture.load()
                .exchange("org.apache.qpid.dispatch.connection")
                .get("request_application_properties");
        @SuppressWarnings("unchecked")
        Map<String, Object> expected = new ObjectMapper().convertValue(recorded, Map.class);
        expected.forEach((key, value) -> assertEquals(value, sent.get(key), "application property " + key));
    }

    @Test
    void reportsTheStatusOfAnErrorReply() throws Exception {
        try (ManagementClient client = ManagementClient.connect(router.url(), TIMEOUT)) {
            AmqpManagementException e = assertThrows(
                    AmqpManagementException.class, () -> client.query("org.apache.qpid.dispatch.address", TIMEOUT));
            assertEquals(400, e.statusCode());
            assertEquals(
                    router.url() + " answered 400 No such entity type 'org.apache.qpid.dispatch.address' "
                            + "to a QUERY of org.apache.qpid.dispatch.address",
                    e.getMessage());
            // the session stays usable after an error reply
            assertEquals(
                    1,
                    client.query("org.apache.qpid.dispatch.listener", TIMEOUT)
                            .results()
                            .size());
        }
    }

    @Test
    void failsClearlyWhenNothingListens() throws Exception {
        int port = FreePorts.next();
        AmqpManagementException e = assertThrows(
                AmqpManagementException.class,
                () -> ManagementClient.connect("amqp://127.0.0.1:" + port, Duration.ofSeconds(2)));
        assertEquals(
                true,
                e.getMessage().startsWith("cannot open an AMQP management session to amqp://127.0.0.1:" + port),
                e.getMessage());
    }
}

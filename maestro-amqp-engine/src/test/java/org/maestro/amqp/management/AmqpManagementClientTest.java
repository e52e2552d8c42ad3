package org.maestro.amqp.management;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;
import org.maestro.base.net.ManagementUrl;
import org.maestro.common.testing.ManagementResponder;

/** The options of the AMQP management client, against a responder answering as a recorded Qpid Dispatch router. */
class AmqpManagementClientTest {
    private static final String ROUTER = "org.apache.qpid.dispatch.router";

    @Test
    void aTimeoutGivenToOneQueryBoundsThatQueryOnly() throws Exception {
        try (ManagementResponder router = ManagementResponder.start();
                AmqpManagementClient client = AmqpManagementClient.to(ManagementUrl.parse(router.url()))
                        .timeout(Duration.ofSeconds(10))
                        .connect()) {
            router.delayReplies(1_000);
            AmqpManagementException late =
                    assertThrows(AmqpManagementException.class, () -> client.query(ROUTER, Duration.ofMillis(200)));
            assertEquals(
                    router.url() + " did not answer the QUERY of " + ROUTER + " within 200 ms; the router may "
                            + "be overloaded or restarting",
                    late.getMessage());
            assertEquals(AmqpManagementException.NO_STATUS, late.statusCode());
            assertFalse(client.usable(), "a request without a reply leaves the connection unusable");
        }
    }

    @Test
    void queryOkThrowsAnErrorStatusWithItsCodeAndKeepsTheConnection() throws Exception {
        try (ManagementResponder router = ManagementResponder.start();
                AmqpManagementClient client = AmqpManagementClient.to(ManagementUrl.parse(router.url()))
                        .connect()) {
            String unknown = "org.apache.qpid.dispatch.nothing";
            assertEquals(400, client.query(unknown).statusCode(), "query returns any status");
            AmqpManagementException e = assertThrows(AmqpManagementException.class, () -> client.queryOk(unknown));
            assertEquals(400, e.statusCode());
            assertEquals(
                    router.url() + " answered 400 No such entity type '" + unknown + "' to a QUERY of " + unknown,
                    e.getMessage());
            assertTrue(client.usable());
            assertEquals("R1", client.queryOk(ROUTER).entities().get(0).get("id"));
        }
    }

    @Test
    void anUnreachableEndpointNamesTheSettingToCheck() {
        int port = FreePorts.next();
        AmqpManagementException e = assertThrows(
                AmqpManagementException.class,
                () -> AmqpManagementClient.to(ManagementUrl.parse("amqp://127.0.0.1:" + port))
                        .timeout(Duration.ofSeconds(2))
                        .urlSetting("ROUTER_URL")
                        .connect());
        assertTrue(e.getMessage().startsWith("cannot connect to amqp://127.0.0.1:" + port + " ("), e.getMessage());
        assertTrue(e.getMessage().endsWith("; is the router running and is ROUTER_URL right?"), e.getMessage());
    }

    @Test
    void refusesAUrlThatIsNotAmqp() {
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> AmqpManagementClient.to(ManagementUrl.parse("http://router:8080"))
                        .connect());
        assertEquals(
                "an AMQP management URL is amqp or amqps, such as amqp://router:5672, not http://router:8080",
                e.getMessage());
    }
}

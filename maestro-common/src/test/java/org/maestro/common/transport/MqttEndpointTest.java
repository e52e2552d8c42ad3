package org.maestro.common.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.maestro.common.embedded.FreePorts;

class MqttEndpointTest {

    @Test
    void readsCredentialsAndNeverPrintsThePassword() {
        MqttEndpoint endpoint = MqttEndpoint.parse("mqtts://maestro:s3cr%40t@broker.lab:8884");
        assertTrue(endpoint.tls());
        assertEquals("ssl://broker.lab:8884", endpoint.pahoUri());
        assertEquals("maestro", endpoint.user());
        assertArrayEquals("s3cr@t".toCharArray(), endpoint.password());
        assertFalse(endpoint.toString().contains("s3cr"), endpoint.toString());
        assertEquals("mqtt://u:***@h:1/x", MqttEndpoint.redact("mqtt://u:pw@h:1/x"));
    }

    @Test
    void defaultsThePortAndRefusesOtherSchemes() {
        assertEquals(1883, MqttEndpoint.parse("mqtt://localhost").port());
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> MqttEndpoint.parse("http://u:pw@localhost:1883"));
        assertTrue(error.getMessage().contains("mqtt://host:port"), error.getMessage());
        assertFalse(error.getMessage().contains("pw"), error.getMessage());
    }

    @Test
    void anUnreachableBrokerFailsWithinTheConnectTimeoutNamingTheUrl() {
        String url = "mqtt://127.0.0.1:" + FreePorts.next();
        long start = System.nanoTime();
        TransportException error = assertThrows(TransportException.class, () -> MqttTransport.connect(
                MqttEndpoint.parse(url), MqttTransport.Options.of("unreachable-test")));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 10);
        assertTrue(error.getMessage().contains(url), error.getMessage());
    }
}

package org.maestro.common.transport;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;
import org.maestro.base.net.UrlRedactor;

/** The control broker's MQTT endpoint: credentials, defaults and a connect deadline, never printing a password. */
class MqttEndpointTest {

    @Test
    void readsCredentialsAndNeverPrintsThePassword() {
        MqttEndpoint endpoint = MqttEndpoint.parse("mqtts://maestro:s3cr%40t@broker.lab:8884");
        assertTrue(endpoint.tls());
        assertEquals("ssl://broker.lab:8884", endpoint.pahoUri());
        assertEquals("maestro", endpoint.user());
        assertArrayEquals("s3cr@t".toCharArray(), endpoint.password());
        assertFalse(endpoint.toString().contains("s3cr"), endpoint.toString());
        assertEquals("mqtt://u:***@h:1/x", UrlRedactor.redactPassword("mqtt://u:pw@h:1/x"));
    }

    @Test
    void takesThePasswordFromTheEnvironmentWhenTheUrlNamesOnlyTheUser() {
        Map<String, String> environment = Map.of(MqttEndpoint.PASSWORD_VARIABLE, "from-env");
        MqttEndpoint userOnly = MqttEndpoint.parse("mqtts://maestro@broker.lab:8883", environment::get);
        assertEquals("maestro", userOnly.user());
        assertArrayEquals("from-env".toCharArray(), userOnly.password());
        assertEquals("mqtts://maestro:***@broker.lab:8883", userOnly.toString());

        MqttEndpoint both = MqttEndpoint.parse("mqtt://maestro:in-url@broker.lab", environment::get);
        assertArrayEquals("in-url".toCharArray(), both.password(), "a password in the URL wins");

        MqttEndpoint anonymous = MqttEndpoint.parse("mqtt://broker.lab", environment::get);
        assertNull(anonymous.user());
        assertNull(anonymous.password(), "no user, no password: MQTT sends a password only with a user");

        MqttEndpoint unset = MqttEndpoint.parse("mqtt://maestro@broker.lab", name -> null);
        assertNull(unset.password());
        assertEquals("mqtt://maestro@broker.lab:1883", unset.toString());
    }

    @Test
    void redactsPasswordsThatHoldUnencodedSeparators() {
        for (String secret : new String[] {"pa/ss", "pa@ss", "pa#ss", "pa?ss"}) {
            String url = "mqtt://maestro:" + secret + "@broker.lab:1883";
            assertEquals("mqtt://maestro:***@broker.lab:1883", UrlRedactor.redactPassword(url));
            String message = assertThrows(IllegalArgumentException.class, () -> MqttEndpoint.parse(url, n -> null))
                    .getMessage();
            assertFalse(message.contains(secret), message);
            assertTrue(message.contains("%40") && message.contains(MqttEndpoint.PASSWORD_VARIABLE), message);
        }
        assertArrayEquals(
                "p:a:ss".toCharArray(),
                MqttEndpoint.parse("mqtt://maestro:p:a:ss@broker.lab").password());
        assertEquals(
                "mqtt://maestro:***@broker.lab:1883",
                UrlRedactor.redactPassword("mqtt://maestro:p:a:ss@broker.lab:1883"));
        assertEquals("mqtt://broker.lab:1883", UrlRedactor.redactPassword("mqtt://broker.lab:1883"));
        assertEquals("mqtt://maestro@broker.lab:1883", UrlRedactor.redactPassword("mqtt://maestro@broker.lab:1883"));
    }

    @Test
    void defaultsThePortAndRefusesOtherSchemes() {
        assertEquals(1883, MqttEndpoint.parse("mqtt://localhost").port());
        IllegalArgumentException error =
                assertThrows(IllegalArgumentException.class, () -> MqttEndpoint.parse("http://u:pw@localhost:1883"));
        assertTrue(error.getMessage().contains("mqtt://host:port"), error.getMessage());
        assertFalse(error.getMessage().contains("pw"), error.getMessage());
    }

    @Test
    void anUnreachableBrokerFailsWithinTheConnectTimeoutNamingTheUrl() {
        String url = "mqtt://127.0.0.1:" + FreePorts.next();
        long start = System.nanoTime();
        TransportException error = assertThrows(
                TransportException.class,
                () -> MqttTransport.connect(MqttEndpoint.parse(url), MqttTransport.Options.of("unreachable-test")));
        assertTrue(Duration.ofNanos(System.nanoTime() - start).toSeconds() < 10);
        assertTrue(error.getMessage().contains(url), error.getMessage());
    }
}

package org.maestro.base.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** A management URL: its credentials, options and label, never showing a secret. */
class ManagementUrlTest {

    @Test
    void splitsTheCredentialsFromTheAddress() {
        ManagementUrl url = ManagementUrl.parse("http://admin:s%40cret@broker:8161/console/jolokia");
        assertEquals("http://broker:8161/console/jolokia", url.address().toString());
        assertEquals(Optional.of("admin"), url.user());
        assertEquals(Optional.of("s@cret"), url.password());
        assertEquals("http://admin:***@broker:8161/console/jolokia", url.redacted());
        assertEquals(url.redacted(), url.toString());
    }

    @Test
    void hidesSecretLookingOptionsToo() {
        ManagementUrl url = ManagementUrl.parse("http://admin:pw@broker:15672/api?token=t0k&vhost=a");
        assertEquals("http://admin:***@broker:15672/api?token=***&vhost=a", url.redacted());
        assertEquals(Optional.of("t0k"), url.queryParameter("token"));
    }

    @Test
    void aUrlWithoutCredentialsHasNone() {
        ManagementUrl url = ManagementUrl.parse("AMQP://router");
        assertEquals("amqp", url.scheme());
        assertEquals(5672, url.port(5672));
        assertTrue(url.user().isEmpty());
        assertEquals("amqp://router", url.redacted());
    }

    @Test
    void aSchemeMatchesItselfAndItsTlsForm() {
        assertTrue(ManagementUrl.parse("amqp://router").hasScheme("amqp"));
        assertTrue(ManagementUrl.parse("AMQPS://router").hasScheme("amqp"));
        assertFalse(ManagementUrl.parse("amqpx://router").hasScheme("amqp"));
        assertFalse(ManagementUrl.parse("http://router").hasScheme("amqp"));
        assertTrue(ManagementUrl.parse("nats+https://server:8222").hasScheme("nats+http"));
    }

    @Test
    void aBadUrlIsRefusedWithoutShowingItsPassword() {
        IllegalArgumentException error = assertThrows(
                IllegalArgumentException.class,
                () -> ManagementUrl.parse("http://admin:top secret@broker:8161/console/jolokia"));
        assertFalse(error.getMessage().contains("top secret"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ManagementUrl.parse("broker:8161"));
    }

    @Test
    void aQueryParameterForMaestroIsReadAndLeftOutOfTheAddress() {
        ManagementUrl url = ManagementUrl.parse("http://admin:secret@broker:8161/console/jolokia?broker=amq&x=1");
        assertEquals(Optional.of("amq"), url.queryParameter("broker"));
        assertTrue(url.queryParameter("other").isEmpty());
        ManagementUrl without = url.withoutQueryParameter("broker");
        assertEquals("http://broker:8161/console/jolokia?x=1", without.address().toString());
        assertEquals(Optional.of("secret"), without.password());
        assertEquals(
                "http://broker:8161/console/jolokia",
                ManagementUrl.parse("http://broker:8161/console/jolokia?broker=amq")
                        .withoutQueryParameter("broker")
                        .address()
                        .toString());
    }

    @Test
    void theLabelNamesTheEndpointWithoutCredentialsOrQuery() {
        assertEquals(
                "http://broker:8161/console/jolokia",
                ManagementUrl.parse("http://admin:secret@broker:8161/console/jolokia?broker=amq")
                        .label());
        assertEquals(
                "amqp://127.0.0.1:41181",
                ManagementUrl.parse("amqp://127.0.0.1:41181/").label());
    }
}

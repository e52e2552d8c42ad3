package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

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
    void aUrlWithoutCredentialsHasNone() {
        ManagementUrl url = ManagementUrl.parse("AMQP://router");
        assertEquals("amqp", url.scheme());
        assertEquals(5672, url.port(5672));
        assertTrue(url.user().isEmpty());
        assertEquals("amqp://router", url.redacted());
    }

    @Test
    void aBadUrlIsRefusedWithoutShowingItsPassword() {
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
                () -> ManagementUrl.parse("http://admin:top secret@broker:8161/console/jolokia"));
        assertFalse(error.getMessage().contains("top secret"), error.getMessage());
        assertThrows(IllegalArgumentException.class, () -> ManagementUrl.parse("broker:8161"));
    }
}

package org.maestro.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.maestro.driver.Driver;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/** The worker carries every driver module, and a URL with an unknown scheme lists the schemes of all of them. */
class DriverSchemesTest {

    @Test
    void everyDriverModuleIsFound() {
        Set<String> found =
                Drivers.all().stream().map(d -> d.getClass().getSimpleName()).collect(Collectors.toSet());
        assertTrue(
                found.containsAll(Set.of("JmsDriver", "ProtonDriver", "MqttDriver", "RabbitDriver", "NatsDriver")),
                found.toString());
    }

    @Test
    void anUnknownSchemeListsEverySchemeOfEveryDriverFound() {
        DriverException error = assertThrows(DriverException.class, () -> Drivers.forUrl("nosuch://h:1/q"));
        TreeSet<String> schemes = new TreeSet<>();
        for (Driver driver : Drivers.all()) {
            schemes.addAll(driver.schemes());
        }
        assertTrue(
                schemes.containsAll(Set.of("amqp", "failover", "proton", "mqtt", "rabbitmq", "nats", "nats+tls")),
                schemes.toString());
        assertEquals(
                "no driver for URL scheme 'nosuch' in nosuch://h:1/q; supported schemes: " + String.join(", ", schemes),
                error.getMessage());
    }

    @Test
    void theGenericTlsSchemePointsToNatsTls() {
        DriverException error = assertThrows(DriverException.class, () -> Drivers.forUrl("tls://h:4222/subject"));
        assertTrue(error.getMessage().contains("supported schemes: "), error.getMessage());
        assertTrue(
                error.getMessage().contains("write nats+tls://host:4222/subject for NATS over TLS"),
                error.getMessage());
    }
}

package org.maestro.driver.jms;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.Session;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.maestro.base.net.UrlRedactor;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/** How the JMS driver splits its URL into destination, Maestro options and Qpid JMS options. */
class JmsUrlTest {
    /**
     * The destination and Maestro options of a plain URL with Qpid JMS options, and of a failover URL without Maestro
     * options (the defaults), whose broker list stays whole with the options after it.
     */
    @ParameterizedTest
    @MethodSource("splitUrls")
    void splitsDestinationMaestroOptionsAndQpidOptions(
            String given, String connectionUri, String destination, boolean topic, boolean durable, int ackMode)
            throws Exception {
        JmsUrl url = JmsUrl.parse(given);
        assertEquals(connectionUri, url.connectionUri());
        assertEquals(destination, url.destination());
        assertEquals(topic, url.topic());
        assertEquals(durable, url.durable());
        assertEquals(ackMode, url.ackMode());
    }

    static Stream<Arguments> splitUrls() {
        return Stream.of(
                Arguments.of(
                        "amqp://broker:5672/test.topic?type=topic&durable=true&ackMode=dups_ok"
                                + "&jms.prefetchPolicy.all=500",
                        "amqp://broker:5672?jms.prefetchPolicy.all=500",
                        "test.topic",
                        true,
                        true,
                        Session.DUPS_OK_ACKNOWLEDGE),
                Arguments.of(
                        "failover:(amqp://a:5672,amqp://b:5672)/orders?failover.maxReconnectAttempts=20",
                        "failover:(amqp://a:5672,amqp://b:5672)?failover.maxReconnectAttempts=20",
                        "orders",
                        false,
                        false,
                        Session.AUTO_ACKNOWLEDGE));
    }

    @Test
    void takesCredentialsFromTheUserInfoWithoutShowingThem() throws Exception {
        JmsUrl url = JmsUrl.parse("amqp://admin:secret@broker:5672/q");
        assertEquals("admin", url.username());
        assertEquals("secret", url.password());
        assertFalse(url.toString().contains("secret"));
        assertEquals(
                "amqp://***@broker:5672/q?jms.password=***",
                UrlRedactor.redact("amqp://admin:secret@broker:5672/q?jms.password=secret"));
    }

    @Test
    void namesAnUnknownOptionAndTheKnownOnes() {
        DriverException error =
                assertThrows(DriverException.class, () -> JmsUrl.parse("amqp://broker:5672/q?prefetch=10"));
        assertTrue(
                error.getMessage().startsWith("unknown option 'prefetch' in URL amqp://broker:5672/q?prefetch=10"),
                error.getMessage());
        assertTrue(error.getMessage().contains("known options: type, durable, ackMode"), error.getMessage());
        assertTrue(error.getMessage().contains("jms."), error.getMessage());
    }

    @Test
    void namesABadOptionValueAndTheAcceptedOnes() {
        DriverException error =
                assertThrows(DriverException.class, () -> JmsUrl.parse("amqp://broker:5672/q?type=queues"));
        assertTrue(error.getMessage().contains("type=queues"), error.getMessage());
        assertTrue(error.getMessage().contains("queue or topic"), error.getMessage());
    }

    @Test
    void asksForADestination() {
        DriverException error = assertThrows(DriverException.class, () -> JmsUrl.parse("amqp://broker:5672"));
        assertTrue(error.getMessage().contains("names no destination"), error.getMessage());
    }

    @Test
    void findsTheDriverByUrlSchemeAndListsTheSupportedOnes() throws Exception {
        assertTrue(Drivers.forUrl("amqp://h:1/q") instanceof JmsDriver);
        assertTrue(Drivers.forUrl("failover:(amqp://h:1)/q") instanceof JmsDriver);
        DriverException error = assertThrows(DriverException.class, () -> Drivers.forUrl("nosuch://h:9092/t"));
        assertTrue(error.getMessage().contains("no driver for URL scheme 'nosuch'"), error.getMessage());
        assertTrue(error.getMessage().contains("amqp, amqps"), error.getMessage());
    }

    @Test
    void passesQpidOptionsThatQpidRejectsBackAsAClearError() {
        DriverException error =
                assertThrows(DriverException.class, () -> new JmsDriver().check("amqp://broker:5672/q?jms.nonsense=1"));
        assertTrue(error.getMessage().contains("jms.nonsense"), error.getMessage());
    }
}

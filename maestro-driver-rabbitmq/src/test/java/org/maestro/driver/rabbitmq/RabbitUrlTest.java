package org.maestro.driver.rabbitmq;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.driver.DriverException;

/** Parsing of the RabbitMQ driver's URLs: virtual host, options, defaults and refusals. */
class RabbitUrlTest {

    @Test
    void appliesTheDocumentedDefaults() throws Exception {
        RabbitUrl url = RabbitUrl.parse("rabbitmq://broker/?queue=orders");
        assertEquals("broker", url.host());
        assertEquals(5672, url.port());
        assertEquals("/", url.vhost());
        assertEquals("orders", url.queue());
        assertEquals("", url.exchange());
        assertEquals("orders", url.routingKey(), "the routing key defaults to the queue");
        assertTrue(url.confirm());
        assertTrue(url.mandatory());
        assertFalse(url.durable());
        assertFalse(url.declare());
        assertEquals(500, url.prefetch());
        assertEquals(1000, url.inflight());
        assertEquals("maestro", url.connectionName());
        assertEquals(5671, RabbitUrl.parse("rabbitmqs://broker?queue=q").port());
    }

    @Test
    void thePathIsThePercentDecodedVirtualHost() throws Exception {
        assertEquals("/", RabbitUrl.parse("rabbitmq://h?queue=q").vhost());
        assertEquals("/", RabbitUrl.parse("rabbitmq://h/%2F?queue=q").vhost());
        assertEquals("prod", RabbitUrl.parse("rabbitmq://h:5673/prod?queue=q").vhost());
        assertEquals("/a b", RabbitUrl.parse("rabbitmq://h/%2Fa%20b?queue=q").vhost());
        DriverException twoSegments =
                assertThrows(DriverException.class, () -> RabbitUrl.parse("rabbitmq://h/a/b?queue=q"));
        assertTrue(twoSegments.getMessage().contains("%2F"), twoSegments.getMessage());
    }

    @Test
    void readsEveryOption() throws Exception {
        RabbitUrl url = RabbitUrl.parse("rabbitmqs://u:p%40ss@h/v?queue=q&exchange=x&routingKey=k.1&confirm=false"
                + "&mandatory=false&durable=true&declare=true&prefetch=10&inflight=20&connectionName=load%201");
        assertTrue(url.tls());
        assertEquals("u", url.user());
        assertEquals("p@ss", url.password());
        assertEquals("x", url.exchange());
        assertEquals("k.1", url.routingKey());
        assertFalse(url.confirm());
        assertFalse(url.mandatory());
        assertTrue(url.durable());
        assertTrue(url.declare());
        assertEquals(10, url.prefetch());
        assertEquals(20, url.inflight());
        assertEquals("load 1", url.connectionName());
        assertEquals("", RabbitUrl.parse("rabbitmq://h?exchange=amq.fanout").routingKey());
    }

    @Test
    void refusesUnknownOptionsNamingTheKnownOnes() {
        DriverException e = assertThrows(DriverException.class, () -> RabbitUrl.parse("rabbitmq://h/?queue=q&qos=1"));
        assertTrue(e.getMessage().contains("unknown option 'qos'"), e.getMessage());
        assertTrue(e.getMessage().contains("prefetch"), e.getMessage());
    }

    @Test
    void refusesBadValuesSayingWhatIsExpected() {
        assertMessage("rabbitmq://h?queue=q&prefetch=0", "from 1 to 65535");
        assertMessage("rabbitmq://h?queue=q&prefetch=70000", "from 1 to 65535");
        assertMessage("rabbitmq://h?queue=q&confirm=yes", "true or false");
        assertMessage("rabbitmq://h?queue=", "is empty");
        assertMessage("rabbitmq://h/", "names no queue and no exchange");
        assertMessage("rabbitmq://h?exchange=x&declare=true", "needs a queue");
        assertMessage("amqp://h?queue=q", "not a RabbitMQ URL");
        assertMessage("rabbitmq:///?queue=q", "names no host");
    }

    @Test
    void neverShowsThePassword() throws Exception {
        RabbitUrl url = RabbitUrl.parse("rabbitmq://maestro:s3cret@h/?queue=q");
        assertFalse(url.toString().contains("s3cret"), url.toString());
        DriverException e = assertThrows(
                DriverException.class, () -> RabbitUrl.parse("rabbitmq://maestro:s3cret@h/?queue=q&bogus=1"));
        assertFalse(e.getMessage().contains("s3cret"), e.getMessage());
        assertTrue(e.getMessage().contains("***"), e.getMessage());
    }

    private static void assertMessage(String url, String expected) {
        DriverException e = assertThrows(DriverException.class, () -> RabbitUrl.parse(url), url);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}

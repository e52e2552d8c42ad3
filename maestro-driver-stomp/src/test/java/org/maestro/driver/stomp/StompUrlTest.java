package org.maestro.driver.stomp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.driver.DriverException;
import org.maestro.driver.testing.SubscriptionChecks;

/** How STOMP URLs are read and refused, and the form of a shared subscription picked by the server's name. */
class StompUrlTest {

    @Test
    void readsTheDestinationCredentialsAndOptions() throws Exception {
        StompUrl url = StompUrl.parse("stomp://us%40r:p%3Ass@broker:61000/queue/orders?ack=client&receipt=false"
                + "&durable=true&prefetch=50&inflight=10&vhost=%2Fprod&heartbeat=0");

        assertFalse(url.tls());
        assertEquals("broker", url.host());
        assertEquals(61000, url.port());
        assertEquals("/queue/orders", url.destination());
        assertEquals("client", url.ack());
        assertFalse(url.receipt());
        assertTrue(url.durable());
        assertEquals(50, url.prefetch());
        assertEquals(10, url.inflight());
        assertEquals("/prod", url.vhost());
        assertEquals(0, url.heartbeatMillis());
        assertEquals("us@r", url.user());
        assertEquals("p:ss", url.password());
        assertEquals(
                "stomp://***@broker:61000/queue/orders?ack=client&receipt=false&durable=true&prefetch=50"
                        + "&inflight=10&vhost=%2Fprod&heartbeat=0",
                url.toString());
    }

    @Test
    void hasDefaultsForEveryOption() throws Exception {
        StompUrl url = StompUrl.parse("stomp+ssl://host/amq/queue/a%20b");

        assertTrue(url.tls());
        assertEquals(StompUrl.DEFAULT_PORT, url.port());
        assertEquals("/amq/queue/a b", url.destination());
        assertEquals("client-individual", url.ack());
        assertTrue(url.receipt());
        assertFalse(url.durable());
        assertEquals(StompUrl.DEFAULT_PREFETCH, url.prefetch());
        assertEquals(StompUrl.DEFAULT_INFLIGHT, url.inflight());
        assertNull(url.vhost());
        assertNull(url.user());
        assertTrue(StompUrl.parse("stomps://host/topic/t").tls());
    }

    @Test
    void refusesAnUnknownOptionNamingTheKnownOnes() {
        DriverException e =
                assertThrows(DriverException.class, () -> new StompDriver().check("stomp://u:secret@h/queue/q?qos=1"));
        assertEquals(
                "unknown option 'qos' in URL stomp://***@h/queue/q?qos=1; known options: ack, receipt, durable,"
                        + " prefetch, inflight, vhost, heartbeat, subscription (see docs/drivers.md)",
                e.getMessage());
    }

    @Test
    void refusesBadValuesSayingWhatIsAccepted() {
        assertTrue(refusal("stomp://h/queue/q?ack=manual").contains("expected auto, client, client-individual"));
        assertTrue(refusal("stomp://h/queue/q?receipt=yes").contains("expected true or false"));
        assertTrue(refusal("stomp://h/queue/q?prefetch=0").contains("from 1 to 65535"));
        assertTrue(refusal("stomp://h/queue/q?vhost=").contains("vhost= in URL"));
        assertTrue(refusal("stomp://h/").contains("names no destination"));
        assertTrue(refusal("stomp:///queue/q").contains("names no host"));
        assertTrue(refusal("amqp://h/queue/q").contains("is not a STOMP URL"));
    }

    private static String refusal(String url) {
        return assertThrows(DriverException.class, () -> StompUrl.parse(url)).getMessage();
    }

    @Test
    void refusesASubscriptionOfAQueue() throws Exception {
        assertTrue(new StompDriver().deliversToEveryReceiver("stomp://h:61613/topic/orders"));
        assertFalse(new StompDriver().deliversToEveryReceiver("stomp://h:61613/topic/orders?subscription=sub-0"));
        assertFalse(new StompDriver().deliversToEveryReceiver("stomp://h:61613/queue/orders"));
        assertEquals(
                "sub-0",
                StompUrl.parse("stomp://h/exchange/amq.fanout/k?subscription=sub-0")
                        .subscription());
        SubscriptionChecks.refusedNaming(
                new StompDriver(),
                "stomp://h:61613/queue/orders?subscription=sub-0",
                "option subscription in URL stomp://h:61613/queue/orders?subscription=sub-0",
                "/queue/orders is neither",
                StompUrl.SUBSCRIPTION_EXAMPLE);
    }

    @Test
    void refusesASubscriptionOnAServerOfUnknownForm() throws Exception {
        StompUrl url = StompUrl.parse("stomp://h:61613/topic/orders?subscription=sub-0");
        DriverException e = assertThrows(DriverException.class, () -> SubscriptionForm.of(url, "ActiveMQ/5.18.3"));
        assertTrue(e.getMessage().contains("the STOMP server says it is 'ActiveMQ/5.18.3'"), e.getMessage());
        assertEquals(
                "/topic/orders::sub-0",
                SubscriptionForm.of(url, "ActiveMQ-Artemis/2.55.0").destination());
        assertEquals(
                "/topic/orders", SubscriptionForm.of(url, "RabbitMQ/3.10.8").destination());
    }
}

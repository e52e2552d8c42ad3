package org.maestro.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** How an AMQP 1.0 URL's type and subscription options are read, and the names a subscription may have. */
class TopicSubscriptionTest {
    private static final String EXAMPLE = "amqp://host:5672/orders?type=topic&subscription=sub-{s}";

    private static TopicSubscription read(String query) throws DriverException {
        return TopicSubscription.read(QueryOptions.parse("amqp://u:pw@h/orders?" + query, query), EXAMPLE);
    }

    @Test
    void aSubscriptionImpliesATopicAndSharesTheMessages() throws Exception {
        assertEquals(new TopicSubscription(true, "sub-0"), read("subscription=sub-0"));
        assertEquals(new TopicSubscription(true, "a.b_c-9"), read("type=topic&subscription=a.b_c-9"));
        assertFalse(read("subscription=sub-0").deliversToEveryReceiver());
        assertTrue(read("type=topic").deliversToEveryReceiver());
        assertFalse(read("").topic(), "a queue by default");
        assertNull(read("type=queue").subscription());
    }

    @Test
    void refusesASubscriptionOfAQueueAndBadNamesNamingTheOptionAndAnExample() {
        String queue = assertThrows(DriverException.class, () -> read("type=queue&subscription=sub-0"))
                .getMessage();
        assertEquals(
                "option subscription in URL amqp://***@h/orders?type=queue&subscription=sub-0 does not apply: a queue "
                        + "has no subscriptions (its receivers already share its messages); subscription names a "
                        + "shared subscription of a topic; write e.g. " + EXAMPLE,
                queue);
        for (String bad : new String[] {"", "a%20b", "a/b", "sub-{s}", "x".repeat(201)}) {
            String message = assertThrows(DriverException.class, () -> read("subscription=" + bad))
                    .getMessage();
            assertTrue(message.startsWith("option subscription="), message);
            assertTrue(
                    message.contains("1 to 200 letters, digits, '.', '_' or '-', e.g. subscription=sub-{s}"), message);
        }
        assertEquals("x".repeat(200), assertDoesNotThrowRead("subscription=" + "x".repeat(200)));
    }

    private static String assertDoesNotThrowRead(String query) {
        try {
            return read(query).subscription();
        } catch (DriverException e) {
            throw new AssertionError(e.getMessage(), e);
        }
    }
}

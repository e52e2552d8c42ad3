package org.maestro.client.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maestro.common.options.OptionCode;
import org.maestro.common.options.TestOptions;

/** Which receive addresses give every message to every receiver connection, as the drivers on the class path say. */
class FanOutWarningTest {

    private static Optional<String> warning(String url, int parallelCount, int receivers) {
        TestOptions options = TestOptions.DEFAULTS
                .with(OptionCode.BROKER, url)
                .with(OptionCode.PARALLEL_COUNT, Integer.toString(parallelCount));
        return FanOutWarning.of(options, receivers);
    }

    @Test
    void publishSubscribeAddressesWithSeveralReceiverConnectionsAreWarnedAbout() {
        String warned =
                warning("mqtt://user:secret@127.0.0.1:1883/prices", 3, 2).orElseThrow();
        assertTrue(
                warned.contains("each of the 6 receiver connections (2 receivers × PARALLEL_COUNT 3) gets every "
                        + "message, so every message is received 6 times"),
                warned);
        assertTrue(!warned.contains("secret"), "no password in the warning: " + warned);
        assertTrue(warning("nats://127.0.0.1:4222/prices", 2, 1).isPresent());
        assertTrue(warning("nats://127.0.0.1:4222/prices?jetstream=true&stream=S", 2, 1)
                .isPresent());
        assertTrue(warning("amqp://127.0.0.1:5672/prices?type=topic", 1, 2).isPresent());
        assertTrue(warning("proton://127.0.0.1:5672/prices?type=topic", 2, 1).isPresent());
        assertTrue(warning("stomp://127.0.0.1:61613/topic/prices", 2, 1).isPresent());
    }

    @Test
    void sharedAddressesAndASingleReceiverConnectionAreNot() {
        assertEquals(Optional.empty(), warning("mqtt://127.0.0.1:1883/prices?share=g", 2, 2));
        assertEquals(Optional.empty(), warning("mqtt://127.0.0.1:1883/prices", 1, 1));
        assertEquals(Optional.empty(), warning("nats://127.0.0.1:4222/prices?queue=g", 2, 1));
        assertEquals(
                Optional.empty(),
                warning("nats://127.0.0.1:4222/prices?jetstream=true&stream=S&durable=d&queue=g", 2, 1));
        assertEquals(Optional.empty(), warning("amqp://127.0.0.1:5672/orders", 4, 2));
        assertEquals(Optional.empty(), warning("rabbitmq://127.0.0.1:5672/?queue=orders", 4, 2));
        assertEquals(Optional.empty(), warning("kafka://127.0.0.1:9092/orders", 4, 2));
        assertEquals(Optional.empty(), warning("stomp://127.0.0.1:61613/queue/orders", 2, 1));
    }

    @Test
    void addressesNamingASubscriptionAreNot() {
        assertEquals(Optional.empty(), warning("amqp://127.0.0.1:5672/orders?type=topic&subscription=sub-0", 2, 2));
        assertEquals(Optional.empty(), warning("proton://127.0.0.1:5672/orders?subscription=sub-0", 2, 2));
        assertEquals(Optional.empty(), warning("mqtt://127.0.0.1:1883/$share/sub-0/orders", 2, 2));
        assertEquals(Optional.empty(), warning("stomp://127.0.0.1:61613/topic/orders?subscription=sub-0", 2, 2));
        assertEquals(Optional.empty(), warning("rabbitmq://127.0.0.1:5672/?exchange=orders&subscription=sub-0", 2, 2));
        String warned = warning("amqp://127.0.0.1:5672/orders?type=topic", 2, 1).orElseThrow();
        assertTrue(warned.contains("name a subscription in the URL"), warned);
        assertTrue(warned.contains("?type=topic&subscription=sub-{s}"), warned);
        assertTrue(warned.contains("mqtt …/$share/sub-{s}/<topic>"), warned);
    }

    @Test
    void theDriverIsAskedAboutTheFirstSubscriptionOfTheFirstDestination() {
        assertEquals(
                "mqtt://h:1883/$share/sub-0/orders-0?qos=0",
                FanOutWarning.firstSubscription("mqtt://h:1883/$share/sub-{s}/orders-{n}?qos=0"));
        assertEquals("nats://h:4222/o?queue=g-0-0", FanOutWarning.firstSubscription("nats://h:4222/o?queue=g-{n}-{s}"));
    }
}

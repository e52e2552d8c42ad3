package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** DESTINATIONS, SUBSCRIPTIONS and CONNECTION_OFFSET: their values, and the URLs they need. */
class DestinationOptionsTest {

    @Test
    void defaultsAreOneDestinationOneSubscriptionOffsetZero() {
        assertEquals(1, TestOptions.DEFAULTS.destinations());
        assertEquals(1, TestOptions.DEFAULTS.subscriptions());
        assertEquals(0, TestOptions.DEFAULTS.connectionOffset());
        assertEquals(32, OptionCode.DESTINATIONS.code());
        assertEquals(33, OptionCode.SUBSCRIPTIONS.code());
        assertEquals(31, OptionCode.CONNECTION_OFFSET.code());
    }

    @Test
    void spreadsConnectionsOverDestinationsThenSubscriptions() {
        // 3 destinations, 2 subscriptions: j = 0..5 → (0,0) (1,0) (2,0) (0,1) (1,1) (2,1), then round again
        int[][] expected = {{0, 0}, {1, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}, {0, 0}};
        for (int j = 0; j < expected.length; j++) {
            assertEquals(expected[j][0], DestinationUrls.destination(j, 3), "j=" + j);
            assertEquals(expected[j][1], DestinationUrls.subscription(j, 3, 2), "j=" + j);
        }
        assertEquals(
                "amqp://h:5672/orders-17?share=g-2",
                DestinationUrls.resolve("amqp://h:5672/orders-{n}?share=g-{s}", 17, 2));
    }

    @Test
    void acceptsUrlsWithPlaceholders() {
        TestOptions options = TestOptions.DEFAULTS
                .with(OptionCode.SEND_URL, "amqp://h:5672/orders-{n}")
                .with(OptionCode.RECEIVE_URL, "mqtt://h:1883/orders-{n}?share=g{s}")
                .with(OptionCode.DESTINATIONS, "100")
                .with(OptionCode.SUBSCRIPTIONS, "3")
                .with(OptionCode.CONNECTION_OFFSET, "40");
        assertEquals(100, options.destinations());
        assertEquals(3, options.subscriptions());
        assertEquals(40, options.connectionOffset());
        // {n} with one destination is destination 0
        TestOptions single = TestOptions.DEFAULTS.with(OptionCode.BROKER, "amqp://h:5672/orders-{n}");
        assertEquals(1, single.destinations());
    }

    @Test
    void refusesSeveralDestinationsWithoutPlaceholderNamingTheUrlParameter() {
        TestOptions plain = TestOptions.DEFAULTS.with(OptionCode.BROKER, "amqp://h:5672/orders");
        InvalidOptionException error =
                assertThrows(InvalidOptionException.class, () -> plain.with(OptionCode.DESTINATIONS, "4"));
        assertEquals("SEND_RECEIVE_URL", error.option());
        assertTrue(error.getMessage().contains("DESTINATIONS=4 needs {n}"), error.getMessage());
        assertTrue(error.getMessage().contains("amqp://host:5672/orders-{n}"), error.getMessage());
        TestOptions spread = TestOptions.DEFAULTS
                .with(OptionCode.DESTINATIONS, "4")
                .with(OptionCode.SEND_URL, "amqp://h:5672/orders-{n}");
        InvalidOptionException receive = assertThrows(
                InvalidOptionException.class, () -> spread.with(OptionCode.RECEIVE_URL, "amqp://h:5672/orders"));
        assertEquals("RECEIVE_URL", receive.option());
    }

    @Test
    void refusesSeveralSubscriptionsWithoutPlaceholderInTheReceiveUrl() {
        TestOptions options = TestOptions.DEFAULTS.with(OptionCode.RECEIVE_URL, "mqtt://h:1883/orders-{n}");
        InvalidOptionException error =
                assertThrows(InvalidOptionException.class, () -> options.with(OptionCode.SUBSCRIPTIONS, "2"));
        assertEquals("RECEIVE_URL", error.option());
        assertTrue(error.getMessage().contains("SUBSCRIPTIONS=2 needs {s}"), error.getMessage());
    }

    @Test
    void refusesValuesOutOfRangeNamingTheParameter() {
        for (String[] bad : new String[][] {
            {"DESTINATIONS", "0"},
            {"DESTINATIONS", "100001"},
            {"SUBSCRIPTIONS", "1001"},
            {"SUBSCRIPTIONS", "x"},
            {"CONNECTION_OFFSET", "-1"}
        }) {
            OptionCode option = OptionCode.ofParameter(bad[0]).orElseThrow();
            InvalidOptionException error =
                    assertThrows(InvalidOptionException.class, () -> option.validate(bad[1]), bad[0]);
            assertEquals(bad[0], error.option());
            assertTrue(error.getMessage().contains("expected an integer"), error.getMessage());
        }
    }
}

package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The test options: defaults, typed values, and nonsense refused naming the parameter. */
class TestOptionsTest {

    @Test
    void durationsReadHoursMinutesSecondsAndMillis() {
        assertEquals(Duration.ofMinutes(90), Durations.parse("1h30m"));
        assertEquals(Duration.ofSeconds(90), Durations.parse("90s"));
        assertEquals(Duration.ofMillis(1500), Durations.parse("1s500ms"));
        assertEquals("1h30m", Durations.format(Duration.ofMinutes(90)));
        assertEquals("2500ms", Durations.format(Duration.ofMillis(2500)));
        assertFalse(Durations.isDuration("90"));
        assertFalse(Durations.isDuration("5x"));
    }

    @Test
    void testDurationIsATimeOrAMessageCount() {
        assertTrue(TestDuration.parse("10m").isTimed());
        assertEquals(Duration.ofMinutes(10), TestDuration.parse("10m").time());
        assertFalse(TestDuration.parse("1000000").isTimed());
        assertEquals(1_000_000, TestDuration.parse("1000000").messageCount());
        InvalidOptionException error = assertThrows(InvalidOptionException.class, () -> TestDuration.parse("5x"));
        assertEquals("TEST_DURATION", error.option());
        assertTrue(error.getMessage().contains("90s"), error.getMessage());
        assertThrows(InvalidOptionException.class, () -> TestDuration.parse("0"));
        assertThrows(InvalidOptionException.class, () -> TestDuration.parse("0s"));
    }

    @Test
    void variableMessageSizesStayWithinFivePercent() {
        MessageSize size = MessageSize.parse("~1000");
        assertTrue(size.variable());
        Random random = new Random(1);
        int min = Integer.MAX_VALUE;
        int max = 0;
        for (int i = 0; i < 100_000; i++) {
            int next = size.next(random);
            min = Math.min(min, next);
            max = Math.max(max, next);
        }
        assertEquals(950, min);
        assertEquals(1050, max);
        assertEquals(256, MessageSize.parse("256").next(random));
        assertThrows(InvalidOptionException.class, () -> MessageSize.parse("abc"));
        assertThrows(InvalidOptionException.class, () -> MessageSize.parse("0"));
        assertThrows(InvalidOptionException.class, () -> MessageSize.parse("~"));
    }

    @Test
    void aTestNameOfDotOrDotDotIsRefusedSayingWhy() {
        for (String name : new String[] {".", ".."}) {
            InvalidOptionException error =
                    assertThrows(InvalidOptionException.class, () -> OptionCode.TEST_NAME.validate(name));
            assertEquals("TEST_NAME", error.option());
            assertEquals(
                    "TEST_NAME=" + name + " is refused: '.' and '..' name the results directory itself or the one"
                            + " above it, not a directory of the test; expected a name of letters, digits, '.', '_' or"
                            + " '-' (1-100 characters), not '.' or '..'",
                    error.getMessage());
        }
        OptionCode.TEST_NAME.validate("...");
        OptionCode.TEST_NAME.validate("v1.2");
    }

    @Test
    void anOptionErrorShowsAUrlWithoutItsCredentials() {
        InvalidOptionException error = assertThrows(
                InvalidOptionException.class, () -> OptionCode.BROKER.validate("amqp://u:pw-never-shown@:5672/q"));
        assertTrue(
                error.getMessage().startsWith("SEND_RECEIVE_URL=amqp://***@:5672/q is not valid"), error.getMessage());
    }

    @Test
    void everyOptionRefusesNonsenseNamingItsParameter() {
        assertThrows(InvalidOptionException.class, () -> OptionCode.RATE.validate("-5"));
        assertThrows(InvalidOptionException.class, () -> OptionCode.PARALLEL_COUNT.validate("0"));
        assertThrows(InvalidOptionException.class, () -> OptionCode.BROKER.validate("not a url"));
        assertThrows(InvalidOptionException.class, () -> OptionCode.FCL_MODE.validate("medium"));
        InvalidOptionException rate = assertThrows(InvalidOptionException.class, () -> OptionCode.RATE.validate("x"));
        assertTrue(rate.getMessage().startsWith("RATE=x is not valid: expected an integer"), rate.getMessage());
        OptionCode.BROKER.validate("failover:(amqp://a:5672,amqp://b:5672)/test.queue");
        OptionCode.WARM_UP.validate("0");
    }

    @Test
    void automaticWarmUpIsBoundedAndRefusedWithAMessageCount() {
        TestOptions timed =
                TestOptions.DEFAULTS.with(OptionCode.WARM_UP, "auto").with(OptionCode.DURATION, "30s");
        assertTrue(timed.warmUpAuto());
        assertEquals(TestOptions.AUTO_WARM_UP_LIMIT, timed.warmUp());
        assertFalse(TestOptions.DEFAULTS.with(OptionCode.WARM_UP, "5s").warmUpAuto());
        assertThrows(InvalidOptionException.class, () -> OptionCode.WARM_UP.validate("sometimes"));
        for (TestOptions first : new TestOptions[] {
            TestOptions.DEFAULTS.with(OptionCode.WARM_UP, "auto"),
            TestOptions.DEFAULTS.with(OptionCode.DURATION, "5000")
        }) {
            OptionCode second = first.warmUpAuto() ? OptionCode.DURATION : OptionCode.WARM_UP;
            InvalidOptionException error = assertThrows(
                    InvalidOptionException.class,
                    () -> first.with(second, second == OptionCode.DURATION ? "5000" : "auto"));
            assertEquals("WARM_UP", error.option());
            assertTrue(
                    error.getMessage().startsWith("WARM_UP=auto with TEST_DURATION=5000 is not valid"),
                    error.getMessage());
            assertTrue(error.getMessage().contains("TEST_DURATION as a time"), error.getMessage());
        }
    }

    @Test
    void optionsHaveDefaultsAndTypedValues() {
        TestOptions options = TestOptions.DEFAULTS
                .with(OptionCode.RATE, "1000")
                .with(OptionCode.BROKER, "amqp://127.0.0.1:5672/q")
                .with(OptionCode.RECEIVE_URL, "amqp://127.0.0.1:5673/q")
                .with(OptionCode.FCL, "500")
                .with(OptionCode.FCL_MODE, "hard");
        assertEquals(1000, options.rate());
        assertEquals(1, options.parallelCount());
        assertEquals("amqp://127.0.0.1:5672/q", options.sendUrl().orElseThrow());
        assertEquals("amqp://127.0.0.1:5673/q", options.receiveUrl().orElseThrow());
        assertEquals(500, options.maximumLatencyMillis());
        assertTrue(options.hardLatencyLimit());
        assertEquals(Duration.ZERO, options.warmUp());
        assertEquals(OptionCode.FCL, OptionCode.ofParameter("maximum_latency").orElseThrow());
        assertEquals(OptionCode.FCL, OptionCode.ofCode(7).orElseThrow());
    }
}

package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RECEIVE_PAUSE, RECEIVE_DELAY and RECEIVE_RATE: what they accept and what they refuse, with which message. */
class ReceivePausesTest {

    @Test
    void readsPausesOfBothFormsInTimeOrder() {
        ReceivePauses pauses = ReceivePauses.parse("at 1m until 1m30s, at 10s for 20s");
        assertEquals(
                List.of(
                        new ReceivePauses.Pause(Duration.ofSeconds(10), Duration.ofSeconds(20)),
                        new ReceivePauses.Pause(Duration.ofSeconds(60), Duration.ofSeconds(30))),
                pauses.pauses());
        assertEquals(Duration.ofSeconds(90), pauses.lastEnd());
        assertEquals("at 10s for 20s, at 1m for 30s", pauses.toString());
    }

    @Test
    void acceptsAPauseThatStartsWhereTheOtherEnds() {
        assertEquals(
                2, ReceivePauses.parse("at 0 for 5s, at 5s for 1s").pauses().size());
    }

    @Test
    void refusesAPauseThatEndsBeforeItStarts() {
        InvalidOptionException e =
                assertThrows(InvalidOptionException.class, () -> ReceivePauses.parse("at 30s until 10s"));
        assertEquals("RECEIVE_PAUSE", e.option());
        assertTrue(e.getMessage().contains("ends before it starts"), e.getMessage());
        assertTrue(e.getMessage().contains("at 10s for 20s"), "an example of a valid value: " + e.getMessage());
        assertTrue(assertThrows(InvalidOptionException.class, () -> ReceivePauses.parse("at 5s for 0s"))
                .getMessage()
                .contains("ends when it starts"));
    }

    @Test
    void refusesOverlappingPauses() {
        InvalidOptionException e =
                assertThrows(InvalidOptionException.class, () -> ReceivePauses.parse("at 10s for 20s, at 25s for 5s"));
        assertTrue(e.getMessage().contains("the pauses 'at 10s for 20s' and 'at 25s for 5s' overlap"), e.getMessage());
    }

    @Test
    void refusesNegativeAndUnreadableDurations() {
        for (String bad : List.of("at -5s for 10s", "at 10s for soon", "10s-20s", "")) {
            InvalidOptionException e = assertThrows(InvalidOptionException.class, () -> ReceivePauses.parse(bad));
            assertTrue(e.getMessage().startsWith("RECEIVE_PAUSE="), e.getMessage());
        }
    }

    @Test
    void optionsCheckTheDelayAndTheRateNamingTheParameter() {
        InvalidOptionException delay = assertThrows(
                InvalidOptionException.class, () -> TestOptions.DEFAULTS.with(OptionCode.RECEIVE_DELAY, "-3s"));
        assertEquals("RECEIVE_DELAY", delay.option());
        assertTrue(delay.getMessage().contains("such as 500ms, 90s"), delay.getMessage());
        InvalidOptionException rate = assertThrows(
                InvalidOptionException.class, () -> TestOptions.DEFAULTS.with(OptionCode.RECEIVE_RATE, "-1"));
        assertTrue(rate.getMessage().startsWith("RECEIVE_RATE=-1 is not valid: expected an integer ≥ 0 such as 500"));
        TestOptions options = TestOptions.DEFAULTS
                .with(OptionCode.RECEIVE_DELAY, "3s")
                .with(OptionCode.RECEIVE_RATE, "250")
                .with(OptionCode.RECEIVE_PAUSE, "at 2s for 1s");
        assertEquals(Duration.ofSeconds(3), options.receiveDelay());
        assertEquals(250, options.receiveRate());
        assertEquals(1, options.receivePauses().pauses().size());
        assertEquals(0, TestOptions.DEFAULTS.receiveRate());
        assertTrue(TestOptions.DEFAULTS.receivePauses().isEmpty());
        assertEquals(Duration.ZERO, TestOptions.DEFAULTS.receiveDelay());
    }

    @Test
    void theWireCodesAreThoseReservedForThem() {
        assertEquals(34, OptionCode.RECEIVE_DELAY.code());
        assertEquals(35, OptionCode.RECEIVE_PAUSE.code());
        assertEquals(36, OptionCode.RECEIVE_RATE.code());
    }

    @Test
    void refusesPausesWithAWarmUpTheReceiversCannotTell() {
        InvalidOptionException e = assertThrows(
                InvalidOptionException.class,
                () -> TestOptions.DEFAULTS
                        .with(OptionCode.RECEIVE_PAUSE, "at 10s for 5s")
                        .with(OptionCode.WARM_UP, "auto"));
        assertEquals("RECEIVE_PAUSE", e.option());
        assertTrue(e.getMessage().contains("WARM_UP=10s"), e.getMessage());
    }
}

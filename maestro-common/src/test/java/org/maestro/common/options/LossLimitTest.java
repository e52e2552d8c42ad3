package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** MAXIMUM_LOSS: a count or a percentage of the messages sent, 0 by default, checked where every option is. */
class LossLimitTest {

    @Test
    void aCountAllowsThatManyMessagesAndNoMore() {
        LossLimit hundred = LossLimit.parse("100");
        assertTrue(hundred.allows(100, 1_000_000));
        assertFalse(hundred.allows(101, 1_000_000));
        assertEquals("100 messages", hundred.describe());
        assertTrue(LossLimit.NONE.allows(0, 10));
        assertFalse(LossLimit.NONE.allows(1, 1_000_000_000));
        assertEquals("no loss", LossLimit.NONE.describe());
    }

    @Test
    void aPercentageIsOfTheMessagesSentWithoutRounding() {
        LossLimit half = LossLimit.parse(" 0.5% ");
        assertTrue(half.allows(5, 1000), "exactly 0.5%");
        assertFalse(half.allows(5, 999), "0.5005%");
        assertFalse(half.allows(1, 0), "a loss of nothing sent is no percentage of it");
        assertEquals("0.5%", half.toString());
        assertTrue(LossLimit.parse("100%").allows(7, 7));
        assertEquals("1%", LossLimit.parse("1.000%").toString());
    }

    @Test
    void theOptionIsCheckedAndDefaultsToNoLoss() {
        assertEquals(LossLimit.NONE, TestOptions.DEFAULTS.maximumLoss());
        assertEquals(
                LossLimit.parse("2%"),
                TestOptions.DEFAULTS.with(OptionCode.MAXIMUM_LOSS, "2%").maximumLoss());
        assertEquals(OptionCode.MAXIMUM_LOSS, OptionCode.ofCode(28).orElseThrow());
        for (String bad : new String[] {"-1", "101%", "1.5", "abc", "%", "5 %x", ""}) {
            InvalidOptionException e =
                    assertThrows(InvalidOptionException.class, () -> OptionCode.MAXIMUM_LOSS.validate(bad), bad);
            assertTrue(e.getMessage().contains("MAXIMUM_LOSS") && e.getMessage().contains("1%"), e.getMessage());
        }
    }
}

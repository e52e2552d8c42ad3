package org.maestro.common.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Numbers are printed as a user writes them: whole numbers without a decimal point, others as they are. */
class NumbersTest {
    @Test
    void wholeNumbersLoseTheirDecimalPointOthersKeepTheirDigits() {
        assertEquals("10", Numbers.plain(10.0));
        assertEquals("-3", Numbers.plain(-3.0));
        assertEquals("0", Numbers.plain(0.0));
        assertEquals("2.5", Numbers.plain(2.5));
        assertEquals("0.125", Numbers.plain(0.125));
    }
}

package org.maestro.worker.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The run-queue wait is the second number of each thread's schedstat line. */
class CpuMeterTest {

    @Test
    void readsTheWaitOfASchedstatLine() {
        assertEquals(4321L, CpuMeter.secondField("98765 4321 17\n"));
        assertEquals(4321L, CpuMeter.secondField("98765 4321\n"));
        assertEquals(-1L, CpuMeter.secondField("98765\n"));
        assertThrows(NumberFormatException.class, () -> CpuMeter.secondField("98765 x 17\n"));
    }
}

package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The generator's health thresholds: their forms, what they come to in µs, and the refusal of anything else. */
class HealthLimitTest {
    @Test
    void percentagesDurationsAndTheResponseTimeP50() {
        assertEquals(90.0, HealthLimit.percent("GENERATOR_CPU", "90%").value());
        assertEquals(12.5, HealthLimit.percent("GENERATOR_SHARE", " 12.5% ").value());
        HealthLimit p50 = HealthLimit.hiccup("GENERATOR_HICCUP", "p50");
        assertEquals(HealthLimit.Kind.RESPONSE_P50, p50.kind());
        assertEquals(812.0, p50.micros(0, 812));
        assertEquals(2000.0, HealthLimit.hiccup("GENERATOR_HICCUP", "2ms").micros(0, 812));
        assertEquals(500.0, HealthLimit.hiccup("GENERATOR_HICCUP", "500us").micros(0, 812));
        // 10% of the 1,000 µs interval of 1,000 msg/s
        assertEquals(100.0, HealthLimit.sendDelay("GENERATOR_SEND_DELAY", "10%").micros(1000, 0));
        assertEquals(
                3000.0, HealthLimit.sendDelay("GENERATOR_SEND_DELAY", "3ms").micros(1000, 0));
    }

    @Test
    void anythingElseIsRefusedNamingTheParameterAndTheForms() {
        for (String[] wrong : new String[][] {
            {"GENERATOR_CPU", "ninety"}, {"GENERATOR_CPU", "90"}, {"GENERATOR_CPU", "120%"}, {"GENERATOR_SHARE", "-5%"}
        }) {
            InvalidOptionException refused =
                    assertThrows(InvalidOptionException.class, () -> HealthLimit.percent(wrong[0], wrong[1]), wrong[1]);
            assertTrue(refused.getMessage().contains(wrong[0]), refused.getMessage());
            assertTrue(refused.getMessage().contains("such as 90%"), refused.getMessage());
        }
        InvalidOptionException hiccup =
                assertThrows(InvalidOptionException.class, () -> HealthLimit.hiccup("GENERATOR_HICCUP", "p99"));
        assertTrue(hiccup.getMessage().contains("GENERATOR_HICCUP")
                && hiccup.getMessage().contains("p50"));
        assertThrows(InvalidOptionException.class, () -> HealthLimit.sendDelay("GENERATOR_SEND_DELAY", "fast"));
    }

    @Test
    void theOptionsCheckTheirValuesAndHaveDefaults() {
        TestOptions defaults = TestOptions.DEFAULTS;
        assertEquals("90%", defaults.valueOrDefault(OptionCode.GENERATOR_CPU).orElseThrow());
        assertEquals("10%", defaults.valueOrDefault(OptionCode.GENERATOR_SHARE).orElseThrow());
        assertEquals("p50", defaults.valueOrDefault(OptionCode.GENERATOR_HICCUP).orElseThrow());
        assertEquals(
                "10%", defaults.valueOrDefault(OptionCode.GENERATOR_SEND_DELAY).orElseThrow());
        IllegalArgumentException refused = assertThrows(
                IllegalArgumentException.class,
                () -> TestOptions.DEFAULTS.withAll(Map.of(OptionCode.GENERATOR_CPU, "lots")));
        assertTrue(refused.getMessage().contains("GENERATOR_CPU"), refused.getMessage());
    }
}

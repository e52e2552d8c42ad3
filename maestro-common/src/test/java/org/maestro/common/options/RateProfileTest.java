package org.maestro.common.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** RATE_PROFILE: its phases, its total, and every wrong profile or combination refused naming what is wrong. */
class RateProfileTest {

    @Test
    void stepsAndRampsFollowEachOther() {
        RateProfile profile = RateProfile.parse("1000 for 30s, ramp 5000 over 60s, 5000 for 2m, RAMP 0 over 500ms");
        List<RateProfile.Phase> phases = profile.phases();
        assertEquals(4, phases.size());
        assertEquals(new RateProfile.Phase(1, false, 1000, 1000, 0, 30_000), phases.get(0));
        assertEquals(new RateProfile.Phase(2, true, 1000, 5000, 30_000, 60_000), phases.get(1));
        assertEquals(new RateProfile.Phase(3, false, 5000, 5000, 90_000, 120_000), phases.get(2));
        assertEquals(new RateProfile.Phase(4, true, 5000, 0, 210_000, 500), phases.get(3));
        assertEquals(Duration.ofMillis(210_500), profile.total());
        assertEquals("ramp 1000 → 5000", phases.get(1).label());
        assertEquals("1000 for 30s, ramp 5000 over 1m, 5000 for 2m, ramp 0 over 500ms", profile.toString());
    }

    @Test
    void aFirstRampStartsFromZeroAndAZeroStepIsAPause() {
        RateProfile profile = RateProfile.parse("ramp 5000 over 60s, 0 for 5s");
        assertEquals(0, profile.startRate());
        assertEquals(0, profile.phases().get(0).fromRate());
        assertEquals("pause", profile.phases().get(1).label());
    }

    @Test
    void wrongPhasesAreRefusedNamingThePhaseAndAnExample() {
        assertRefused("1000 for 30s, -5 for 10s", "phase 2 '-5 for 10s': a negative rate");
        assertRefused("1000 for 30s, ramp 5000 over 0s", "phase 2 'ramp 5000 over 0s': a ramp of zero length");
        assertRefused("1000 for 0", "phase 1 '1000 for 0': a step of zero length");
        assertRefused("1000 for 30s, faster please", "phase 2 'faster please': neither '<rate> for <duration>'");
        assertRefused("1000 for 30x", "phase 1 '1000 for 30x': '30x' is not a duration");
        assertRefused("1000 for 30s,", "phase 2 '': neither");
        assertRefused("", "it has no phase");
        assertRefused("10 for 300d", "'300d' is not a duration");
        assertRefused("10 for 8000h, 10 for 1000h", "phase 2 '10 for 1000h': past 366 days");
        assertRefused("10 for 99999999999999999h", "is not a duration");
    }

    @Test
    void theProfileSetsTheDurationAndRefusesRateAndADifferentDuration() {
        TestOptions options = TestOptions.DEFAULTS.with(OptionCode.RATE_PROFILE, "100 for 3s, ramp 300 over 2s");
        assertEquals(Duration.ofSeconds(5), options.duration().time());
        assertEquals(Duration.ofSeconds(5), options.rateProfile().orElseThrow().total());
        TestOptions same = TestOptions.DEFAULTS
                .with(OptionCode.DURATION, "5000ms")
                .with(OptionCode.RATE_PROFILE, "100 for 3s, ramp 300 over 2s");
        assertEquals(Duration.ofSeconds(5), same.duration().time());

        assertCombinationRefused(OptionCode.RATE, "100", "RATE=100 is set too");
        InvalidOptionException duration = assertThrows(
                InvalidOptionException.class,
                () -> TestOptions.DEFAULTS.with(OptionCode.DURATION, "1m").with(OptionCode.RATE_PROFILE, "100 for 3s"));
        assertTrue(
                duration.getMessage()
                        .startsWith("RATE_PROFILE=100 for 3s is refused: TEST_DURATION=1m is set too"
                                + " and differs from the profile's total 3s"),
                duration.getMessage());
        assertEquals("RATE_PROFILE", duration.option());
        assertCombinationRefused(OptionCode.DURATION, "1000", "TEST_DURATION=1000 is set too");
    }

    @Test
    void aWarmUpNeedsAStartingRateAboveZeroAndIsFixed() {
        TestOptions fine = TestOptions.DEFAULTS
                .with(OptionCode.WARM_UP, "2s")
                .with(OptionCode.RATE_PROFILE, "100 for 3s, ramp 300 over 2s");
        assertEquals(Duration.ofSeconds(2), fine.warmUp());
        InvalidOptionException fromZero = assertThrows(
                InvalidOptionException.class,
                () -> TestOptions.DEFAULTS
                        .with(OptionCode.RATE_PROFILE, "ramp 300 over 2s")
                        .with(OptionCode.WARM_UP, "2s"));
        assertTrue(fromZero.getMessage().contains("would send nothing"), fromZero.getMessage());
        assertCombinationRefused(OptionCode.WARM_UP, "auto", "WARM_UP=auto is set too");
    }

    /** Setting {@code option} after the profile "100 for 3s" is refused, the message naming both. */
    private static void assertCombinationRefused(OptionCode option, String value, String why) {
        InvalidOptionException error = assertThrows(
                InvalidOptionException.class,
                () -> TestOptions.DEFAULTS
                        .with(OptionCode.RATE_PROFILE, "100 for 3s")
                        .with(option, value));
        assertEquals("RATE_PROFILE", error.option());
        assertTrue(error.getMessage().contains(why), error.getMessage());
    }

    private static void assertRefused(String profile, String why) {
        InvalidOptionException error =
                assertThrows(InvalidOptionException.class, () -> OptionCode.RATE_PROFILE.validate(profile));
        assertEquals("RATE_PROFILE", error.option());
        assertTrue(error.getMessage().startsWith("RATE_PROFILE="), error.getMessage());
        assertTrue(error.getMessage().contains(why), error.getMessage());
        assertTrue(
                error.getMessage().contains("e.g. \"1000 for 30s, ramp 5000 over 60s, 5000 for 2m\""),
                error.getMessage());
    }
}

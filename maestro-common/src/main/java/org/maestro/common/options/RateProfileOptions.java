package org.maestro.common.options;

import java.time.Duration;
import java.util.Map;

/**
 * How RATE_PROFILE goes with the other options: not with RATE; TEST_DURATION is the profile's total (set to it when
 * unset, refused when it differs); a fixed WARM_UP runs at the first phase's starting rate, so it needs one above 0,
 * and WARM_UP=auto is refused.
 */
final class RateProfileOptions {
    private static final String EXAMPLE = "e.g. RATE_PROFILE=\"1000 for 30s, ramp 5000 over 60s, 5000 for 2m\"";

    private RateProfileOptions() {}

    /**
     * Checks the options set with a RATE_PROFILE and sets TEST_DURATION to the profile's total when it is unset.
     *
     * @throws InvalidOptionException naming both options of a combination that is refused
     */
    static void check(Map<OptionCode, String> values) {
        String text = values.get(OptionCode.RATE_PROFILE);
        RateProfile profile = RateProfile.parse(text);
        String total = Durations.format(profile.total());
        String rate = values.get(OptionCode.RATE);
        if (rate != null) {
            throw new InvalidOptionException(
                    "RATE_PROFILE",
                    text,
                    "RATE=" + rate + " is set too, and a test has either one RATE or a RATE_PROFILE",
                    "RATE or RATE_PROFILE, not both; " + EXAMPLE + " without RATE");
        }
        String duration = values.get(OptionCode.DURATION);
        if (duration == null) {
            values.put(OptionCode.DURATION, total);
        } else if (!profile.total().equals(timeOf(duration))) {
            throw new InvalidOptionException(
                    "RATE_PROFILE",
                    text,
                    "TEST_DURATION=" + duration + " is set too and differs from the profile's total " + total,
                    "TEST_DURATION unset (the profile's total is the test's duration) or TEST_DURATION=" + total);
        }
        String warmUp = values.get(OptionCode.WARM_UP);
        if (warmUp == null) {
            return;
        }
        if (warmUp.equalsIgnoreCase(TestOptions.AUTO)) {
            throw new InvalidOptionException(
                    "RATE_PROFILE",
                    text,
                    "WARM_UP=auto is set too; with a profile the warm-up is fixed",
                    "a fixed WARM_UP such as 10s, run at the first phase's starting rate");
        }
        if (!warmUp.equals("0")
                && profile.startRate() == 0
                && !Durations.parse(warmUp).isZero()) {
            throw new InvalidOptionException(
                    "RATE_PROFILE",
                    text,
                    "WARM_UP=" + warmUp + " is set too and runs at the first phase's starting rate, 0 here, so it"
                            + " would send nothing",
                    "a profile that starts with a step above 0 (e.g. \"500 for 10s, ramp 5000 over 60s\") or WARM_UP"
                            + " 0");
        }
    }

    /** The time of a TEST_DURATION, or null for a message count. */
    private static Duration timeOf(String duration) {
        TestDuration parsed = TestDuration.parse(duration);
        return parsed.isTimed() ? parsed.time() : null;
    }
}

package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * A verdict: of a test iteration, of one peer, or recorded by the runner or the script. Written as the
 * {@code outcome} of summary.json, peer-result.json, test-outcome.json and script-verdict.json.
 */
public enum Verdict {
    SUCCESS,
    FAILURE,
    /** No peer reported an outcome (no peer-result.json, or one without an outcome). */
    UNKNOWN;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads a verdict as peers write it: success/pass/ok, failure/fail/failed/error; anything else is unknown. */
    @JsonCreator
    public static Verdict parse(String text) {
        if (text == null) {
            return UNKNOWN;
        }
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "success":
            case "succeeded":
            case "pass":
            case "passed":
            case "ok":
                return SUCCESS;
            case "failure":
            case "fail":
            case "failed":
            case "error":
                return FAILURE;
            default:
                return UNKNOWN;
        }
    }
}

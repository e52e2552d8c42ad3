package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** The verdict of one test iteration, as the peers reported it in their peer-result.json. */
public enum Outcome {
    SUCCESS,
    FAILURE,
    /** No peer reported an outcome (no peer-result.json, or one without an outcome). */
    UNKNOWN;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads an outcome as peers write it: success/pass/ok, failure/fail/failed/error; anything else is unknown. */
    @JsonCreator
    public static Outcome parse(String text) {
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

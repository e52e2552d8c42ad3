package org.maestro.reporter;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/** Who decided the verdict of an iteration: its peers, the runner that drove them, or the test script. */
public enum Decider {
    /** The senders, receivers and inspectors, in their peer-result.json (and the latency condition they checked). */
    PEERS,
    /** The runner: a peer died, a start failed, a deadline passed (test-outcome.json). */
    RUNNER,
    /** The test script, with {@code maestro.verdict(…)} (script-verdict.json). */
    SCRIPT,
    /** The loss limit: more messages lost than MAXIMUM_LOSS allows, or a loss that is unknown. */
    LOSS;

    @JsonValue
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Reads the JSON name; null for anything else. */
    @JsonCreator
    public static Decider parse(String text) {
        if (text == null) {
            return null;
        }
        for (Decider decider : values()) {
            if (decider.jsonName().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return decider;
            }
        }
        return null;
    }

    /** How a page says it: "decided by the script". */
    public String describe() {
        return switch (this) {
            case PEERS -> "decided by the peers";
            case RUNNER -> "decided by the runner";
            case SCRIPT -> "decided by the script";
            case LOSS -> "decided by the loss limit (MAXIMUM_LOSS)";
        };
    }
}

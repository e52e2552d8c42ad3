package org.maestro.worker.role;

import java.util.Map;

/** How a run of a sender or receiver ended: success or failure, the reason in one line, and named details. */
public record RunOutcome(boolean success, String reason, Map<String, String> details) {
    public RunOutcome {
        details = Map.copyOf(details);
    }
}

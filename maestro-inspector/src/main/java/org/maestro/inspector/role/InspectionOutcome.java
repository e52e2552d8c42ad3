package org.maestro.inspector.role;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maestro.common.peer.PeerContext;
import org.maestro.common.protocol.Command;
import org.maestro.inspector.PollerStats;

/**
 * What an inspector peer notifies once STOP_INSPECTOR ended its inspections: NOTIFY_SUCCESS with the polls, failed
 * polls and skipped ticks (all systems together, and per system as {@code system.<name>.polls} …), or NOTIFY_FAIL
 * naming each system of which every poll failed.
 *
 * @param stats each inspection's figures, by system name
 */
record InspectionOutcome(List<SystemInspection> inspections, Map<String, PollerStats> stats) {

    void notify(PeerContext context) {
        PollerStats total = PollerStats.sum(stats.values());
        Map<String, String> details = new LinkedHashMap<>();
        SystemInspection first = inspections.get(0);
        boolean single = inspections.size() == 1 && first.system().isEmpty();
        if (single) {
            details.put("inspector", first.inspector().name());
            details.put("url", first.url().redacted());
        }
        details.put("polls", Long.toString(total.polls()));
        details.put("errors", Long.toString(total.errors()));
        details.put("skippedTicks", Long.toString(total.skippedTicks()));
        List<String> blind = new ArrayList<>();
        for (SystemInspection inspection : inspections) {
            PollerStats each = stats.get(inspection.system());
            if (!single) {
                String key = "system." + inspection.system() + ".";
                details.put(key + "polls", Long.toString(each.polls()));
                details.put(key + "errors", Long.toString(each.errors()));
            }
            if (each.polls() <= each.errors()) {
                blind.add(inspection.describe() + " read nothing from "
                        + inspection.url().redacted() + " ("
                        + each.polls() + " polls, all failed"
                        + (each.lastError().isEmpty() ? "" : "; last: " + each.lastError()) + ")");
            }
        }
        if (blind.isEmpty()) {
            String what = single
                    ? "the " + first.inspector().name() + " inspector made " + total.polls() + " polls of "
                            + first.url().redacted()
                    : "the inspectors made " + total.polls() + " polls of " + inspections.size() + " systems";
            context.notify(Command.NOTIFY_SUCCESS, what + ", " + total.errors() + " failed", details);
        } else {
            details.put("lastError", total.lastError());
            context.notify(Command.NOTIFY_FAIL, String.join("; ", blind), details);
        }
    }
}

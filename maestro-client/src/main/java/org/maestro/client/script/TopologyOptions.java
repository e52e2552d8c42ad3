package org.maestro.client.script;

import java.util.Map;
import org.maestro.client.api.MaestroException;

/** Reads the options of {@code maestro.topology(file, agentPerRouter: true)}, refusing any other. */
final class TopologyOptions {
    static final String AGENT_PER_ROUTER = "agentPerRouter";

    private TopologyOptions() {}

    /** The value of {@value #AGENT_PER_ROUTER} (false when absent); a usage error for an unknown option or value. */
    static boolean agentPerRouter(Map<String, ?> options) {
        for (String name : options.keySet()) {
            if (!AGENT_PER_ROUTER.equals(name)) {
                throw MaestroException.usage("maestro.topology has no option '" + name + "'; the only one is "
                        + AGENT_PER_ROUTER + ", e.g. maestro.topology(\"line-3-routers.yaml\", agentPerRouter: true)");
            }
        }
        Object value = options.get(AGENT_PER_ROUTER);
        if (value == null) {
            return false;
        }
        if (value instanceof Boolean b) {
            return b;
        }
        String text = value.toString().trim();
        if (text.equals("true") || text.equals("false")) {
            return Boolean.parseBoolean(text);
        }
        throw MaestroException.usage("maestro.topology option " + AGENT_PER_ROUTER + " is '" + value
                + "': write true or false, e.g. maestro.topology(\"line-3-routers.yaml\", agentPerRouter: true)");
    }
}

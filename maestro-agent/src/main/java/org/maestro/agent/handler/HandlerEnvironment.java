package org.maestro.agent.handler;

import java.util.List;
import java.util.Map;

/**
 * The environment of a handler that is a program: a few variables of the agent's own ({@link #PASSED}, PATH always)
 * and the action's {@code MAESTRO_*} values, nothing else (docs/agent.md).
 */
final class HandlerEnvironment {
    /** The agent's variables a handler gets, when the agent has them. */
    static final List<String> PASSED = List.of("PATH", "HOME", "USER", "LOGNAME", "LANG", "LC_ALL", "TZ", "TMPDIR");
    /** The PATH a handler gets when the agent has none. */
    static final String DEFAULT_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

    private HandlerEnvironment() {}

    /**
     * Replaces {@code environment} (a {@link ProcessBuilder}'s) with the handler's.
     *
     * @param agent   the agent's own environment
     * @param handler the handler as named in messages, e.g. {@code handlers/check-disk}
     */
    static void fill(
            Map<String, String> environment, Map<String, String> agent, ActionContext context, String handler) {
        environment.clear();
        for (String name : PASSED) {
            String value = agent.get(name);
            if (value != null) {
                environment.put(name, value);
            }
        }
        environment.putIfAbsent("PATH", DEFAULT_PATH);
        environment.put("MAESTRO_ACTION_ID", context.actionId());
        environment.put("MAESTRO_COMMAND", context.command());
        environment.put("MAESTRO_HANDLER", handler);
        context.sourceDirectory().ifPresent(source -> environment.put("MAESTRO_SOURCE_DIR", source.toString()));
        environment.put("MAESTRO_TEST_NAME", context.options().testName());
        environment.put(
                "MAESTRO_TEST_ITERATION", Integer.toString(context.options().testIteration()));
        context.options().runId().ifPresent(runId -> environment.put("MAESTRO_RUN_ID", runId));
    }
}

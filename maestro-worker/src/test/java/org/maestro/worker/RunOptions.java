package org.maestro.worker;

import java.util.HashMap;
import java.util.Map;

/** The options a test run of one sender and one receiver always has, as a map the test may add to. */
public final class RunOptions {
    private RunOptions() {}

    /**
     * A run to and from {@code url} on {@code connections} sender and as many receiver connections, at {@code rate}
     * messages per second per connection (0: unbounded), for the TEST_DURATION {@code duration}.
     */
    public static Map<String, String> of(String url, int connections, int rate, String duration, String testName) {
        Map<String, String> options = new HashMap<>();
        options.put("SEND_RECEIVE_URL", url);
        options.put("TEST_DURATION", duration);
        options.put("PARALLEL_COUNT", Integer.toString(connections));
        options.put("RATE", Integer.toString(rate));
        options.put("TEST_NAME", testName);
        return options;
    }
}

package org.maestro.client.api;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The results of the flows of a test of several flows, as a script and the final table see them: each flow's figures
 * kept in its test's under {@code flow.<name>.<figure>}, read back as a result of its own named
 * {@code <test>.<flow>}, passed when its loss held against its MAXIMUM_LOSS.
 *
 * <pre>{@code
 * def r = maestro.test { … flow("orders") { … } flow("audit") { … } }
 * println "orders: ${r.flows.orders.sent} sent, ${r.flows.orders.lost} lost"
 * }</pre>
 */
public final class FlowResults {
    private static final String PREFIX = "flow.";
    /** The figure that says whether a flow's loss held (1) or not (0). */
    static final String LOSS_HELD = "lossHeld";

    private FlowResults() {}

    /** The key of a flow's figure among its test's figures. */
    static String key(String flow, String figure) {
        return PREFIX + flow + "." + figure;
    }

    /** The result of each flow of the test, by flow name in name order; empty for a test of one flow. */
    public static Map<String, TestResult> of(TestResult test) {
        Map<String, Map<String, Number>> byFlow = new TreeMap<>();
        test.figures().forEach((key, value) -> {
            if (key.startsWith(PREFIX)) {
                String rest = key.substring(PREFIX.length());
                int dot = rest.lastIndexOf('.');
                byFlow.computeIfAbsent(rest.substring(0, dot), f -> new TreeMap<>())
                        .put(rest.substring(dot + 1), value);
            }
        });
        Map<String, TestResult> flows = new LinkedHashMap<>();
        byFlow.forEach((flow, figures) -> {
            boolean held = figures.getOrDefault(LOSS_HELD, 0).intValue() == 1;
            flows.put(
                    flow,
                    new TestResult(
                            test.name() + "." + flow,
                            test.iteration(),
                            held,
                            held
                                    ? ""
                                    : "flow '" + flow
                                            + "' lost messages beyond its MAXIMUM_LOSS, or the loss is unknown",
                            test.directory(),
                            test.options(),
                            figures,
                            test.peers(),
                            figures.containsKey("lost") ? null : "a peer's counts of flow '" + flow + "' are missing",
                            false,
                            test.generatorBound(),
                            java.util.List.of()));
        });
        return flows;
    }
}

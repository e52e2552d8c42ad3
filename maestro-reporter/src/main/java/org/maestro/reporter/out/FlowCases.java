package org.maestro.reporter.out;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.maestro.reporter.FlowSummary;
import org.maestro.reporter.TestSummary;

/**
 * The JUnit test cases of the flows of an iteration of several flows, one per flow ({@code <test>.<flow> #<n>}), after
 * the iteration's own: a flow's fails when its loss is over its MAXIMUM_LOSS or unknown.
 */
final class FlowCases {

    private FlowCases() {}

    /** How many flow cases the iterations have. */
    static int count(List<TestSummary> iterations) {
        return iterations.stream()
                .mapToInt(s -> s.flows() == null ? 0 : s.flows().size())
                .sum();
    }

    /** How many of them fail. */
    static long failures(List<TestSummary> iterations) {
        return iterations.stream()
                .filter(s -> s.flows() != null)
                .flatMap(s -> s.flows().values().stream())
                .filter(flow -> !flow.lossHeld())
                .count();
    }

    /** Writes the cases of an iteration's flows. */
    static void write(XMLStreamWriter xml, String test, TestSummary summary) throws XMLStreamException {
        if (summary.flows() == null) {
            return;
        }
        for (Map.Entry<String, FlowSummary> entry : summary.flows().entrySet()) {
            FlowSummary flow = entry.getValue();
            JUnitFormat.startCase(xml, "maestro." + test, test + "." + entry.getKey() + " #" + summary.iteration());
            xml.writeAttribute("time", String.format(Locale.ROOT, "%.3f", summary.durationSeconds()));
            String headline = headline(flow);
            if (!flow.lossHeld()) {
                JUnitFormat.problem(
                        xml, "failure", "flow '" + entry.getKey() + "': " + flow.loss(), "maestro.FlowLoss", headline);
            }
            JUnitFormat.endCase(xml, headline);
        }
    }

    /** The flow's numbers in one line, as the iteration's case gives the test's. */
    private static String headline(FlowSummary flow) {
        StringBuilder line = new StringBuilder(String.format(
                Locale.ROOT,
                "sent=%s received=%d lost=%s refused=%s vanished=%s duplicates=%d throughput=%.1f msg/s",
                known(flow.messages().sent()),
                flow.messages().received(),
                known(flow.messages().lost()),
                known(flow.messages().refused()),
                known(flow.messages().vanished()),
                flow.messages().duplicates(),
                flow.rate().receiversCounted()
                        ? flow.rate().receiver().mean()
                        : flow.rate().sender().mean()));
        if (flow.latency().responseTime() != null) {
            line.append(String.format(
                    Locale.ROOT,
                    " responseTime.p99=%.3f ms",
                    flow.latency().responseTime().p99() / 1000.0));
        }
        return line.toString();
    }

    private static String known(Long count) {
        return count == null ? "unknown" : Long.toString(count);
    }
}

package org.maestro.reporter.out;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.maestro.reporter.DestinationFigures;
import org.maestro.reporter.FlowDestinations;
import org.maestro.reporter.TestSummary;

/**
 * The JUnit test cases of the destinations of an iteration: one per flow with several destinations, its spread as
 * properties; it fails, naming them, when destinations received nothing while their senders sent.
 */
final class DestinationCases {
    private DestinationCases() {}

    /** The cases of the iterations. */
    static long count(List<TestSummary> iterations) {
        return iterations.stream()
                .filter(s -> s.destinations() != null)
                .mapToLong(s -> s.destinations().size())
                .sum();
    }

    /** The failing cases of the iterations. */
    static long failures(List<TestSummary> iterations) {
        return iterations.stream()
                .filter(s -> s.destinations() != null)
                .flatMap(s -> s.destinations().values().stream())
                .filter(flow -> !flow.starved().isEmpty())
                .count();
    }

    /** Writes the cases of one iteration. */
    static void write(XMLStreamWriter xml, String test, TestSummary summary) throws XMLStreamException {
        if (summary.destinations() == null) {
            return;
        }
        for (Map.Entry<String, FlowDestinations> flow : summary.destinations().entrySet()) {
            FlowDestinations destinations = flow.getValue();
            String name = test + " #" + summary.iteration() + " destinations"
                    + (flow.getKey().isEmpty() ? "" : " of flow " + flow.getKey());
            JUnitFormat.startCase(xml, "maestro." + test, name);
            xml.writeStartElement("properties");
            property(xml, "destinations", Integer.toString(destinations.count()));
            property(xml, "rate.min", Double.toString(destinations.spread().min()));
            property(xml, "rate.max", Double.toString(destinations.spread().max()));
            property(xml, "jain", String.valueOf(destinations.spread().jain()));
            property(xml, "slowest", String.valueOf(destinations.spread().slowest()));
            xml.writeEndElement();
            List<DestinationFigures> starved = destinations.starved();
            if (!starved.isEmpty()) {
                String message = starved.stream()
                        .map(d -> d.name() + " received nothing while its senders sent " + d.sent())
                        .collect(Collectors.joining("; "));
                JUnitFormat.problem(xml, "failure", message, "maestro.DestinationStarved", destinations.describe());
            }
            JUnitFormat.endCase(xml, destinations.describe());
        }
    }

    private static void property(XMLStreamWriter xml, String name, String value) throws XMLStreamException {
        xml.writeEmptyElement("property");
        xml.writeAttribute("name", name);
        xml.writeAttribute("value", value);
    }
}

package org.maestro.reporter.out;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.maestro.reporter.FaultCost;
import org.maestro.reporter.FaultText;
import org.maestro.reporter.TestSummary;

/**
 * The faults' figures as a test suite's {@code <properties>} in junit.xml: {@code fault.<iteration>.<n>.<figure>}
 * (n from 1, in start order), numbers in seconds, ms and messages; a recovery that did not happen is {@code not
 * recovered} or {@code no baseline}, a count not known {@code unknown}.
 */
final class FaultProperties {

    private FaultProperties() {}

    /** Writes the element when an iteration has a fault; nothing otherwise. */
    static void write(XMLStreamWriter xml, List<TestSummary> iterations) throws XMLStreamException {
        Map<String, String> properties = new LinkedHashMap<>();
        for (TestSummary summary : iterations) {
            List<FaultCost> faults = summary.faults();
            for (int i = 0; i < faults.size(); i++) {
                String prefix = "fault." + summary.iteration() + "." + (i + 1) + ".";
                FaultCost fault = faults.get(i);
                properties.put(prefix + "agent", fault.agent());
                properties.put(prefix + "action", fault.action());
                properties.put(prefix + "start", Long.toString(fault.start()));
                properties.put(prefix + "end", Long.toString(fault.end()));
                properties.put(prefix + "gapSeconds", number(fault.gapSeconds(), "unknown"));
                properties.put(
                        prefix + "throughputRecoverySeconds",
                        number(fault.throughputRecoverySeconds(), fault.throughputRecovery()));
                properties.put(prefix + "p99RecoverySeconds", number(fault.p99RecoverySeconds(), fault.p99Recovery()));
                properties.put(
                        prefix + "refused", FaultText.count(fault.refused()).replace(",", ""));
                properties.put(
                        prefix + "vanished", FaultText.count(fault.vanished()).replace(",", ""));
                properties.put(prefix + "duplicates", Long.toString(fault.duplicates()));
                properties.put(prefix + "p99BeforeMs", number(fault.p99Before(), "unknown"));
                properties.put(prefix + "p99DuringMs", number(fault.p99During(), "unknown"));
            }
        }
        if (properties.isEmpty()) {
            return;
        }
        xml.writeCharacters("\n  ");
        xml.writeStartElement("properties");
        for (Map.Entry<String, String> property : properties.entrySet()) {
            xml.writeCharacters("\n    ");
            xml.writeEmptyElement("property");
            xml.writeAttribute("name", property.getKey());
            xml.writeAttribute("value", LegalXmlText.of(property.getValue()));
        }
        xml.writeCharacters("\n  ");
        xml.writeEndElement();
    }

    private static String number(Double value, String otherwise) {
        return value == null ? otherwise : Double.toString(value);
    }
}

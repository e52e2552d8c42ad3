package org.maestro.reporter.study;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes a study's {@code study-junit.xml}: one test suite, one test case per cell; a cell fails when one of its
 * repeats failed, and is an error when a repeat is missing or has no verdict.
 */
public final class StudyJUnit {

    /** File name in the test directory. */
    public static final String FILE_NAME = "study-junit.xml";

    private StudyJUnit() {}

    /** Writes {@code <testDir>/study-junit.xml}. */
    public static Path write(Path testDir, StudyState state, List<CellResult> cells) throws IOException {
        Path file = testDir.resolve(FILE_NAME);
        try (OutputStream out = Files.newOutputStream(file)) {
            XMLStreamWriter xml = XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8");
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            xml.writeStartElement("testsuite");
            xml.writeAttribute("name", "maestro.study." + state.test());
            xml.writeAttribute("tests", Integer.toString(cells.size()));
            xml.writeAttribute(
                    "failures",
                    Long.toString(cells.stream()
                            .filter(c -> c.outcome().equals("failure"))
                            .count()));
            xml.writeAttribute(
                    "errors",
                    Long.toString(cells.stream()
                            .filter(c -> c.outcome().equals("unknown"))
                            .count()));
            xml.writeAttribute("skipped", "0");
            xml.writeCharacters("\n");
            for (CellResult cell : cells) {
                writeCase(xml, state, cell);
            }
            xml.writeEndElement();
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
        return file;
    }

    private static void writeCase(XMLStreamWriter xml, StudyState state, CellResult cell) throws XMLStreamException {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", "maestro.study." + state.test());
        xml.writeAttribute("name", cell.label());
        if (cell.outcome().equals("failure")) {
            xml.writeStartElement("failure");
            xml.writeAttribute(
                    "message",
                    cell.failed() + " of " + cell.finished() + " repeat(s) failed: "
                            + cell.runs().stream()
                                    .filter(r -> r.outcome().equals("failure"))
                                    .map(r -> "#" + r.iteration() + " " + r.reason())
                                    .collect(Collectors.joining("; ")));
            xml.writeAttribute("type", "maestro.CellFailure");
            xml.writeCharacters(headline(cell));
            xml.writeEndElement();
        } else if (cell.outcome().equals("unknown")) {
            xml.writeStartElement("error");
            xml.writeAttribute(
                    "message",
                    cell.finished() < state.repeats()
                            ? cell.finished() + " of " + state.repeats() + " repeat(s) finished"
                            : "a repeat has no verdict");
            xml.writeAttribute("type", "maestro.CellIncomplete");
            xml.writeCharacters(headline(cell));
            xml.writeEndElement();
        }
        xml.writeStartElement("system-out");
        xml.writeCharacters(headline(cell));
        xml.writeEndElement();
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }

    /** The cell's means and intervals in one line. */
    static String headline(CellResult cell) {
        StringBuilder line = new StringBuilder("repeats=" + cell.finished());
        for (String statistic : CellResult.STATISTICS) {
            Estimate estimate = cell.estimate(statistic);
            line.append(' ').append(statistic).append('=');
            if (estimate.mean() == null) {
                line.append("unknown");
                continue;
            }
            line.append(String.format(Locale.ROOT, "%.3f", estimate.mean()));
            if (estimate.low() != null) {
                line.append(String.format(Locale.ROOT, " [%.3f, %.3f]", estimate.low(), estimate.high()));
            }
        }
        return line.toString();
    }
}

package org.maestro.reporter.out;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.maestro.common.files.AtomicFiles;

/**
 * What a test's junit.xml and a study's study-junit.xml share of the JUnit/Surefire XML format. Every text is kept
 * legal XML without credentials ({@link LegalXmlText}).
 */
public final class JUnitFormat {

    /** Writes the test suite element of a document. */
    @FunctionalInterface
    public interface Suite {
        /** Writes the suite, from its start element to its end element. */
        void write(XMLStreamWriter xml) throws XMLStreamException;
    }

    private JUnitFormat() {}

    /**
     * Writes {@code file} as a UTF-8 XML document holding the suite, whole or not at all ({@link AtomicFiles}); a
     * failure to write names the file.
     */
    public static Path write(Path file, Suite suite) throws IOException {
        AtomicFiles.write(file, out -> writeDocument(file, out, suite));
        return file;
    }

    private static void writeDocument(Path file, OutputStream out, Suite suite) throws IOException {
        try {
            XMLStreamWriter xml =
                    LegalXmlText.wrap(XMLOutputFactory.newFactory().createXMLStreamWriter(out, "UTF-8"));
            xml.writeStartDocument("UTF-8", "1.0");
            xml.writeCharacters("\n");
            suite.write(xml);
            xml.writeCharacters("\n");
            xml.writeEndDocument();
            xml.close();
        } catch (XMLStreamException e) {
            throw new IOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** Starts the {@code testsuite} element with its name and counts; nothing is ever skipped. */
    public static void startSuite(XMLStreamWriter xml, String name, int tests, long failures, long errors)
            throws XMLStreamException {
        xml.writeStartElement("testsuite");
        xml.writeAttribute("name", name);
        xml.writeAttribute("tests", Integer.toString(tests));
        xml.writeAttribute("failures", Long.toString(failures));
        xml.writeAttribute("errors", Long.toString(errors));
        xml.writeAttribute("skipped", "0");
    }

    /** Starts a {@code testcase} element on a line of its own; {@link #endCase} ends it. */
    public static void startCase(XMLStreamWriter xml, String className, String name) throws XMLStreamException {
        xml.writeCharacters("  ");
        xml.writeStartElement("testcase");
        xml.writeAttribute("classname", className);
        xml.writeAttribute("name", name);
    }

    /** Writes a test case's {@code failure} or {@code error} element. */
    public static void problem(XMLStreamWriter xml, String element, String message, String type, String text)
            throws XMLStreamException {
        xml.writeStartElement(element);
        xml.writeAttribute("message", message);
        xml.writeAttribute("type", type);
        xml.writeCharacters(text);
        xml.writeEndElement();
    }

    /** Ends a test case with its {@code system-out}. */
    public static void endCase(XMLStreamWriter xml, String systemOut) throws XMLStreamException {
        xml.writeStartElement("system-out");
        xml.writeCharacters(systemOut);
        xml.writeEndElement();
        xml.writeEndElement();
        xml.writeCharacters("\n");
    }
}

package org.maestro.reporter.out;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringReader;
import java.io.StringWriter;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamWriter;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/** Text from peers and systems under test written into JUnit XML stays legal XML 1.0, without credentials. */
class LegalXmlTextTest {
    private static final String HOSTILE =
            "queue \u001b[31mred\u001b[0m\u0007\u0000 <b>&\"' \ud800 \uFFFE ok \ud83d\ude00" + " amqp://u:pw@h/q";

    @Test
    void aWrittenDocumentParsesAndKeepsTheTextButWhatXmlForbids() throws Exception {
        StringWriter out = new StringWriter();
        XMLStreamWriter xml = LegalXmlText.wrap(XMLOutputFactory.newFactory().createXMLStreamWriter(out));
        xml.writeStartDocument("UTF-8", "1.0");
        xml.writeStartElement("testcase");
        xml.writeAttribute("name", HOSTILE);
        xml.writeCharacters(HOSTILE.toCharArray(), 0, HOSTILE.length());
        xml.writeEndElement();
        xml.writeEndDocument();
        xml.close();

        Document document = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(new InputSource(new StringReader(out.toString())));
        String expected = "queue red <b>&\"'   ok \ud83d\ude00 amqp://u:***@h/q";
        assertEquals(expected, document.getDocumentElement().getAttribute("name"));
        assertEquals(expected, document.getDocumentElement().getTextContent());
        assertTrue(out.toString().contains("&lt;b&gt;"), out.toString());
    }
}

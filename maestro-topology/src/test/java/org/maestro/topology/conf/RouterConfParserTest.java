package org.maestro.topology.conf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading and writing the qdrouterd.conf section/attribute syntax. */
class RouterConfParserTest {

    private static String fixture() throws Exception {
        try (InputStream in = RouterConfParserTest.class.getResourceAsStream(
                "/fixtures/qpid-dispatch-1.19.0/qdrouterd-standalone.conf")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void readsTheConfigurationARealRouterRan() throws Exception {
        RouterConf conf = RouterConfParser.parse("qdrouterd-standalone.conf", fixture());
        assertEquals(
                List.of("router", "listener", "address", "address"),
                conf.sections().stream().map(ConfSection::name).toList());
        assertEquals("R1", conf.routerId().orElseThrow());
        ConfSection listener = conf.first("listener").orElseThrow();
        assertEquals(
                List.of("host", "port", "role", "authenticatePeer", "saslMechanisms"),
                List.copyOf(listener.attributes().keySet()));
        assertEquals("ANONYMOUS", listener.get("saslMechanisms", null));
        assertEquals("multicast", conf.sections("address").get(1).get("distribution", null));
        assertEquals(5, conf.first("listener").orElseThrow().line());
    }

    @Test
    void writtenTextReadsBackToTheSameSections() throws Exception {
        RouterConf original = RouterConfParser.parse("fixture", fixture());
        String text = RouterConfWriter.write(List.of("header line"), original);
        RouterConf again = RouterConfParser.parse("written", text);
        assertEquals(
                original.sections().stream().map(s -> s.name() + s.attributes()).toList(),
                again.sections().stream().map(s -> s.name() + s.attributes()).toList());
    }

    @Test
    void dropsCommentsAndKeepsValuesWithSpaces() throws Exception {
        RouterConf conf = RouterConfParser.parse("c", """
                # a comment
                listener {   # trailing comment
                    saslMechanisms: ANONYMOUS PLAIN
                    port: 5672 # port comment
                }
                """);
        assertEquals(
                Map.of("saslMechanisms", "ANONYMOUS PLAIN", "port", "5672"),
                conf.sections().get(0).attributes());
    }

    private static ConfSyntaxException syntaxError(String text) {
        return assertThrows(ConfSyntaxException.class, () -> RouterConfParser.parse("r.conf", text));
    }

    @Test
    void rejectsAnUnclosedSection() {
        ConfSyntaxException e = syntaxError("router {\n    id: R1\n");
        assertEquals("r.conf line 1: section 'router' is never closed; add '}'", e.getMessage());
    }

    @Test
    void rejectsAnAttributeOutsideASection() {
        ConfSyntaxException e = syntaxError("router {\n}\nport: 5672\n");
        assertEquals(
                "r.conf line 3: attribute 'port' is outside any section; put it inside a section such as "
                        + "'listener { ... }'",
                e.getMessage());
        assertEquals(3, e.line());
    }

    @Test
    void rejectsANestedSection() {
        ConfSyntaxException e = syntaxError("router {\nlistener {\n}\n}\n");
        assertEquals(
                "r.conf line 2: section 'listener' opens inside section 'router' (opened on line 1); "
                        + "close 'router' with '}' first",
                e.getMessage());
    }

    @Test
    void rejectsARepeatedAttribute() {
        ConfSyntaxException e = syntaxError("listener {\n port: 1\n port: 2\n}\n");
        assertEquals(
                "r.conf line 3: attribute 'port' appears twice in section 'listener' (opened on line 1); keep one",
                e.getMessage());
    }

    @Test
    void rejectsAStrayClosingBraceAndUnreadableLines() {
        assertEquals(
                "r.conf line 1: '}' closes no section; remove it",
                syntaxError("}\n").getMessage());
        assertEquals(
                "r.conf line 2: cannot read 'port 5672'; expected 'section {', 'attribute: value' or '}'",
                syntaxError("listener {\nport 5672\n}\n").getMessage());
    }

    @Test
    void theWriterRefusesAValueTheRouterWouldCutAtAHash() {
        Map<String, String> attributes = new LinkedHashMap<>();
        attributes.put("prefix", "a#b");
        IllegalArgumentException e = assertThrows(
                IllegalArgumentException.class,
                () -> RouterConfWriter.write(
                        List.of(), new RouterConf(List.of(ConfSection.of("address", attributes)))));
        assertEquals(
                "address.prefix: value 'a#b' contains '#', which qdrouterd reads as the start of a comment",
                e.getMessage());
    }
}

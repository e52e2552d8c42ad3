package org.maestro.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The parts of destination URLs that the drivers read through {@link DestinationUri}, and its refusals. */
class DestinationUriTest {
    private static final List<String> SCHEMES = List.of("demo", "demos");

    private static DestinationUri parse(String url) throws DriverException {
        return DestinationUri.parse(url, SCHEMES, "demo://host:1234/d", "is not a demo URL: write demo://host/d");
    }

    @Test
    void readsTheUserInformationPercentDecodedKeepingPlus() throws Exception {
        DestinationUri uri = parse("DEMOS://us%40er:p+a%3As@host:99/a%20b?x=1&password=secret");
        assertEquals("demos", uri.scheme());
        assertEquals("us@er", uri.user());
        assertEquals("p+a:s", uri.password());
        assertEquals("host", uri.host());
        assertEquals(99, uri.port(1));
        assertEquals("/a%20b", uri.rawPath());
        assertEquals("demos://***@host:99/a%20b?x=1&password=***", uri.shown().replace("DEMOS", "demos"));
        assertEquals("1", uri.options().text("x", null));
    }

    @Test
    void aUserWithoutPasswordAndNoUserAtAll() throws Exception {
        assertEquals("token", parse("demo://token@host/d").user());
        assertNull(parse("demo://token@host/d").password());
        assertNull(parse("demo://host/d").user());
        assertEquals(1234, parse("demo://host/d").port(1234));
    }

    @Test
    void refusesWhatIsNotOneOfItsUrlsSayingWhatToWrite() {
        assertEquals(
                "the URL amqp://***@host/d is not a demo URL: write demo://host/d",
                assertThrows(DriverException.class, () -> parse("amqp://u:p@host/d"))
                        .getMessage());
        assertEquals(
                "the URL demo:///d names no host: write e.g. demo://host:1234/d",
                assertThrows(DriverException.class, () -> parse("demo:///d")).getMessage());
        assertEquals(
                "'demo://host/a b' is not a valid URL: write e.g. demo://host:1234/d",
                assertThrows(DriverException.class, () -> parse("demo://host/a b"))
                        .getMessage());
        assertEquals(
                "the URL demo://host/d#x has a '#' (fragment): write # as %23",
                assertThrows(
                                DriverException.class,
                                () -> parse("demo://host/d#x").refuseFragment("write # as %23"))
                        .getMessage());
    }
}

package org.maestro.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The query options every driver's URL parser reads: values, checks, unknown options and redacted messages. */
class QueryOptionsTest {
    private static final String URL = "x://user:s3cret@h/q?mode=FAST&n=12&on=TRUE&name=a%20b&flag&jms.password=pw";

    @Test
    void readsValuesByNameDecodedAndTheRawOnesInOrder() throws Exception {
        QueryOptions options = QueryOptions.parse(URL, URL.substring(URL.indexOf('?') + 1));
        assertEquals("fast", options.choice("mode", List.of("slow", "fast"), "slow"));
        assertEquals(12, options.count("n", 100, 1));
        assertTrue(options.bool("on", false));
        assertEquals("a b", options.text("name", null));
        assertEquals("a%20b", options.raw().get("name"));
        assertEquals("", options.text("flag", null), "an option without '=' has an empty value");
        assertEquals(
                List.of("mode", "n", "on", "name", "flag", "jms.password"),
                List.copyOf(options.raw().keySet()));
        assertEquals(7, options.count("absent", 100, 7));
        assertFalse(options.bool("absent", false));
        assertEquals("slow", options.choice("absent", List.of("slow"), "slow"));
        assertEquals(Map.of(), QueryOptions.parse("x://h/q", null).raw());
        assertEquals("2", QueryOptions.parse("x://h/q?n=1&n=2", "n=1&n=2").text("n", null), "the last value wins");
    }

    @Test
    void refusesBadValuesNamingOptionValueUrlAndWhatIsExpectedWithoutThePassword() {
        QueryOptions options = QueryOptions.parse(URL, URL.substring(URL.indexOf('?') + 1));
        assertMessage(() -> options.bool("mode", false), "option mode=FAST in URL x://***@h/q?", "true or false");
        assertMessage(() -> options.count("n", 10, 1), "option n=12 in URL", "a number of messages from 1 to 10");
        assertMessage(() -> options.count("mode", 10, 1), "option mode=FAST", "from 1 to 10");
        assertMessage(() -> options.choice("on", List.of("a", "b"), "a"), "option on=TRUE", "expected a or b");
    }

    @Test
    void refusesTheFirstUnknownOptionListingTheKnownOnes() {
        QueryOptions options = QueryOptions.parse(URL, URL.substring(URL.indexOf('?') + 1));
        DriverException error =
                assertThrows(DriverException.class, () -> options.refuseUnknown(List.of("mode", "n", "on", "name")));
        assertEquals(
                "unknown option 'flag' in URL x://***@h/q?mode=FAST&n=12&on=TRUE&name=a%20b&flag&"
                        + "jms.password=***; known options: mode, n, on, name (see docs/drivers.md)",
                error.getMessage());
        DriverException passedOn = assertThrows(
                DriverException.class,
                () -> options.refuseUnknown(
                        List.of("mode", "n", "on", "name"), name -> name.startsWith("jms."), "and jms.* options"));
        assertTrue(
                passedOn.getMessage().contains("known options: mode, n, on, name, and jms.* options (see"),
                passedOn.getMessage());
        assertThrowsNothing(() -> options.refuseUnknown(
                List.of("mode", "n", "on", "name", "flag"), name -> name.startsWith("jms."), "and jms.* options"));
    }

    private interface Check {
        void run() throws DriverException;
    }

    private static void assertMessage(Check check, String what, String expected) {
        DriverException error = assertThrows(DriverException.class, check::run);
        assertTrue(error.getMessage().contains(what), error.getMessage());
        assertTrue(error.getMessage().contains(expected), error.getMessage());
        assertFalse(error.getMessage().contains("s3cret"), error.getMessage());
    }

    private static void assertThrowsNothing(Check check) {
        try {
            check.run();
        } catch (DriverException e) {
            throw new AssertionError("refused: " + e.getMessage(), e);
        }
    }
}

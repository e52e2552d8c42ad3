package org.maestro.driver.proton;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.driver.DriverException;

/** The Proton-J driver's URL syntax: defaults, options, the SASL PLAIN user and the messages for bad URLs. */
class ProtonUrlTest {

    @Test
    void readsDefaultsAndOptions() throws Exception {
        ProtonUrl plain = ProtonUrl.parse("proton://broker/test.queue");
        assertEquals(5672, plain.port());
        assertEquals("test.queue", plain.address());
        assertFalse(plain.topic());
        assertFalse(plain.durable());
        assertEquals(ProtonUrl.DEFAULT_CREDIT, plain.credit());
        assertNull(plain.user(), "no user: SASL ANONYMOUS");

        ProtonUrl all = ProtonUrl.parse("proton://h:5673//queue/a?type=TOPIC&durable=true&credit=500");
        assertEquals("/queue/a", all.address());
        assertTrue(all.topic());
        assertTrue(all.durable());
        assertEquals(500, all.credit());
    }

    @Test
    void takesAUserAndPasswordForSaslPlainAndNeverShowsThePassword() throws Exception {
        ProtonUrl url = ProtonUrl.parse("proton://maestro:s%40cret@h:5672/q");
        assertEquals("maestro", url.user());
        assertEquals("s@cret", url.password());
        assertEquals("proton://***@h:5672/q", url.toString());
    }

    @Test
    void refusesBadOptionsNamingThemAndWhatIsAccepted() {
        assertMessage(
                "proton://h/q?prefetch=5",
                "unknown option 'prefetch' in URL proton://h/q?prefetch=5; known "
                        + "options: type, durable, credit, subscription (see docs/drivers.md)");
        assertMessage(
                "proton://h/q?credit=0",
                "option credit=0 in URL proton://h/q?credit=0 is not valid: expected a "
                        + "number of messages from 1 to 999999");
        assertMessage(
                "proton://h/q?type=queues",
                "option type=queues in URL proton://h/q?type=queues is not valid: " + "expected queue or topic");
        assertMessage(
                "proton://u:s3cret@h/q?durable=maybe",
                "option durable=maybe in URL proton://***@h/q?" + "durable=maybe is not valid: expected true or false");
        assertMessage(
                "proton://h/",
                "the URL proton://h/ names no destination: add /<queue or topic name>, e.g. "
                        + "proton://host:5672/test.queue");
    }

    private static void assertMessage(String url, String expected) {
        DriverException error = assertThrows(DriverException.class, () -> new ProtonDriver().check(url));
        assertEquals(expected, error.getMessage());
    }
}

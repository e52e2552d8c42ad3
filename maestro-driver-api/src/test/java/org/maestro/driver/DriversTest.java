package org.maestro.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.maestro.base.time.MicroClock;

/** Finding a driver by URL scheme, and the refusal of a scheme no driver found on the class path takes. */
class DriversTest {

    @Test
    void findsTheDriversOfTheClassPathByTheirSchemes() throws Exception {
        assertEquals(1, Drivers.all().size(), "the test driver of META-INF/services, and only it");
        assertSame(Drivers.all().get(0), Drivers.forUrl("TESTING://h/q"));
        assertSame(Drivers.all().get(0), Drivers.forUrl("testing+tls://h/q"));
    }

    @Test
    void anUnknownSchemeListsTheSchemesOfTheDriversFoundWithTheirAdviceAndWithoutThePassword() {
        DriverException error = assertThrows(DriverException.class, () -> Drivers.forUrl("old://user:s3cret@h/q"));
        assertEquals(
                "no driver for URL scheme 'old' in old://***@h/q; supported schemes: testing, testing+tls; "
                        + "write testing:// instead of old://",
                error.getMessage());
        DriverException other = assertThrows(DriverException.class, () -> Drivers.forUrl("nosuch://h/q"));
        assertTrue(other.getMessage().endsWith("supported schemes: testing, testing+tls"), other.getMessage());
    }

    @Test
    void theListComesFromTheDriversGiven() {
        String message = Drivers.unknownScheme(
                        "x", "x://h", List.of(new TestingDriver(), new SchemesOnly("other", "b", "a")))
                .getMessage();
        assertTrue(message.contains("supported schemes: a, b, testing, testing+tls"), message);
        assertFalse(message.contains("write"), message);
    }

    /** A driver with two schemes that no other test uses, found through the test's service file. */
    public static final class TestingDriver extends SchemesOnly {
        public TestingDriver() {
            super("testing", "testing", "testing+tls");
        }

        @Override
        public String adviceForScheme(String scheme) {
            return scheme.equals("old") ? "write testing:// instead of old://" : null;
        }
    }

    /** A driver that only has schemes: it accepts every URL and connects nowhere. */
    private static class SchemesOnly implements Driver {
        private final String name;
        private final Set<String> schemes;

        SchemesOnly(String name, String... schemes) {
            this.name = name;
            this.schemes = Set.of(schemes);
        }

        @Override
        public Set<String> schemes() {
            return schemes;
        }

        @Override
        public void check(String url) {}

        @Override
        public DriverConnection connect(String url, MicroClock clock, Duration timeout) throws DriverException {
            throw new DriverException("the " + name + " driver does not connect");
        }
    }
}

package org.maestro.driver.nats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.maestro.driver.DriverException;
import org.maestro.driver.Drivers;

/** The NATS driver's URL syntax: defaults, options, credentials and the messages for bad URLs. */
class NatsUrlTest {

    @Test
    void readsDefaultsSubjectAndOptions() throws Exception {
        NatsUrl plain = NatsUrl.parse("nats://server/maestro.test");
        assertEquals("nats://server:4222", plain.serverUrl());
        assertEquals("maestro.test", plain.subject());
        assertFalse(plain.jetStream());
        assertNull(plain.queue());
        assertNull(plain.user());
        assertFalse(plain.wildcard());

        NatsUrl all = NatsUrl.parse("nats+tls://h:9999/a.b?jetstream=true&stream=S_1&create=true&storage=memory"
                + "&durable=d-1&deliver=all&queue=workers&inflight=10");
        assertEquals("tls://h:9999", all.serverUrl(), "nats+tls:// is jnats's tls://");
        assertTrue(all.tls());
        assertTrue(all.jetStream());
        assertEquals("S_1", all.stream());
        assertTrue(all.create());
        assertTrue(all.memory());
        assertEquals("d-1", all.durable());
        assertTrue(all.deliverAll());
        assertEquals("workers", all.queue());
        assertEquals(10, all.inflight());
        assertTrue(NatsUrl.parse("nats://h/a.*").wildcard());
        assertTrue(NatsUrl.parse("nats://h/a.%3E").wildcard());
    }

    @Test
    void takesCredentialsOrATokenFromTheUrlAndNeverShowsThem() throws Exception {
        NatsUrl url = NatsUrl.parse("nats://maestro:s%40cret@h:4222/t");
        assertEquals("maestro", url.user());
        assertEquals("s@cret", url.password());
        assertFalse(url.toString().contains("cret"), url.toString());
        NatsUrl token = NatsUrl.parse("nats://t0ken@h:4222/t");
        assertEquals("t0ken", token.token());
        assertNull(token.user());
        assertFalse(token.toString().contains("t0ken"), token.toString());
        DriverException error = assertThrows(
                DriverException.class, () -> NatsUrl.parse("nats://maestro:s3cret@h:4222/t?jetstream=maybe"));
        assertFalse(error.getMessage().contains("s3cret"), error.getMessage());
        assertTrue(
                error.getMessage().contains("jetstream=maybe")
                        && error.getMessage().contains("true or false"),
                error.getMessage());
    }

    @Test
    void refusesWhatItCannotDoWithTheFix() {
        assertMessage(
                "nats://h:4222/t?prefetch=1",
                "unknown option 'prefetch'",
                "queue, jetstream, stream, create, storage, durable, deliver, inflight");
        assertMessage("nats://h:4222/", "names no subject", "nats://host:4222/maestro.test");
        assertMessage("nats://h:4222/a..b", "not a valid NATS subject", "tokens separated by dots");
        assertMessage("nats://h:4222/t?jetstream=true", "names no stream", "stream=<name>");
        assertMessage("nats://h:4222/t?stream=S", "without jetstream=true", "add jetstream=true");
        assertMessage("nats://h:4222/t?jetstream=true&stream=a.b", "stream=a.b", "letters, digits");
        assertMessage("nats://h:4222/t?jetstream=true&stream=S&inflight=0", "inflight=0", "from 1 to 100000");
        assertMessage("http://h/t", "not a NATS URL", "nats://host:4222/subject");
    }

    @Test
    void isFoundByItsSchemes() throws Exception {
        assertTrue(Drivers.forUrl("nats://h/t") instanceof NatsDriver);
        assertTrue(Drivers.forUrl("NATS+TLS://h/t") instanceof NatsDriver);
    }

    @Test
    void refusesTheGenericTlsSchemePointingToNatsTls() {
        DriverException lookup = assertThrows(DriverException.class, () -> Drivers.forUrl("tls://u:s3cret@h:4222/t"));
        assertTrue(lookup.getMessage().contains("no driver for URL scheme 'tls'"), lookup.getMessage());
        assertTrue(lookup.getMessage().contains("nats+tls://host:4222/subject"), lookup.getMessage());
        assertFalse(lookup.getMessage().contains("s3cret"), lookup.getMessage());
        assertMessage("tls://h:4222/t", "tls:// is not taken by any driver", "nats+tls://host:4222/subject");
    }

    private static void assertMessage(String url, String what, String fix) {
        DriverException error = assertThrows(DriverException.class, () -> new NatsDriver().check(url));
        assertTrue(error.getMessage().contains(what), error.getMessage());
        assertTrue(error.getMessage().contains(fix), error.getMessage());
    }
}

package org.maestro.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The rule for tests that need a server: run when it is there, skip without it, fail under CI with the hint. */
class RequiredServerTest {

    @Test
    void runsWhenTheServerIsThereEvenUnderCi() {
        RequiredServer.require(true, "no server", "start one", "true");
        RequiredServer.require(true, "no server", "start one", null);
    }

    @Test
    void skipsWithoutTheServerOutsideCi() {
        TestAbortedException skipped = assertThrows(
                TestAbortedException.class, () -> RequiredServer.require(false, "no server", "start one", null));
        assertEquals("no server: start one", skipped.getMessage());
        assertThrows(TestAbortedException.class, () -> RequiredServer.require(false, "no server", "start one", ""));
    }

    @Test
    void failsWithoutTheServerUnderCiAndSaysHowToGetIt() {
        AssertionFailedError error = assertThrows(
                AssertionFailedError.class,
                () -> RequiredServer.require(false, "no server", "apt-get install it", "true"));
        assertTrue(error.getMessage().startsWith("no server: apt-get install it"), error.getMessage());
    }

    @Test
    void tellsAListeningPortFromAClosedOne() throws Exception {
        try (ServerSocket open = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            assertTrue(RequiredServer.listening(open.getLocalPort()));
        }
        assertFalse(RequiredServer.listening(FreePorts.next()));
    }
}

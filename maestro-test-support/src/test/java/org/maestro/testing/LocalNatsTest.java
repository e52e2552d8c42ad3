package org.maestro.testing;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;
import org.maestro.base.net.FreePorts;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** The rule for tests that need the machine's NATS server: run when it listens, skip without it, fail in CI. */
class LocalNatsTest {

    @Test
    void runsWhenSomethingListens() throws Exception {
        try (ServerSocket open = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            LocalNats.assumeListening(open.getLocalPort(), "true");
        }
    }

    @Test
    void skipsWithoutAServerOutsideCi() throws Exception {
        int closed = closedPort();
        assertThrows(TestAbortedException.class, () -> LocalNats.assumeListening(closed, null));
        assertThrows(TestAbortedException.class, () -> LocalNats.assumeListening(closed, ""));
    }

    @Test
    void failsWithoutAServerInCiAndSaysHowToStartOne() throws Exception {
        int closed = closedPort();
        AssertionFailedError error =
                assertThrows(AssertionFailedError.class, () -> LocalNats.assumeListening(closed, "true"));
        assertTrue(error.getMessage().contains("nats-server -js -a 127.0.0.1 -p " + closed), error.getMessage());
    }

    private static int closedPort() {
        return FreePorts.next();
    }
}

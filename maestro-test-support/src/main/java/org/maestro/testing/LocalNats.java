package org.maestro.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * The NATS server with JetStream that the machine runs on 127.0.0.1:4222, for tests: a test calls
 * {@link #assumeRunning()} first, which skips it when nothing listens there, unless the {@code CI} environment
 * variable is set, where it fails instead (CI must run these tests).
 */
public final class LocalNats {
    /** The server's URL without a subject. */
    public static final String URL = "nats://127.0.0.1:4222";

    private LocalNats() {}

    /** Skips the calling test when no NATS server listens on 127.0.0.1:4222, or fails it when {@code CI} is set. */
    public static void assumeRunning() {
        assumeListening(4222, System.getenv("CI"));
    }

    /** Returns when something listens on the loopback port; skips the test, or fails it when {@code ci} is set. */
    static void assumeListening(int port, String ci) {
        if (listening(port)) {
            return;
        }
        if (ci != null && !ci.isEmpty()) {
            fail("no NATS server listens on 127.0.0.1:" + port + " and CI is set: start one with JetStream "
                    + "(nats-server -js -a 127.0.0.1 -p " + port + ") before the tests");
        }
        assumeTrue(false, "no NATS server on 127.0.0.1:" + port + " (start nats-server -js to run this test)");
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}

package org.maestro.testing;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The one rule for a test that needs a server or a tool of the machine: it runs when the server is there, is skipped
 * without it, and fails with the install hint when the {@code CI} environment variable is set (CI must run it).
 */
public final class RequiredServer {
    private RequiredServer() {}

    /**
     * Returns when {@code present}; otherwise skips the calling test, or fails it under CI, saying what is missing
     * and how to get it.
     */
    public static void require(boolean present, String missing, String howToGetIt) {
        require(present, missing, howToGetIt, System.getenv("CI"));
    }

    /** Skips the calling test, or fails it under CI, saying what is missing and how to get it; never returns. */
    public static RuntimeException missing(String missing, String howToGetIt) {
        require(false, missing, howToGetIt);
        throw new IllegalStateException("unreachable: require(false, ...) always throws");
    }

    /** True when something accepts TCP connections on the loopback port within half a second. */
    public static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    static void require(boolean present, String missing, String howToGetIt, String ci) {
        if (present) {
            return;
        }
        String why = missing + ": " + howToGetIt;
        if (underCi(ci)) {
            Assertions.fail(why + " (CI is set, so the tests that need it must run)");
        }
        Assumptions.abort(why);
    }

    private static boolean underCi(String ci) {
        return ci != null && !ci.isEmpty();
    }
}

package org.maestro.driver.mqtt;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.UUID;

/**
 * The machine's own MQTT broker on 127.0.0.1:1883 (Mosquitto 2.0): tests skip when none listens there, and fail
 * when the {@code CI} environment variable is set, since CI machines run one.
 */
final class LocalMosquitto {
    static final String HOST = "127.0.0.1";
    static final int PORT = 1883;

    private LocalMosquitto() {}

    /** Skips the calling test when no broker listens (fails it under CI). */
    static void require() {
        if (listening(HOST, PORT)) {
            return;
        }
        String why = "nothing listens on " + HOST + ":" + PORT + ": start Mosquitto there";
        if (System.getenv("CI") != null) {
            fail(why + "; CI is set, so the tests against it must run");
        }
        assumeTrue(false, why);
    }

    /** True when something accepts TCP connections on the port. */
    static boolean listening(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /** A URL of a topic no other test uses, with the given query (starting with {@code ?}, or empty). */
    static String url(String query) {
        return "mqtt://" + HOST + ":" + PORT + "/maestro/test/" + UUID.randomUUID() + query;
    }
}

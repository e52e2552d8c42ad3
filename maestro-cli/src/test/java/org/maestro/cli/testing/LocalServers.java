package org.maestro.cli.testing;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** The machine's own servers (RabbitMQ, Mosquitto, NATS) that tests use on their standard ports. */
public final class LocalServers {
    private LocalServers() {}

    /** Skips the calling test when nothing listens on the port, and fails it under CI, which runs every server. */
    public static void require(String system, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
        } catch (IOException e) {
            String why = "no " + system + " listens on 127.0.0.1:" + port;
            if (System.getenv("CI") != null) {
                fail(why + "; CI runs one");
            }
            assumeTrue(false, why);
        }
    }
}
